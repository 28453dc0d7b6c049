package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.intervals.RunLogs;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellResultBuilder;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.variation.CellVariation;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * One cell from its repeated measured runs ({@code --repeats}), each from a cold start: throughput
 * is the repeats' mean with a Student-t interval over their means; operations and runtime add up;
 * latencies are all repeats' logged values together; every other figure is the repeats' mean (the
 * steady-state flag their worst; the start time and the client's place in its fleet the first's);
 * tiers and flags come from the first repeat, and a repeat that observed another tier is noted.
 */
final class Repeats {
  private Repeats() {}

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
    CellVariation variation = variation(runs, CellVariation.mainOperation(latencies));
    CellResultBuilder cell =
        CellResult.builder(first.recordCount(), first.profile(), first.server())
            .run(operations, runtimeMillis, throughput)
            .latencies(latencies)
            .intendedLatencies(logs.intendedLatencies())
            .failedOperations(failed)
            .metrics(meanFigures(runs))
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

  /** A run's own uncertainty: the repeats' replaces it, never averaged. */
  private static final Set<Metric> VARIATION =
      EnumSet.of(
          Metric.OPS_PER_SEC_CI95_LOW,
          Metric.OPS_PER_SEC_CI95_HIGH,
          Metric.OPS_PER_SEC_CV_PCT,
          Metric.P99_MS_LOW,
          Metric.P99_MS_HIGH,
          Metric.INTERVALS,
          Metric.REPEATS,
          Metric.UNSTABLE);

  /**
   * Each figure's mean over the repeats that have it; steady only if every repeat was; the
   * variation figures left to {@link CellVariation#ofRepeats}.
   */
  private static Map<Metric, Double> meanFigures(List<CellResult> runs) {
    Map<Metric, Double> mean = new TreeMap<>();
    for (Metric m : Metric.values()) {
      if (VARIATION.contains(m)) {
        continue;
      }
      List<Double> values = new ArrayList<>();
      runs.forEach(
          r -> {
            if (r.metric(m) != null) {
              values.add(r.metric(m));
            }
          });
      if (values.isEmpty()) {
        continue;
      }
      mean.put(
          m,
          m == Metric.STEADY_STATE
              ? values.stream().mapToDouble(Double::doubleValue).min().orElseThrow()
              : m == Metric.RUN_STARTED_EPOCH_MS || m == Metric.CLIENTS || m == Metric.CLIENT_INDEX
                  ? values.get(0)
                  : values.stream().mapToDouble(Double::doubleValue).average().orElseThrow());
    }
    return mean;
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
