package io.github.mongodbtiered.metrics;

/**
 * Which of WiredTiger's statistics gave the pages application threads evicted: the name changed
 * under MongoDB 8.0.16 and 8.1, and a cell records which one answered.
 */
public enum AppEvictionSource {
  /** {@code cache["pages evicted by application threads"]}: MongoDB 6.0 to 8.0.15. */
  PAGES_EVICTED("\"pages evicted by application threads\""),
  /**
   * {@code cache["page evict attempts by application threads"]} less {@code cache["page evict
   * failures by application threads"]}: MongoDB 8.0.16+ and 8.1+, where the first name is gone.
   */
  ATTEMPTS_LESS_FAILURES(
      "\"page evict attempts by application threads\" - \"page evict failures by application"
          + " threads\"");

  private final String statistics;

  AppEvictionSource(String statistics) {
    this.statistics = statistics;
  }

  /** The statistic names, as a note quotes them. */
  public String statistics() {
    return statistics;
  }
}
