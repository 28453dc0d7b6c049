package io.github.mongodbtiered.report;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/** Cell results for tests. */
final class Cells {
  private Cells() {}

  static CellResult ok(long recordCount, String profile, String observedTier) {
    TreeMap<String, LatencyStats> lat = new TreeMap<>();
    lat.put("READ", new LatencyStats(900, 1234.56, 1000, 2000, 3000, 4000, 5000));
    Map<Metric, Double> metrics = new EnumMap<>(Metric.class);
    metrics.put(Metric.DATA_BYTES, 1.5e12);
    metrics.put(Metric.WT_HIT_RATIO, 0.987654321);
    metrics.put(Metric.DEVICE_AWAIT_MS, 7.25);
    return new CellResult(
        recordCount,
        profile,
        "docker",
        CellResult.OK,
        "",
        1000,
        10_000,
        100.04,
        lat,
        metrics,
        "WT_CACHE",
        observedTier,
        false,
        true,
        true,
        List.of("a", "b"));
  }
}
