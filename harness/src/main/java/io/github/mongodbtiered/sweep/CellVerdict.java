package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.metrics.ClientCpuUsage;
import io.github.mongodbtiered.metrics.DataSizes;
import io.github.mongodbtiered.metrics.TierClassifier;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellResultBuilder;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.Tier;
import java.util.Locale;
import java.util.Map;

/**
 * The last step of a cell's measurement: its tiers (predicted from the sizes, observed from the hit
 * ratios), the notes a reader needs to weigh its figures, and whether it is a result at all.
 */
final class CellVerdict {
  private CellVerdict() {}

  /**
   * The cell, ok or failed.
   *
   * @param restarted why the server is not the one measured, or null
   */
  static CellResult of(
      CellContext c,
      CellResultBuilder cell,
      MeasuredRun.Readings run,
      MeasuredRun.After after,
      RunFigures figures,
      FailedOperations failures) {
    ClientCpuUsage cpu = run.cpu();
    cell.metrics(figures.metrics()).clientBound(cpu.saturated());
    String shortfall =
        TargetShortfall.note(c.options().targetOpsPerSec(), run.result().throughputOpsPerSec());
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
    String tooMany = failures.beyond(c.options().maxErrors());
    if (after.restarted() != null || tooMany != null) {
      return cell.failed(after.restarted() != null ? after.restarted() : tooMany).build();
    }
    if (failures.total() > 0) {
      cell.note(
          failures.total()
              + " of "
              + failures.attemptedTotal()
              + " operations failed (within --max-errors "
              + c.options().maxErrors()
              + ")");
    }
    return cell.build();
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
