package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The golden report ({@link Golden}): its cells as the code makes them, and summary.csv and the
 * tier CSVs rendered from its cells, byte for byte as before.
 */
class GoldenReportTest {
  @TempDir Path dir;

  @Test
  void theStudyCellsAreSavedAsBefore() throws IOException {
    for (CellResult c : Golden.study()) {
      Golden.assertCell(c, dir.resolve("study"));
    }
  }

  @Test
  void aFleetsClientsMergeAsBefore() throws IOException {
    // Client 1 is the first input; client 0 reads the server's figures.
    List<CellResult> parts = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      CellResultBuilder b =
          Golden.allMetrics(CellResult.builder(3_000_000, "hdd-150", ServerKind.DOCKER), k + 5)
              .metric(Metric.CLIENTS, 2)
              .metric(Metric.CLIENT_INDEX, 1 - k)
              .tiers(Tier.FS_CACHE, k == 0 ? Tier.SLIGHTLY_OVER : Tier.FS_CACHE)
              .latencyApplied(true)
              .latencyMethod("nbd")
              .clientBound(k == 0)
              .note("common")
              .note("own " + k);
      withLogs(b, "client" + k, 3_000_000, "hdd-150", k, true);
      parts.add(b.build());
    }
    Golden.assertCell(merge(parts, 3_000_000, "hdd-150"), dir.resolve("merged"));
  }

  @Test
  void reportsMergedWithoutAFleetMergeAsBefore() throws IOException {
    // Two plain reports, one of them merged before (two clients); the second knows no start time
    // nor CPU, so neither is known for the cell.
    List<CellResult> parts = new ArrayList<>();
    for (int k = 0; k < 2; k++) {
      CellResultBuilder b =
          Golden.allMetrics(CellResult.builder(2_000_000, "io1-5000", ServerKind.DOCKER), k + 2)
              .metric(Metric.CLIENT_INDEX, null)
              .metric(Metric.CLIENTS, k == 0 ? 2 : null)
              .tiers(Tier.WT_CACHE, Tier.FS_CACHE)
              .latencyApplied(k == 0);
      if (k == 1) {
        b.metric(Metric.RUN_STARTED_EPOCH_MS, null)
            .metric(Metric.CLIENT_CPU_CORES, null)
            .metric(Metric.STEADY_STATE, null);
      }
      withLogs(b, "client" + k, 2_000_000, "io1-5000", k, false);
      if (k == 0) {
        // Merged before from two clients: its slowest and fastest client's throughputs.
        double sum = b.build().throughputOpsPerSec();
        b.metric(Metric.CLIENT_OPS_PER_SEC_MIN, sum * 0.45)
            .metric(Metric.CLIENT_OPS_PER_SEC_MAX, sum * 0.55);
      }
      parts.add(b.build());
    }
    Golden.assertCell(merge(parts, 2_000_000, "io1-5000"), dir.resolve("merged"));
  }

  @Test
  void summaryAndTierCsvsRenderAsBefore() throws IOException {
    List<CellResult> cells = Golden.cells();
    Golden.assertFile(ReportLayout.SUMMARY, SummaryCsv.render(cells, Golden.PROFILE_ORDER));
    for (Map.Entry<String, String> f : TierCsvs.render(cells, Golden.PROFILE_ORDER).entrySet()) {
      Golden.assertFile(f.getKey(), f.getValue());
    }
  }

  private CellResult merge(List<CellResult> parts, long records, String profile)
      throws IOException {
    return new CellMerge(
            List.of(dir.resolve("client0"), dir.resolve("client1")),
            List.of("client0", "client1"),
            dir.resolve("out"))
        .merge(parts);
  }

  /** READ and UPDATE logs (and an intended READ one) in the client's report, their figures set. */
  @Test
  void cellsSavedBeforeTheCellHadPartsReadAsTheSameCells() throws IOException {
    // Written by the code before CellResult was split into parts and the profile types merged.
    List<CellResult> before =
        new CellStore(Path.of("src/test/resources/golden-before-parts")).all();
    // Repeats, the times, the shard count and the burst figures were kept only later: the golden
    // cells without them.
    List<CellResult> withoutLaterFigures =
        Golden.cells().stream()
            .map(
                c -> {
                  CellResultBuilder b = c.toBuilder().repeatRuns(List.of());
                  for (Metric m :
                      List.of(
                          Metric.LOAD_S,
                          Metric.CELL_S,
                          Metric.SERVER_START_S,
                          Metric.SERVER_STOP_S,
                          Metric.PAGE_CACHE_FILL_S,
                          Metric.WT_SHARDS,
                          Metric.BURST_CREDITS_START,
                          Metric.BURST_CREDITS_END,
                          Metric.BURST_ON_CREDITS_S)) {
                    b.metric(m, null);
                  }
                  return b.build();
                })
            .toList();
    assertEquals(withoutLaterFigures, before);
    assertEquals(9, before.size());
  }

  private void withLogs(
      CellResultBuilder b, String client, long records, String profile, int k, boolean intended)
      throws IOException {
    Path prefix = new ReportLayout(dir.resolve(client)).histogramOutputPrefix(records, profile);
    Files.createDirectories(prefix.getParent());
    long[] reads = new long[200 + 50 * k];
    for (int i = 0; i < reads.length; i++) {
      reads[i] = 100 + (i * 37L + k * 11) % 9_000;
    }
    long[] updates = {2_000 + k, 3_000, 70_000};
    LatencyStats r = HistogramLogMerge.read(YcsbLogs.write(prefix, "READ", List.of(reads, reads)));
    LatencyStats u = HistogramLogMerge.read(YcsbLogs.write(prefix, "UPDATE", List.of(updates)));
    b.latency("READ", r).latency("UPDATE", u);
    b.run(r.count() + u.count(), 60_000 + k * 7, (r.count() + u.count()) / 60.0);
    if (intended) {
      long[] late = reads.clone();
      for (int i = 0; i < late.length; i++) {
        late[i] += 1_000 * (i % 5);
      }
      b.intendedLatency(
          "READ",
          HistogramLogMerge.read(YcsbLogs.write(prefix, "Intended-READ", List.of(late, late))));
    }
  }
}
