package io.github.mongodbtiered.variation;

import io.github.mongodbtiered.intervals.Interval;
import java.util.List;
import java.util.Locale;

/**
 * Whether a measured run's throughput still trended, checked on the run itself: the least-squares
 * line through its {@link BatchMeans} in order, its change from the first batch to the last as a
 * share of the mean, and the t statistic of its slope (n - 2 degrees of freedom; batch means are
 * the near-independent samples the confidence interval already rests on).
 *
 * <p>A warm-up can look steady and not be: with the stand-in in a container, the server's own JIT
 * compiler kept working through a 2M-record cell's warm-up and its run's first 10 s, and the run
 * climbed from 9,700 to 13,600 ops/s. The run {@link #drifting() drifts} when the slope is
 * significant at 95% and the change is above {@link #DRIFT_PCT}: both, so that a long quiet run's
 * tiny but significant slope and a short noisy run's large but insignificant one pass.
 *
 * @param pct the fitted change from the first batch to the last, in percent of the mean (positive
 *     when throughput rose)
 * @param t the slope's t statistic (infinite when the batch means lie exactly on the line)
 * @param batches how many batch means the line went through
 * @param firstOpsPerSec the fitted throughput at the first batch
 * @param lastOpsPerSec the fitted throughput at the last batch
 */
public record Drift(
    double pct, double t, int batches, double firstOpsPerSec, double lastOpsPerSec) {
  /** A significant trend smaller than this, in percent of the mean, is not called a drift. */
  public static final double DRIFT_PCT = 10.0;

  /** A line needs at least this many batch means (two degrees of freedom left). */
  public static final int MIN_BATCHES = 4;

  /** The drift of a run from its per-second intervals, or null when it has too few batches. */
  public static Drift ofRun(List<Interval> intervals) {
    List<BatchMeans.Batch> batches = BatchMeans.of(intervals);
    return of(batches.stream().map(BatchMeans.Batch::opsPerSec).toList());
  }

  /** The drift through these means in time order, or null when there are too few. */
  public static Drift of(List<Double> means) {
    int n = means.size();
    if (n < MIN_BATCHES) {
      return null;
    }
    double xMean = (n - 1) / 2.0;
    double yMean = means.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    if (yMean <= 0) {
      return null;
    }
    double sxx = 0;
    double sxy = 0;
    for (int i = 0; i < n; i++) {
      sxx += (i - xMean) * (i - xMean);
      sxy += (i - xMean) * (means.get(i) - yMean);
    }
    double slope = sxy / sxx;
    double residuals = 0;
    for (int i = 0; i < n; i++) {
      double r = means.get(i) - (yMean + slope * (i - xMean));
      residuals += r * r;
    }
    double slopeError = Math.sqrt(residuals / (n - 2) / sxx);
    double t = slopeError > 0 ? slope / slopeError : slope == 0 ? 0 : Math.copySign(1 / 0.0, slope);
    double first = yMean - slope * xMean;
    double last = yMean + slope * xMean;
    return new Drift(100 * (last - first) / yMean, t, n, first, last);
  }

  /**
   * The same line carried on over {@code factor} times its span: the change it makes by then, with
   * the same significance. A warm-up's last 30 s that rose 9% would make a 60 s run rise 18%.
   */
  public Drift extrapolated(double factor) {
    double mean = (firstOpsPerSec + lastOpsPerSec) / 2;
    double change = (lastOpsPerSec - firstOpsPerSec) * factor;
    return new Drift(pct * factor, t, batches, mean - change / 2, mean + change / 2);
  }

  /** True when the trend is both significant at 95% and larger than {@link #DRIFT_PCT}. */
  public boolean drifting() {
    return Math.abs(pct) > DRIFT_PCT && Math.abs(t) > StudentT.quantile975(batches - 2);
  }

  /** The note a drifting run carries; null when it does not drift. */
  public String note() {
    if (!drifting()) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "not steady: throughput %s %.0f%% during the measured run (fitted %.0f to %.0f ops/s over"
            + " %d batch means, slope t = %.1f); %s",
        pct > 0 ? "rose" : "fell",
        Math.abs(pct),
        firstOpsPerSec,
        lastOpsPerSec,
        batches,
        t,
        pct > 0
            ? "the cell was still warming, so its mean understates the steady state"
            : "something slowed the server during the run");
  }
}
