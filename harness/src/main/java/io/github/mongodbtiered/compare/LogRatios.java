package io.github.mongodbtiered.compare;

import java.util.List;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.distribution.TDistribution;

/**
 * Intervals for a ratio NEW / BASE, worked on the log scale: throughput and latency vary by
 * factors, a log difference is a log ratio, and an interval exponentiated never goes below zero.
 */
public final class LogRatios {
  private LogRatios() {}

  /**
   * Welch's t interval for the difference of the sides' mean logs, exponentiated: the ratio of the
   * geometric means with a 95% interval that does not assume the two sides vary alike (an upgrade
   * can make runs steadier or noisier).
   *
   * @param base each BASE repeat's value (two or more, all above zero)
   * @param next each NEW repeat's value (two or more, all above zero)
   */
  public static RatioInterval welch(List<Double> base, List<Double> next) {
    return welch(base, next, 0);
  }

  /**
   * As {@link #welch(List, List)}, with each side's mean log also varying from sweep to sweep by a
   * known standard deviation {@code betweenSweeps} (log scale) that its repeats cannot show: the
   * random-effects variance of a side's mean is {@code s²/n + betweenSweeps²}. The known part has
   * no sampling error, so it enters the Welch-Satterthwaite degrees of freedom as infinite (it
   * narrows t towards the normal's 1.96); with {@code betweenSweeps} 0 this is Welch's interval.
   */
  public static RatioInterval welch(List<Double> base, List<Double> next, double betweenSweeps) {
    Moments b = Moments.ofLogs(base);
    Moments n = Moments.ofLogs(next);
    double vb = b.variance() / b.count();
    double vn = n.variance() / n.count();
    double known = 2 * betweenSweeps * betweenSweeps;
    double diff = n.mean() - b.mean();
    double se = Math.sqrt(vb + vn + known);
    if (se == 0) {
      // Every run alike on both sides (a capped rate can do it): nothing to widen by.
      double r = Math.exp(diff);
      return new RatioInterval(r, r, r, RatioInterval.Basis.REPEATS, 0, Double.POSITIVE_INFINITY);
    }
    // Welch-Satterthwaite degrees of freedom; the known part adds none of the sampling error.
    double sampled = vb * vb / (b.count() - 1) + vn * vn / (n.count() - 1);
    double df = sampled == 0 ? Double.POSITIVE_INFINITY : se * se * se * se / sampled;
    double t = quantile975(df);
    return new RatioInterval(
        Math.exp(diff),
        Math.exp(diff - t * se),
        Math.exp(diff + t * se),
        RatioInterval.Basis.REPEATS,
        se,
        df);
  }

  /**
   * The ratio of runs paired by round (variants of one sweep): Student's t on the per-round log
   * ratios {@code log(next[i] / base[i])}, exponentiated. What the two runs of a round shared (the
   * host's state, the data set's age) cancels in each ratio, so the interval rests on how the
   * rounds' ratios varied, not on how the runs did.
   *
   * @param base each round's BASE value (two or more, all above zero)
   * @param next the same rounds' NEW values, in the same order
   */
  public static RatioInterval paired(List<Double> base, List<Double> next) {
    if (base.size() != next.size()) {
      throw new IllegalArgumentException(
          "paired runs: " + base.size() + " BASE runs against " + next.size() + " NEW");
    }
    java.util.ArrayList<Double> ratios = new java.util.ArrayList<>();
    for (int i = 0; i < base.size(); i++) {
      if (!(base.get(i) > 0) || !(next.get(i) > 0)) {
        throw new IllegalArgumentException("a ratio's runs must be above zero");
      }
      ratios.add(next.get(i) / base.get(i));
    }
    Moments d = Moments.ofLogs(ratios);
    double se = Math.sqrt(d.variance() / d.count());
    double df = d.count() - 1;
    double t = quantile975(df);
    return new RatioInterval(
        Math.exp(d.mean()),
        Math.exp(d.mean() - t * se),
        Math.exp(d.mean() + t * se),
        RatioInterval.Basis.PAIRED,
        se,
        df);
  }

  /**
   * Where a side has one run: the point ratio, the sides' own 95% intervals combined on the log
   * scale (half-widths in quadrature), then widened by {@code allowance} each way (0.25: divided
   * and multiplied by 1.25), the variation between cold starts one run cannot show.
   */
  public static RatioInterval singleRun(Estimate base, Estimate next, double allowance) {
    double diff = Math.log(next.value()) - Math.log(base.value());
    double half = Math.hypot(base.logHalfWidth(), next.logHalfWidth()) + Math.log1p(allowance);
    return new RatioInterval(
        Math.exp(diff),
        Math.exp(diff - half),
        Math.exp(diff + half),
        RatioInterval.Basis.SINGLE_RUN);
  }

  /**
   * One side's figure and, when known, the 95% interval its run gave it.
   *
   * @param value above zero
   * @param low95 the interval's lower end, or null when not known
   * @param high95 its upper end, or null
   */
  public record Estimate(double value, Double low95, Double high95) {
    public static Estimate of(double value) {
      return new Estimate(value, null, null);
    }

    /**
     * Half the interval's width on the log scale: 0 when it is not known; unbounded when it reaches
     * zero or below (a Student-t interval over few, far-apart means can), since such an interval
     * does not bound the ratio.
     */
    double logHalfWidth() {
      if (low95 == null || high95 == null || high95 < low95) {
        return 0;
      }
      if (!(low95 > 0)) {
        return Double.POSITIVE_INFINITY;
      }
      return (Math.log(high95) - Math.log(low95)) / 2;
    }
  }

  /**
   * The 0.975 quantile of Student's t with {@code df} degrees of freedom (fractional, as
   * Welch-Satterthwaite gives them); the normal's for infinite df (no sampled variance at all).
   */
  static double quantile975(double df) {
    return quantile(0.975, df);
  }

  /** The {@code p} quantile of Student's t with {@code df} degrees of freedom; normal's at ∞. */
  static double quantile(double p, double df) {
    return Double.isInfinite(df)
        ? new NormalDistribution(null, 0, 1).inverseCumulativeProbability(p)
        : new TDistribution(null, df).inverseCumulativeProbability(p);
  }

  /** Count, mean and sample variance of the logs of values above zero. */
  record Moments(int count, double mean, double variance) {
    static Moments ofLogs(List<Double> values) {
      if (values.size() < 2) {
        throw new IllegalArgumentException("an interval needs two or more runs a side");
      }
      double sum = 0;
      for (double v : values) {
        if (!(v > 0)) {
          throw new IllegalArgumentException("a ratio's runs must be above zero, not " + v);
        }
        sum += Math.log(v);
      }
      double mean = sum / values.size();
      double squares = 0;
      for (double v : values) {
        squares += (Math.log(v) - mean) * (Math.log(v) - mean);
      }
      return new Moments(values.size(), mean, squares / (values.size() - 1));
    }
  }
}
