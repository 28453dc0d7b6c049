package io.github.mongodbtiered.metrics;

/** Which command gave a cell's sizes, most complete first; a cell records the one that answered. */
public enum SizesSource {
  /**
   * The {@code $collStats: {storageStats: {}}} aggregation stage: the supported way since {@code
   * collStats} was deprecated (MongoDB 6.2); one document per shard through a router.
   */
  COLL_STATS_STAGE("$collStats storageStats"),
  /** The {@code collStats} command, deprecated since 6.2: the same figures at the top level. */
  COLL_STATS("collStats"),
  /** The {@code dbStats} command: the whole database, and no file statistics (no live bytes). */
  DB_STATS("dbStats");

  private final String label;

  SizesSource(String label) {
    this.label = label;
  }

  /** The command as a note names it. */
  public String label() {
    return label;
  }
}
