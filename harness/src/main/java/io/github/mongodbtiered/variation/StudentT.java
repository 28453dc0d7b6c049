package io.github.mongodbtiered.variation;

import org.apache.commons.math3.distribution.TDistribution;

/** Student's t distribution: the quantile a two-sided 95% confidence interval needs. */
public final class StudentT {
  private StudentT() {}

  /** The exact 0.975 quantile of Student's t with {@code df} degrees of freedom (commons-math3). */
  public static double quantile975(int df) {
    if (df < 1) {
      throw new IllegalArgumentException("degrees of freedom must be 1 or more, not " + df);
    }
    // No random generator: only the quantile is asked for.
    return new TDistribution(null, df).inverseCumulativeProbability(0.975);
  }
}
