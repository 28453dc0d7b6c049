package io.github.mongodbtiered.metrics;

/** Where a cell's working set lives, as in the study's table; see {@link TierClassifier}. */
public enum Tier {
  WT_CACHE("wt-cache", "in WiredTiger cache"),
  FS_CACHE("fs-cache", "in filesystem cache"),
  SLIGHTLY_OVER("slightly-over", "slightly over both caches"),
  FAR_OVER("far-over", "far over both caches");

  private final String id;
  private final String label;

  Tier(String id, String label) {
    this.id = id;
    this.label = label;
  }

  /** For CSV and file names: "wt-cache", "fs-cache", "slightly-over", "far-over". */
  public String id() {
    return id;
  }

  /** For people: "in WiredTiger cache", ... */
  public String label() {
    return label;
  }
}
