package io.github.mongodbtiered.compare;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.RepeatRun;
import java.util.List;

/**
 * Where the next sweep's throughput of a cell is expected to land (95%), by the rules {@code
 * compare} applies: a cell's confidence interval says how sure its own mean is, this range says how
 * far an identical sweep may differ, which is what a reader comparing two reports needs.
 *
 * <p>With two or more repeats, on the log scale: the geometric mean of the repeats ± t·√v with v =
 * 2s²/n + 2τ² (this sweep's mean and the next one's each vary by s²/n within a sweep and τ² between
 * sweeps, τ = {@link CompareRules#DEFAULT_BETWEEN_SWEEPS}); s² is one estimate used twice, so t has
 * Satterthwaite's v² / ((2s²/n)² / (n - 1)) degrees of freedom, the normal quantile when s² is 0.
 * With one run: its throughput ×/÷ exp(√2·h) · (1 + {@link
 * CompareRules#DEFAULT_SINGLE_RUN_ALLOWANCE}) where h is half its 95% interval's width on the log
 * scale (0 when it has none).
 *
 * @param lowOpsPerSec the range's lower end
 * @param highOpsPerSec its upper end
 * @param repeats the runs it rests on (1: the single-run rule)
 */
public record RerunRange(double lowOpsPerSec, double highOpsPerSec, int repeats) {

  /**
   * The range of an ok cell with a throughput above zero, else null; null too when its one run's
   * interval reaches zero (it then bounds nothing).
   */
  public static RerunRange of(CellResult c) {
    if (!c.ok() || !(c.throughputOpsPerSec() > 0)) {
      return null;
    }
    List<Double> runs = c.repeatRuns().stream().map(RepeatRun::opsPerSec).toList();
    if (runs.size() >= 2 && runs.stream().allMatch(v -> v > 0)) {
      return ofRepeats(runs, CompareRules.DEFAULT_BETWEEN_SWEEPS);
    }
    LogRatios.Estimate one =
        new LogRatios.Estimate(
            c.throughputOpsPerSec(),
            c.metric(Metric.OPS_PER_SEC_CI95_LOW),
            c.metric(Metric.OPS_PER_SEC_CI95_HIGH));
    return ofRun(one, CompareRules.DEFAULT_SINGLE_RUN_ALLOWANCE);
  }

  /**
   * From repeats' throughputs (two or more, above zero), each sweep's mean log allowed {@code
   * betweenSweeps} (a standard deviation on the log scale) beyond what the repeats show.
   */
  static RerunRange ofRepeats(List<Double> opsPerSec, double betweenSweeps) {
    LogRatios.Moments logs = LogRatios.Moments.ofLogs(opsPerSec);
    int n = logs.count();
    double sampled = 2 * logs.variance() / n;
    double v = sampled + 2 * betweenSweeps * betweenSweeps;
    double t =
        LogRatios.quantile975(
            sampled == 0 ? Double.POSITIVE_INFINITY : v * v / (sampled * sampled / (n - 1)));
    double half = t * Math.sqrt(v);
    return new RerunRange(Math.exp(logs.mean() - half), Math.exp(logs.mean() + half), n);
  }

  /** From one run, as {@link LogRatios#singleRun} would compare it with an identical one. */
  static RerunRange ofRun(LogRatios.Estimate run, double singleRunAllowance) {
    double h = run.logHalfWidth();
    if (Double.isInfinite(h)) {
      return null;
    }
    double half = Math.sqrt(2) * h + Math.log1p(singleRunAllowance);
    double log = Math.log(run.value());
    return new RerunRange(Math.exp(log - half), Math.exp(log + half), 1);
  }

  public boolean contains(double opsPerSec) {
    return lowOpsPerSec <= opsPerSec && opsPerSec <= highOpsPerSec;
  }
}
