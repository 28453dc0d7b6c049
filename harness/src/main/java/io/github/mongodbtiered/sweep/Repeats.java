package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.intervals.RunLogs;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellResultBuilder;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.Metric.RepeatRule;
import io.github.mongodbtiered.results.RepeatRun;
import io.github.mongodbtiered.variation.CellVariation;
import io.github.mongodbtiered.variation.ConfidenceInterval;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;

/**
 * One cell from its repeated measured runs ({@code --repeats}), each from a cold start: throughput
 * is the repeats' mean with a Student-t interval over their means; operations and runtime add up;
 * latencies are all repeats' logged values together; every other figure as its {@link
 * Metric#repeats()} rule says; tiers and flags come from the first repeat, and a repeat that
 * observed another tier is noted.
 */
final class Repeats {
  /**
   * {@code --repeats auto} stops once the throughput interval's half-width is within this share of
   * the mean: ±5%, the band {@code compare} calls equivalent by default.
   */
  static final double AUTO_HALF_WIDTH_PCT = 5;

  private Repeats() {}

  /**
   * Whether {@code --repeats auto} has enough runs, and why: null to measure another run, else the
   * cell's note on why it stopped (interval narrow enough, or the maximum reached).
   *
   * @param opsPerSec each run's throughput so far, in order
   * @param maxRuns the most runs ({@code auto:MAX})
   */
  static String autoStop(List<Double> opsPerSec, int maxRuns) {
    int n = opsPerSec.size();
    if (n < MeasuredRuns.AUTO_MIN_REPEATS) {
      return null;
    }
    ConfidenceInterval ci = ConfidenceInterval.of95(opsPerSec);
    double halfPct =
        ci.mean() == 0 ? Double.POSITIVE_INFINITY : 50 * (ci.high() - ci.low()) / ci.mean();
    if (halfPct <= AUTO_HALF_WIDTH_PCT) {
      return String.format(
          Locale.ROOT,
          "repeats auto: stopped after %d runs, the throughput interval within ±%.1f%% of the mean"
              + " (the rule: ±%.0f%%, %d to %d runs)",
          n,
          halfPct,
          AUTO_HALF_WIDTH_PCT,
          MeasuredRuns.AUTO_MIN_REPEATS,
          maxRuns);
    }
    return n < maxRuns
        ? null
        : String.format(
            Locale.ROOT,
            "repeats auto: stopped at the maximum of %d runs, the throughput interval still ±%.1f%%"
                + " of the mean (the rule: ±%.0f%%)",
            n,
            halfPct,
            AUTO_HALF_WIDTH_PCT);
  }

  /**
   * @param runs the ok result of every repeat, in order (two or more)
   * @param logs every repeat's decoded HdrHistogram logs together
   */
  static CellResult combine(List<CellResult> runs, RunLogs logs) {
    CellResult first = runs.get(0);
    int n = runs.size();
    long operations = 0;
    long runtimeMillis = 0;
    double throughput = 0;
    Map<String, Long> failed = new TreeMap<>();
    boolean clientBound = false;
    for (CellResult r : runs) {
      operations += r.operations();
      runtimeMillis += r.runtimeMillis();
      throughput += r.throughputOpsPerSec() / n;
      r.failedOperations().forEach((op, count) -> failed.merge(op, count, Long::sum));
      clientBound |= r.clientBound();
    }
    // The repeats' logged values together; intended-time ones apart, as in a single run.
    Map<String, LatencyStats> latencies = logs.latencies();
    String mainOperation = LatencyStats.mainOperation(LatencyStats.counts(latencies));
    CellVariation variation = variation(runs, mainOperation);
    CellResultBuilder cell =
        CellResult.builder(first.recordCount(), first.profile(), first.server())
            .run(operations, runtimeMillis, throughput)
            .repeatRuns(repeatRuns(runs, mainOperation))
            .latencies(latencies)
            .intendedLatencies(logs.intendedLatencies())
            .failedOperations(failed)
            .metrics(figures(runs))
            .metrics(variation.figures())
            .tiers(first.predictedTier(), first.observedTier())
            .fsHitBasis(first.fsHitBasis())
            .predictedTierBasis(first.predictedTierBasis())
            .clientBound(clientBound)
            .latencyApplied(first.latencyApplied())
            .latencyMethod(first.latencyMethod())
            .pageCacheDropped(first.pageCacheDropped())
            .settings(first.settings())
            .notes(notes(runs));
    if (variation.unstable()) {
      cell.note(variation.note());
    }
    return cell.build();
  }

  /**
   * Each figure as its {@link Metric#repeats()} rule combines the repeats that have it; the {@link
   * RepeatRule#RECOMPUTED} ones left to {@link CellVariation#ofRepeats}.
   */
  private static Map<Metric, Double> figures(List<CellResult> runs) {
    Map<Metric, Double> combined = new TreeMap<>();
    for (Metric m : Metric.values()) {
      List<Double> values = runs.stream().map(r -> r.metric(m)).filter(Objects::nonNull).toList();
      if (m.repeats() != RepeatRule.RECOMPUTED && !values.isEmpty()) {
        combined.put(m, combine(m.repeats(), values));
      }
    }
    return combined;
  }

  private static double combine(RepeatRule rule, List<Double> values) {
    return switch (rule) {
      case MEAN -> values.stream().mapToDouble(Double::doubleValue).average().orElseThrow();
      case LOWEST -> values.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
      case FIRST -> values.get(0);
      case SUM -> values.stream().mapToDouble(Double::doubleValue).sum();
      case RECOMPUTED -> throw new IllegalArgumentException("recomputed, not combined");
    };
  }

  private static CellVariation variation(List<CellResult> runs, String mainOperation) {
    int intervals = 0;
    boolean anyUnstable = false;
    List<Double> means = new ArrayList<>();
    List<Double> p99s = new ArrayList<>();
    for (CellResult r : runs) {
      Double i = r.metric(Metric.INTERVALS);
      intervals += i == null ? 0 : i.intValue();
      Double u = r.metric(Metric.UNSTABLE);
      anyUnstable |= u != null && u > 0;
      means.add(r.throughputOpsPerSec());
      LatencyStats s = mainOperation == null ? null : r.latencies().get(mainOperation);
      if (s != null && s.count() > 0) {
        p99s.add(s.p99Micros() / 1000.0);
      }
    }
    return CellVariation.ofRepeats(intervals, anyUnstable, means, p99s);
  }

  /** Each repeat by itself, kept so that {@code compare} can measure the variation between runs. */
  private static List<RepeatRun> repeatRuns(List<CellResult> runs, String mainOperation) {
    List<RepeatRun> out = new ArrayList<>();
    for (CellResult r : runs) {
      LatencyStats s = mainOperation == null ? null : r.latencies().get(mainOperation);
      Double p99Ms = s != null && s.count() > 0 ? s.p99Micros() / 1000.0 : null;
      out.add(new RepeatRun(r.throughputOpsPerSec(), p99Ms));
    }
    return out;
  }

  /**
   * Notes every repeat has, once; the others prefixed with their repeat; and a repeat that observed
   * another tier than the first.
   */
  private static List<String> notes(List<CellResult> runs) {
    Set<String> common = new LinkedHashSet<>(runs.get(0).notes());
    runs.forEach(r -> common.retainAll(r.notes()));
    List<String> notes = new ArrayList<>(common);
    for (int k = 0; k < runs.size(); k++) {
      CellResult r = runs.get(k);
      for (String note : r.notes()) {
        if (!common.contains(note)) {
          notes.add("[repeat " + (k + 1) + "] " + note);
        }
      }
      if (k > 0 && r.observedTier() != runs.get(0).observedTier()) {
        notes.add(
            "repeats differ: repeat "
                + (k + 1)
                + " observed tier "
                + (r.observedTier() == null ? "none" : r.observedTier().id())
                + ", the first (whose tier the cell shows) "
                + (runs.get(0).observedTier() == null ? "none" : runs.get(0).observedTier().id()));
      }
    }
    return notes;
  }
}
