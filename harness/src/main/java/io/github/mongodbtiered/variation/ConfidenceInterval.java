package io.github.mongodbtiered.variation;

import java.util.List;

/**
 * A two-sided 95% confidence interval for the mean of independent samples (repeats' means, or a
 * run's batch means), Student-t with samples - 1 degrees of freedom.
 *
 * @param mean the samples' mean
 * @param low the interval's lower end
 * @param high its upper end
 * @param sdev the samples' standard deviation (n - 1 in the denominator)
 * @param samples how many samples
 */
public record ConfidenceInterval(double mean, double low, double high, double sdev, int samples) {
  /**
   * @throws IllegalArgumentException with fewer than two samples, which say nothing of the spread
   */
  public static ConfidenceInterval of95(List<Double> samples) {
    int n = samples.size();
    if (n < 2) {
      throw new IllegalArgumentException("a confidence interval needs 2 samples or more, not " + n);
    }
    double mean = samples.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
    double squares = samples.stream().mapToDouble(x -> (x - mean) * (x - mean)).sum();
    double sdev = Math.sqrt(squares / (n - 1));
    double half = StudentT.quantile975(n - 1) * sdev / Math.sqrt(n);
    return new ConfidenceInterval(mean, mean - half, mean + half, sdev, n);
  }

  /** Coefficient of variation of the samples, in percent of their mean; 0 for a mean of 0. */
  public double cvPct() {
    return mean == 0 ? 0 : 100 * sdev / Math.abs(mean);
  }
}
