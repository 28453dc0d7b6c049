package io.github.mongodbtiered.variation;

import io.github.mongodbtiered.intervals.Interval;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * How sure a cell's throughput and p99 are: a 95% confidence interval for the throughput with the
 * coefficient of variation it came from, and the spread of the main operation's p99. From one run,
 * over its {@link BatchMeans}; from several repeats, over the repeats' means (each repeat a cold
 * start, so its mean is an independent sample). One run's batches are {@link
 * BatchMeans#independent}: merged into longer ones where their means still follow each other.
 *
 * @param opsPerSec the throughput's interval, or null when there were too few samples
 * @param cvPct the coefficient of variation of the samples the interval came from, or null
 * @param p99LowMs the lowest p99 of the main operation over the batches or repeats, or null
 * @param p99HighMs the highest, or null
 * @param intervals full per-second intervals measured (all repeats together)
 * @param batches batches of the one run, or 0 when the figures come from repeats
 * @param repeats measured runs, each from a cold start
 * @param unstable the coefficient of variation (or any repeat's) is above {@link
 *     Stability#UNSTABLE_CV_PCT}
 */
public record CellVariation(
    ConfidenceInterval opsPerSec,
    Double cvPct,
    Double p99LowMs,
    Double p99HighMs,
    int intervals,
    int batches,
    int repeats,
    boolean unstable) {

  /**
   * From one measured run's intervals.
   *
   * @param mainOperation whose p99 spread is given ({@link LatencyStats#mainOperation})
   */
  public static CellVariation ofRun(List<Interval> intervals, String mainOperation) {
    int full = BatchMeans.fullIntervals(intervals).size();
    List<BatchMeans.Batch> batches = BatchMeans.independent(intervals, mainOperation);
    if (batches.isEmpty()) {
      return new CellVariation(null, null, null, null, full, 0, 1, false);
    }
    List<Double> means = new ArrayList<>();
    List<Double> p99s = new ArrayList<>();
    for (BatchMeans.Batch b : batches) {
      means.add(b.opsPerSec());
      if (b.p99Micros() > 0) {
        p99s.add(b.p99Micros() / 1000.0);
      }
    }
    ConfidenceInterval ci = ConfidenceInterval.of95(means);
    double cv = ci.cvPct();
    return new CellVariation(
        ci, cv, min(p99s), max(p99s), full, batches.size(), 1, Stability.unstable(cv));
  }

  /**
   * From repeated runs: the interval over their means; unstable when the means vary too much, or
   * when any run did by itself.
   *
   * @param intervals full intervals of all repeats together
   * @param anyRunUnstable whether some repeat was unstable by itself
   * @param meansOpsPerSec each repeat's throughput, two or more
   * @param p99sMs each repeat's p99 of the main operation over its whole run
   */
  public static CellVariation ofRepeats(
      int intervals, boolean anyRunUnstable, List<Double> meansOpsPerSec, List<Double> p99sMs) {
    ConfidenceInterval ci = ConfidenceInterval.of95(meansOpsPerSec);
    double cv = ci.cvPct();
    return new CellVariation(
        ci,
        cv,
        min(p99sMs),
        max(p99sMs),
        intervals,
        0,
        meansOpsPerSec.size(),
        Stability.unstable(cv) || anyRunUnstable);
  }

  /** The figures as the cell's metrics; those not known are left out. */
  public Map<Metric, Double> figures() {
    Map<Metric, Double> m = new EnumMap<>(Metric.class);
    if (opsPerSec != null) {
      m.put(Metric.OPS_PER_SEC_CI95_LOW, opsPerSec.low());
      m.put(Metric.OPS_PER_SEC_CI95_HIGH, opsPerSec.high());
      m.put(Metric.OPS_PER_SEC_CV_PCT, cvPct);
      m.put(Metric.UNSTABLE, unstable ? 1.0 : 0.0);
    }
    if (p99LowMs != null) {
      m.put(Metric.P99_MS_LOW, p99LowMs);
      m.put(Metric.P99_MS_HIGH, p99HighMs);
    }
    m.put(Metric.INTERVALS, (double) intervals);
    m.put(Metric.REPEATS, (double) repeats);
    return m;
  }

  /** The note an unstable cell carries, with the figures that made it so; null when stable. */
  public String note() {
    if (!unstable) {
      return null;
    }
    if (!Stability.unstable(cvPct)) {
      return String.format(
          Locale.ROOT,
          "unstable: a repeat's throughput varied by more than %.0f%% within its run (see its"
              + " note); across the %d repeats %.1f%%, 95%% interval %.0f-%.0f ops/s",
          Stability.UNSTABLE_CV_PCT,
          repeats,
          cvPct,
          opsPerSec.low(),
          opsPerSec.high());
    }
    String over =
        batches > 0
            ? batches + " batch means of its " + intervals + " s"
            : "the means of its " + repeats + " repeats";
    return String.format(
        Locale.ROOT,
        "unstable: throughput varied by %.1f%% (coefficient of variation over %s; the threshold"
            + " is %.0f%%), 95%% interval %.0f-%.0f ops/s; take its figures as uncertain",
        cvPct,
        over,
        Stability.UNSTABLE_CV_PCT,
        opsPerSec.low(),
        opsPerSec.high());
  }

  private static Double min(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).min().stream()
        .boxed()
        .findFirst()
        .orElse(null);
  }

  private static Double max(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).max().stream()
        .boxed()
        .findFirst()
        .orElse(null);
  }
}
