package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.FsHitBasis;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.PredictedTierBasis;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.Tier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CellMergeTest {
  @TempDir Path dir;

  @Test
  void theServersReadCountsHitRatiosAndTheirBasisComeFromTheFirstClient() throws IOException {
    // Both clients watched the one server over nearly the same interval: its reads are one set,
    // not one per client, so they are taken once rather than summed (as the byte counts are).
    CellResult a = serverSeenBy(100_000, 1_000, 0.99, 1000).fsHitBasis(FsHitBasis.OPS).build();
    CellResult b = serverSeenBy(100_400, 1_010, 0.9899, 1200).fsHitBasis(FsHitBasis.OPS).build();
    CellResult merged = merge(a, b);
    assertEquals(100_000.0, merged.metric(Metric.FS_READ_OPS_REQUESTED));
    assertEquals(1_000.0, merged.metric(Metric.DEVICE_READ_OPS));
    assertEquals(0.99, merged.metric(Metric.FS_HIT_RATIO_OPS));
    assertEquals(a.metric(Metric.FS_BYTES_REQUESTED), merged.metric(Metric.FS_BYTES_REQUESTED));
    assertEquals(a.metric(Metric.FS_HIT_RATIO), merged.metric(Metric.FS_HIT_RATIO));
    assertEquals(Tier.FS_CACHE, merged.observedTier());
    assertEquals(FsHitBasis.OPS, merged.fsHitBasis());
    assertEquals(2200, merged.operations(), "client figures still add up");
  }

  @Test
  void thePredictedTiersBasisComesFromTheFirstClient() throws IOException {
    CellResult a =
        serverSeenBy(100_000, 1_000, 0.99, 1000)
            .metric(Metric.FILE_LIVE_BYTES, 3_470_000_000L)
            .predictedTierBasis(PredictedTierBasis.LIVE)
            .build();
    CellResult b =
        serverSeenBy(100_400, 1_010, 0.9899, 1200)
            .metric(Metric.FILE_LIVE_BYTES, 3_470_000_000L)
            .predictedTierBasis(PredictedTierBasis.LIVE)
            .build();
    CellResult merged = merge(a, b);
    assertEquals(PredictedTierBasis.LIVE, merged.predictedTierBasis());
    assertEquals(3_470_000_000.0, merged.metric(Metric.FILE_LIVE_BYTES), "a server figure: once");
  }

  @Test
  void aBasisTheFirstClientDidNotRecordStaysUnknown() throws IOException {
    CellResult old = serverSeenBy(100_000, 1_000, 0.99, 1000).build();
    CellResult merged = merge(old, serverSeenBy(1, 1, 0.0, 1).fsHitBasis(FsHitBasis.BYTES).build());
    assertNull(merged.fsHitBasis());
  }

  @Test
  void eachClientsRepeatsAreMergedWithTheirLatencies() throws IOException {
    // A cell measured twice holds both runs' values; each client has a log per run.
    for (String client : List.of("a", "b")) {
      ReportLayout in = new ReportLayout(dir.resolve(client));
      Files.createDirectories(in.histograms());
      YcsbLogs.write(
          in.histogramOutputPrefix(2000, "hdd", 1), "READ", List.of(new long[] {100, 200}));
      YcsbLogs.write(
          in.histogramOutputPrefix(2000, "hdd", 2), "READ", List.of(new long[] {300, 400, 500}));
    }
    CellResult part =
        CellResult.builder(2000, "hdd", ServerKind.DOCKER)
            .run(5, 2000, 2.5)
            .latency("READ", new LatencyStats(5, 300, 300, 500, 500, 500, 500))
            .build();
    CellResult merged = merge(part, part);
    assertTrue(merged.ok(), merged.error());
    assertEquals(10, merged.latencies().get("READ").count());
    assertEquals(
        10,
        HistogramLogMerge.total(
                List.of(new ReportLayout(dir.resolve("out")).histogram(2000, "hdd", "READ")))
            .getTotalCount());
  }

  private CellResult merge(CellResult... parts) throws IOException {
    return new CellMerge(
            List.of(dir.resolve("a"), dir.resolve("b")), List.of("a", "b"), dir.resolve("out"))
        .merge(List.of(parts));
  }

  /** A cell without latency logs, its server figures as one client read them. */
  private static CellResult.Builder serverSeenBy(
      long readsRequested, long deviceReads, double opsHit, long operations) {
    return CellResult.builder(1_000_000, "hdd", ServerKind.DOCKER)
        .run(operations, 10_000, operations / 10.0)
        .metric(Metric.FS_READ_OPS_REQUESTED, readsRequested)
        .metric(Metric.DEVICE_READ_OPS, deviceReads)
        .metric(Metric.FS_HIT_RATIO_OPS, opsHit)
        .metric(Metric.FS_BYTES_REQUESTED, readsRequested * 8192)
        .metric(Metric.DEVICE_BYTES_READ, deviceReads * (8L << 20))
        .metric(Metric.FS_HIT_RATIO, 0.0)
        .tiers(Tier.FS_CACHE, Tier.FS_CACHE);
  }
}
