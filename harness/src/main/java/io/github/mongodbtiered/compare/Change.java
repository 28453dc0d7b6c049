package io.github.mongodbtiered.compare;

/**
 * What a ratio's 95% interval says against the band (e.g. ±5%): a change only when the whole
 * interval lies beyond the band, equivalence only when the whole interval lies inside it (an
 * equivalence test: "no difference found" is not "equivalent"), otherwise unsure.
 */
public enum Change {
  /** The whole interval above 1 + band. */
  HIGHER,
  /** The whole interval below 1 - band. */
  LOWER,
  /** The whole interval within 1 ± band. */
  EQUIVALENT,
  /** The interval straddles an edge of the band: too wide to tell, or a change within the band. */
  UNSURE;

  /**
   * @param band the fraction either side of 1 that counts as no change (0.05 for ±5%)
   */
  public static Change of(RatioInterval r, double band) {
    if (r.low() > 1 + band) {
      return HIGHER;
    }
    if (r.high() < 1 - band) {
      return LOWER;
    }
    if (r.low() >= 1 - band && r.high() <= 1 + band) {
      return EQUIVALENT;
    }
    return UNSURE;
  }

  /** The word for throughput: faster, slower, equivalent, unsure. */
  public String throughputWord() {
    return switch (this) {
      case HIGHER -> "faster";
      case LOWER -> "slower";
      case EQUIVALENT -> "equivalent";
      case UNSURE -> "unsure";
    };
  }

  /** The word for a latency: p99 higher, p99 lower, equivalent, unsure. */
  public String latencyWord() {
    return switch (this) {
      case HIGHER -> "higher";
      case LOWER -> "lower";
      case EQUIVALENT -> "equivalent";
      case UNSURE -> "unsure";
    };
  }
}
