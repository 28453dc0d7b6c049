package io.github.mongodbtiered.compare;

/**
 * A ratio NEW / BASE with its 95% interval, and how the interval was found.
 *
 * @param ratio the point estimate (for repeats, the ratio of the sides' geometric means)
 * @param low the interval's lower end
 * @param high its upper end
 * @param basis what the interval rests on
 * @param logStandardError the standard error of the log ratio the interval was drawn from; NaN
 *     where the interval rests on no sampled spread (a single run)
 * @param degreesOfFreedom the t distribution's degrees of freedom behind the interval (infinite for
 *     the normal's); NaN with {@code logStandardError}
 */
public record RatioInterval(
    double ratio,
    double low,
    double high,
    Basis basis,
    double logStandardError,
    double degreesOfFreedom) {
  /** An interval that rests on no sampled spread: its minimum detectable effect is unknown. */
  public RatioInterval(double ratio, double low, double high, Basis basis) {
    this(ratio, low, high, basis, Double.NaN, Double.NaN);
  }

  /** What an interval rests on. */
  public enum Basis {
    /** Welch's t on the logs of each side's per-repeat values: the variation between runs. */
    REPEATS("repeats"),
    /**
     * Student's t on the log ratios of runs paired by round (variants of one sweep): the spread
     * between the rounds' ratios, which leaves out what the rounds shared.
     */
    PAIRED("paired rounds"),
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

  /**
   * The same ratio with its interval at another two-sided confidence {@code level} (0.99 for 99%),
   * from the same standard error and degrees of freedom; itself where the interval rests on no
   * sampled spread.
   */
  public RatioInterval atLevel(double level) {
    if (!(level > 0 && level < 1)) {
      throw new IllegalArgumentException("a confidence level is above 0 and below 1, not " + level);
    }
    if (Double.isNaN(logStandardError) || Double.isNaN(degreesOfFreedom)) {
      return this;
    }
    double half = LogRatios.quantile((1 + level) / 2, degreesOfFreedom) * logStandardError;
    double log = Math.log(ratio);
    return new RatioInterval(
        ratio,
        Math.exp(log - half),
        Math.exp(log + half),
        basis,
        logStandardError,
        degreesOfFreedom);
  }

  /**
   * The smallest change (a fraction: 0.05 for 5%, either way) that the verdict against {@code band}
   * would call a change with 80% power at this spread and these degrees of freedom, the interval
   * being 95%: {@code exp(log(1 + band) + (t(0.975) + t(0.80)) · se) − 1}. NaN where the interval
   * rests on no sampled spread.
   */
  public double minimumDetectable(double band) {
    if (Double.isNaN(logStandardError) || Double.isNaN(degreesOfFreedom)) {
      return Double.NaN;
    }
    double z =
        LogRatios.quantile(0.975, degreesOfFreedom) + LogRatios.quantile(0.80, degreesOfFreedom);
    return Math.expm1(Math.log1p(band) + z * logStandardError);
  }
}
