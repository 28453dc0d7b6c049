package io.github.mongodbtiered.compare;

/**
 * A ratio NEW / BASE with its 95% interval, and how the interval was found.
 *
 * @param ratio the point estimate (for repeats, the ratio of the sides' geometric means)
 * @param low the interval's lower end
 * @param high its upper end
 * @param basis what the interval rests on
 */
public record RatioInterval(double ratio, double low, double high, Basis basis) {
  /** What an interval rests on. */
  public enum Basis {
    /** Welch's t on the logs of each side's per-repeat values: the variation between runs. */
    REPEATS("repeats"),
    /**
     * A side has one run: the runs' own intervals (how each run varied within itself) combined and
     * widened by the single-run allowance, since one run says nothing of how the next lands.
     */
    SINGLE_RUN("single run");

    private final String id;

    Basis(String id) {
      this.id = id;
    }

    public String id() {
      return id;
    }
  }

  /**
   * "0.870 [0.780-0.960]"; "1.250 [unbounded]" when a side's own interval reached zero, so the
   * ratio's interval runs from 0 to infinity.
   */
  public String text() {
    if (Double.isInfinite(high)) {
      return String.format(java.util.Locale.ROOT, "%.3f [unbounded]", ratio);
    }
    return String.format(java.util.Locale.ROOT, "%.3f [%.3f-%.3f]", ratio, low, high);
  }

  public boolean contains(double value) {
    return low <= value && value <= high;
  }
}
