package io.github.mongodbtiered.variation;

/** Student's t distribution: the quantile a two-sided 95% confidence interval needs. */
public final class StudentT {
  /**
   * t(0.975, df) for df 1..30, from the standard table (to 3 decimals, as printed in every
   * statistics text): few repeats or batches are the common case, where approximations are worst.
   */
  private static final double[] TABLE = {
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
    2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
    2.052, 2.048, 2.045, 2.042
  };

  /** The standard normal's 0.975 quantile. */
  private static final double Z975 = 1.959963984540054;

  private StudentT() {}

  /**
   * The 0.975 quantile of Student's t with {@code df} degrees of freedom: the table up to 30, above
   * it the Cornish-Fisher expansion around the normal quantile (Abramowitz and Stegun 26.7.5, four
   * terms), which is within 0.0005 of the exact value there.
   */
  public static double quantile975(int df) {
    if (df < 1) {
      throw new IllegalArgumentException("degrees of freedom must be 1 or more, not " + df);
    }
    if (df <= TABLE.length) {
      return TABLE[df - 1];
    }
    double z = Z975;
    double z3 = z * z * z;
    double z5 = z3 * z * z;
    double z7 = z5 * z * z;
    double z9 = z7 * z * z;
    double v = df;
    double g1 = (z3 + z) / 4;
    double g2 = (5 * z5 + 16 * z3 + 3 * z) / 96;
    double g3 = (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / 384;
    double g4 = (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / 92160;
    return z + g1 / v + g2 / (v * v) + g3 / (v * v * v) + g4 / (v * v * v * v);
  }
}
