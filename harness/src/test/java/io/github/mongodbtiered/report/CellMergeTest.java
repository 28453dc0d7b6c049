package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellResultBuilder;
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
  void intendedTimeLatenciesAreMergedFromTheirOwnLogsBesideTheServiceTimes() throws IOException {
    CellResult a = openLoopClient("a", new long[] {100, 200, 300}, new long[] {150, 900, 5000});
    CellResult b = openLoopClient("b", new long[] {400}, new long[] {20_000});
    CellResult merged = merge(a, b);
    assertEquals(4, merged.latencies().get("READ").count());
    long serviceMax = merged.latencies().get("READ").maxMicros();
    assertTrue(serviceMax >= 400 && serviceMax < 401, "service times only: " + serviceMax);
    assertEquals(4, merged.intendedLatencies().get("READ").count());
    long max = merged.intendedLatencies().get("READ").maxMicros();
    assertTrue(max >= 20_000 && max < 20_100, "the other client's wait, to 3 digits: " + max);
    assertEquals(List.of("READ"), List.copyOf(merged.latencies().keySet()), "counted once");
  }

  /** One client's open-loop cell with its READ and Intended-READ logs in its report directory. */
  private CellResult openLoopClient(String client, long[] service, long[] intended)
      throws IOException {
    Path prefix = new ReportLayout(dir.resolve(client)).histogramOutputPrefix(1_000_000, "hdd");
    java.nio.file.Files.createDirectories(prefix.getParent());
    LatencyStats s = HistogramLogMerge.read(YcsbLogs.write(prefix, "READ", List.of(service)));
    LatencyStats i =
        HistogramLogMerge.read(YcsbLogs.write(prefix, "Intended-READ", List.of(intended)));
    return serverSeenBy(1, 1, 0.99, service.length)
        .latency("READ", s)
        .intendedLatency("READ", i)
        .build();
  }

  @Test
  void theTimeSeriesIsSummedSecondBySecondWithTheHighestP99() throws IOException {
    SeriesCsv.Row preload =
        new SeriesCsv.Row(
            1,
            SeriesCsv.Phase.PRELOAD,
            -2,
            -0.1,
            null,
            null,
            null,
            null,
            null,
            SeriesCsv.Row.Warmup.NONE);
    SeriesCsv.append(
        new ReportLayout(dir.resolve("a")),
        1_000_000,
        "hdd",
        1,
        List.of(
            preload,
            second(SeriesCsv.Phase.RUN, 0, 100, 2.0),
            second(SeriesCsv.Phase.RUN, 1, 90, 3.0)));
    SeriesCsv.append(
        new ReportLayout(dir.resolve("b")),
        1_000_000,
        "hdd",
        1,
        List.of(
            second(SeriesCsv.Phase.RUN, 0.01, 50, 4.0),
            second(SeriesCsv.Phase.RUN, 1.01, 40, 1.0)));

    CellResult merged =
        merge(serverSeenBy(1, 1, 0.9, 190).build(), serverSeenBy(1, 1, 0.9, 90).build());

    List<SeriesCsv.Row> rows =
        SeriesCsv.read(new ReportLayout(dir.resolve("out")).series(1_000_000, "hdd"));
    assertEquals(3, rows.size(), rows::toString);
    assertEquals(preload, rows.get(0), "the first client's preload");
    assertEquals(150L, rows.get(1).operations());
    assertEquals(150.0, rows.get(1).opsPerSec());
    assertEquals(4.0, rows.get(1).p99Millis(), "the highest client's p99");
    assertEquals(130L, rows.get(2).operations());
    assertEquals(3.0, rows.get(2).p99Millis());
    assertEquals(1.0, rows.get(2).startSeconds(), "the first client's times");
    assertTrue(merged.notes().contains(SeriesMerge.NOTE), merged.notes()::toString);
  }

  @Test
  void aClientWithoutTheSeriesLeavesTheMergedCellWithoutOne() throws IOException {
    SeriesCsv.append(
        new ReportLayout(dir.resolve("a")),
        1_000_000,
        "hdd",
        1,
        List.of(second(SeriesCsv.Phase.RUN, 0, 100, 2.0)));
    CellResult merged =
        merge(serverSeenBy(1, 1, 0.9, 100).build(), serverSeenBy(1, 1, 0.9, 90).build());
    assertFalse(Files.exists(new ReportLayout(dir.resolve("out")).series(1_000_000, "hdd")));
    assertTrue(
        merged.notes().contains("no time series: b kept none for this cell"),
        merged.notes()::toString);
  }

  private static SeriesCsv.Row second(SeriesCsv.Phase phase, double start, long ops, double p99) {
    return new SeriesCsv.Row(
        1, phase, start, start + 1, ops, (double) ops, p99, "READ", p99, SeriesCsv.Row.Warmup.NONE);
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
  private static CellResultBuilder serverSeenBy(
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
