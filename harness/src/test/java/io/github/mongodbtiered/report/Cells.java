package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellResultBuilder;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.Tier;

/** Cell results for tests. */
final class Cells {
  private Cells() {}

  /** An ok cell with one READ latency and a few figures, as a Docker sweep measures them. */
  static CellResultBuilder cell(long recordCount, String profile) {
    return CellResult.builder(recordCount, profile, ServerKind.DOCKER)
        .run(1000, 10_000, 100.04)
        .latency("READ", new LatencyStats(900, 1234.56, 1000, 2000, 3000, 4000, 5000))
        .metric(Metric.DATA_BYTES, 1.5e12)
        .metric(Metric.WT_HIT_RATIO, 0.987654321)
        .metric(Metric.DEVICE_AWAIT_MS, 7.25)
        .latencyApplied(true)
        .pageCacheDropped(true)
        .note("a")
        .note("b");
  }

  static CellResult ok(long recordCount, String profile, Tier observedTier) {
    return cell(recordCount, profile).tiers(Tier.WT_CACHE, observedTier).build();
  }
}
