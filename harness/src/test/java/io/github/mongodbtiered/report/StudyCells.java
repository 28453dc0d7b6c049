package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.Tier;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/** Cells shaped like the study's table, for plot and page tests. */
final class StudyCells {
  private StudyCells() {}

  static CellResult cell(
      long records,
      String profile,
      double opsPerSec,
      long p99Micros,
      Double wtHit,
      Double fsHit,
      Tier tier,
      List<String> notes) {
    TreeMap<String, LatencyStats> lat = new TreeMap<>();
    lat.put(
        "READ",
        new LatencyStats(
            100_000,
            p99Micros / 3.0,
            p99Micros / 4,
            p99Micros / 2,
            p99Micros,
            p99Micros * 2,
            p99Micros * 5));
    lat.put("UPDATE", new LatencyStats(10, 900, 800, 900, 1000, 1100, 1200));
    return CellResult.builder(records, profile, ServerKind.DOCKER)
        .run(100_010, 60_000, opsPerSec)
        .latencies(lat)
        .metric(Metric.DATA_BYTES, records * 1200.0)
        .metric(Metric.INDEX_BYTES, records * 20.0)
        .metric(Metric.WT_HIT_RATIO, wtHit)
        .metric(Metric.FS_HIT_RATIO, fsHit)
        .tiers(tier, tier)
        .latencyApplied(true)
        .pageCacheDropped(true)
        .notes(notes)
        .build();
  }

  /** 2M..5M x io1-5000, hdd-150, with a failed cell and missing ratios. */
  static List<CellResult> study() {
    List<CellResult> c = new ArrayList<>();
    c.add(cell(2_000_000, "io1-5000", 41000, 900, 1.0, 1.0, Tier.WT_CACHE, List.of()));
    c.add(cell(3_000_000, "io1-5000", 30000, 1500, 0.80, 0.999, Tier.FS_CACHE, List.of()));
    c.add(cell(4_000_000, "io1-5000", 9000, 12000, 0.60, 0.95, Tier.SLIGHTLY_OVER, List.of()));
    c.add(cell(5_000_000, "io1-5000", 4000, 40000, 0.50, 0.81, Tier.FAR_OVER, List.of()));
    c.add(cell(2_000_000, "hdd-150", 40000, 950, 1.0, 1.0, Tier.WT_CACHE, List.of()));
    // The file system figure is missing here: it must be left out, not drawn as 0.
    c.add(cell(3_000_000, "hdd-150", 25000, 2000, 0.80, null, null, List.of("no /proc/PID/io")));
    c.add(cell(4_000_000, "hdd-150", 600, 300_000, 0.60, 0.93, Tier.SLIGHTLY_OVER, List.of()));
    c.add(CellResult.failed(5_000_000, "hdd-150", ServerKind.DOCKER, "server <exited> & \"gone\""));
    return c;
  }
}
