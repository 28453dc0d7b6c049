package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.intervals.RunLogs;
import io.github.mongodbtiered.report.Golden;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.report.YcsbLogs;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellResultBuilder;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.Tier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The golden report's cell combined from three repeats ({@link Golden}), as before. */
class GoldenRepeatsTest {
  @TempDir Path dir;

  @Test
  void threeRepeatsCombineAsBefore() throws IOException {
    ReportLayout layout = new ReportLayout(dir.resolve("report"));
    Files.createDirectories(layout.histograms());
    List<CellResult> runs = new ArrayList<>();
    for (int k = 0; k < 3; k++) {
      long[] reads = new long[300 + 40 * k];
      for (int i = 0; i < reads.length; i++) {
        reads[i] = 200 + (i * 53L + k * 17) % (4_000 + 1_000 * k);
      }
      Path prefix = layout.histogramOutputPrefix(8_000_000, "io1-5000", k + 1);
      YcsbLogs.write(prefix, "READ", List.of(reads, reads));
      Histogram h = new Histogram(3);
      for (long v : reads) {
        h.recordValueWithCount(v, 2);
      }
      CellResultBuilder b =
          Golden.allMetrics(CellResult.builder(8_000_000, "io1-5000", ServerKind.DOCKER), k + 7)
              .run(reads.length * 2L, 60_000 + 10 * k, reads.length * 2 / 60.0 + k)
              .latency("READ", LatencyStats.of(h))
              .failedOperations(Map.of("READ", (long) k))
              .tiers(Tier.SLIGHTLY_OVER, k == 1 ? Tier.FAR_OVER : Tier.SLIGHTLY_OVER)
              .clientBound(k == 2)
              .latencyApplied(true)
              .latencyMethod("dm-delay")
              .pageCacheDropped(true)
              .note("everywhere")
              .note("only in " + k);
      if (k == 1) {
        b.metric(Metric.DEVICE_AWAIT_MS, null).metric(Metric.STEADY_STATE, 0);
      }
      runs.add(b.build());
    }
    List<RunLogs> logs = new ArrayList<>();
    for (int k = 1; k <= 3; k++) {
      logs.add(RunLogs.read(layout.histogramsOf(8_000_000, "io1-5000", k)));
    }
    Golden.assertCell(Repeats.combine(runs, RunLogs.together(logs)), dir.resolve("saved"));
  }
}
