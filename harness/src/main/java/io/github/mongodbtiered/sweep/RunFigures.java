package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.intervals.RunLogs;
import io.github.mongodbtiered.metrics.RunMetrics;
import io.github.mongodbtiered.metrics.StatisticNotes;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.servers.BurstThrottle;
import io.github.mongodbtiered.variation.CellVariation;
import io.github.mongodbtiered.variation.Drift;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The figures of one measured run, derived from its readings and its decoded logs: the server's and
 * the client's counters over the run, the warm-up's figures, the run's own variation and drift, and
 * the latencies per operation type.
 *
 * @param metrics every figure by metric
 * @param variation how the run's throughput varied from interval to interval
 * @param latencies the service times per operation type
 * @param intendedLatencies the latencies from each operation's intended start (open loop), per
 *     operation type; empty for a closed loop
 * @param notes what the figures' sources and the run's drift say, in order
 */
record RunFigures(
    Map<Metric, Double> metrics,
    CellVariation variation,
    Map<String, LatencyStats> latencies,
    Map<String, LatencyStats> intendedLatencies,
    List<String> notes) {

  /**
   * Derives the figures.
   *
   * @param warmFigures the warm-up's times and outcome
   */
  static RunFigures derive(
      CellContext c,
      MeasuredRun.Readings run,
      MeasuredRun.After after,
      Map<Metric, Double> warmFigures,
      RunLogs logs) {
    Map<Metric, Double> m =
        new EnumMap<>(
            RunMetrics.derive(
                run.before(),
                after.counters(),
                run.elapsedNanos(),
                c.serverInThisJvm(),
                run.cpu(),
                after.sizes()));
    List<String> notes =
        new ArrayList<>(StatisticNotes.of(after.counters(), after.sizes(), after.sizesFallback()));
    m.putAll(warmFigures);
    m.put(Metric.RUN_STARTED_EPOCH_MS, (double) run.startedMillis());
    burst(c, run, m, notes);
    m.put(Metric.CLIENTS, (double) c.options().fleet().slot().clients());
    if (!c.options().fleet().alone()) {
      m.put(Metric.CLIENT_INDEX, (double) c.options().fleet().slot().index());
    }
    CellVariation variation =
        CellVariation.ofRun(
            logs.intervals(), LatencyStats.mainOperation(LatencyStats.counts(logs.latencies())));
    m.putAll(variation.figures());
    Drift drift = Drift.ofRun(logs.intervals());
    if (drift != null) {
      m.put(Metric.RUN_DRIFT_PCT, drift.pct());
      if (drift.drifting()) {
        // The warm-up's test looks back over seconds; this one sees the whole measured run.
        m.put(Metric.STEADY_STATE, 0.0);
        notes.add(drift.note());
      }
    }
    return new RunFigures(
        m, variation, logs.latencies(), logs.intendedLatencies(), List.copyOf(notes));
  }

  /** A burst-credit volume's bucket over the measured run, and a note when it ran on credits. */
  private static void burst(
      CellContext c, MeasuredRun.Readings run, Map<Metric, Double> m, List<String> notes) {
    BurstThrottle b = c.server().burst();
    if (b == null) {
      return;
    }
    long end = run.startedMillis() + run.elapsedNanos() / 1_000_000;
    BurstThrottle.Window w =
        BurstThrottle.window(b.ticks(), run.startedMillis(), end, c.profile().readIops());
    if (b.failure() != null) {
      notes.add(b.failure());
    }
    if (w == null) {
      return;
    }
    m.put(Metric.BURST_CREDITS_START, (double) Math.round(w.creditsStart()));
    m.put(Metric.BURST_CREDITS_END, (double) Math.round(w.creditsEnd()));
    m.put(Metric.BURST_ON_CREDITS_S, w.onCreditsSeconds());
    if (w.onCreditsSeconds() > 0) {
      DiskProfile p = c.profile();
      notes.add(
          String.format(
              Locale.ROOT,
              "measured on burst credits: %.0f of %.0f s above the volume's baseline of %d IOPS"
                  + " (it bursts to %d); --burst-credits empty measures the volume as it runs once"
                  + " its credits are spent",
              w.onCreditsSeconds(),
              (end - run.startedMillis()) / 1000.0,
              p.readIops(),
              p.burstIops()));
    }
  }
}
