package io.github.mongodbtiered.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;

/**
 * Where a cell's working set lives, as in the study's table; {@code metrics.TierClassifier} holds
 * the rules.
 */
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

  /** For CSV, JSON and file names: "wt-cache", "fs-cache", "slightly-over", "far-over". */
  @JsonValue
  public String id() {
    return id;
  }

  /** For people: "in WiredTiger cache", ... */
  public String label() {
    return label;
  }

  /** The id of {@code tier}, or "" for null (not known). */
  public static String idOf(Tier tier) {
    return tier == null ? "" : tier.id;
  }

  /** The tier of {@code id}, or null for null or empty (not known). */
  @JsonCreator
  public static Tier fromId(String id) {
    return Ids.find(values(), Tier::id, id, "tier");
  }
}
