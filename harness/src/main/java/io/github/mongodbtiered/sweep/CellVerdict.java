package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.metrics.ClientCpuUsage;
import io.github.mongodbtiered.metrics.DataSizes;
import io.github.mongodbtiered.metrics.TierClassifier;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellResultBuilder;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.Tier;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The last step of a cell's measurement, and the only one that makes a cell: of the steps'
 * findings, the cell's tiers (predicted from the sizes, observed from the hit ratios), the notes a
 * reader needs to weigh its figures, and whether it is a result at all.
 */
final class CellVerdict {
  private CellVerdict() {}

  /**
   * A cell that failed before its measured run ended.
   *
   * @param warmUp the warm-up's findings so far (its notes are kept)
   */
  static CellResult failed(CellContext c, Findings warmUp, String why) {
    return started(c, warmUp).failed(why).build();
  }

  /**
   * A cell whose run ended and whose server could not be read after it: the run's counts are kept
   * for diagnosis, and the report shows them as not a result.
   */
  static CellResult failedAfter(
      CellContext c, Findings warmUp, MeasuredRun.Readings run, String why) {
    return ran(c, warmUp, run, FailedOperations.of(run.result())).failed(why).build();
  }

  /**
   * The cell, ok or failed.
   *
   * @param warmUp the warm-up's findings
   * @param seriesNotes what writing the run's time series said
   */
  static CellResult of(
      CellContext c,
      Findings warmUp,
      MeasuredRun.Readings run,
      MeasuredRun.After after,
      List<String> seriesNotes,
      RunFigures figures) {
    FailedOperations failures = FailedOperations.of(run.result());
    CellResultBuilder cell =
        ran(c, warmUp, run, failures).notes(seriesNotes).notes(figures.notes());
    figures.latencies().forEach(cell::latency);
    figures.intendedLatencies().forEach(cell::intendedLatency);
    ClientCpuUsage cpu = run.cpu();
    cell.metrics(figures.metrics()).clientBound(cpu.saturated());
    String shortfall =
        TargetShortfall.note(c.runs().targetOpsPerSec(), run.result().throughputOpsPerSec());
    if (shortfall != null) {
      cell.note(shortfall);
    }
    if (figures.variation().unstable()) {
      cell.note(figures.variation().note());
    }
    if (cpu.saturated()) {
      cell.note(
          String.format(
              Locale.ROOT,
              "client-bound: the client kept %.2f cores busy; throughput is the client's"
                  + " limit, not the server's",
              cpu.coresBusy()));
    }
    classify(c, cell, after.sizes(), figures.metrics());
    String tooMany = failures.beyond(c.runs().maxErrors());
    if (after.restarted() != null || tooMany != null) {
      return cell.failed(after.restarted() != null ? after.restarted() : tooMany).build();
    }
    if (failures.total() > 0) {
      cell.note(
          failures.total()
              + " of "
              + failures.attemptedTotal()
              + " operations failed (within --max-errors "
              + c.runs().maxErrors()
              + ")");
    }
    return cell.build();
  }

  /** The cell as its server's start and its warm-up left it. */
  private static CellResultBuilder started(CellContext c, Findings warmUp) {
    Endpoint endpoint = c.endpoint();
    return CellResult.builder(c.recordCount(), c.profile().name(), c.server().kind())
        .notes(endpoint.notes())
        .pageCacheDropped(endpoint.pageCacheDropped())
        .continuedFrom(endpoint.continuedFrom())
        .latencyApplied(endpoint.latencyApplied())
        .latencyMethod(endpoint.latencyMethod())
        .notes(warmUp.notes());
  }

  /** The cell with its run's counts, kept for diagnosis even when the cell fails. */
  private static CellResultBuilder ran(
      CellContext c, Findings warmUp, MeasuredRun.Readings run, FailedOperations failures) {
    return started(c, warmUp)
        .run(
            run.result().opsDone(),
            run.result().runtimeMillis(),
            run.result().throughputOpsPerSec())
        .failedOperations(failures.failed());
  }

  /**
   * Predicted tier from the sizes (the files' live bytes where known), observed from the hit
   * ratios; a mismatch is noted, naming the bytes the prediction used, where the profile's memory
   * is enforced or describes the server.
   */
  private static void classify(
      CellContext c, CellResultBuilder cell, DataSizes sizes, Map<Metric, Double> m) {
    Double cacheMax = m.get(Metric.WT_CACHE_MAX_BYTES);
    long cacheBytes =
        cacheMax != null ? cacheMax.longValue() : c.profile().effectiveCacheBytes().orElse(0);
    long memoryBytes =
        c.profile().memoryBytes() > 0 ? c.profile().memoryBytes() : c.hostMemoryBytes();
    TierClassifier.Prediction prediction =
        TierClassifier.prediction(sizes, cacheBytes, memoryBytes).orElse(null);
    Tier predicted = prediction == null ? null : prediction.tier();
    TierClassifier.Observation seen = TierClassifier.observe(m);
    Tier observed = seen.tier();
    cell.tiers(predicted, observed).fsHitBasis(seen.fsHitBasis());
    cell.predictedTierBasis(prediction == null ? null : prediction.basis());
    // The embedded server's memory is the host's, the profile's only a label (its meaning says
    // so once): a mismatch there is the label's, not news about the cell.
    if (predicted != null
        && observed != null
        && predicted != observed
        && !c.server().kind().memoryIsOnlyALabel()) {
      cell.note(
          "tier mismatch: sizes predict "
              + predicted.id()
              + " (from "
              + prediction.basis().label()
              + "), hit ratios show "
              + observed.id());
    }
  }
}
