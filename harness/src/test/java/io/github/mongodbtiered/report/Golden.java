package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellResultBuilder;
import io.github.mongodbtiered.results.FsHitBasis;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.PredictedTierBasis;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.Tier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * A realistic report kept under {@code src/test/resources/golden}: its {@code cells/*.json} (study
 * cells, a cell combined from repeats, cells merged from fleet clients) and the files the code
 * rendered from them before a refactoring, which the golden tests compare byte for byte.
 *
 * <p>Run the golden tests with {@code -Dgolden.update=true} to rewrite the files from the current
 * code: only when a change of the output is intended, and say so in the commit.
 */
public final class Golden {
  /** The golden report directory in the source tree (tests run in the harness module). */
  public static final Path DIR = Path.of("src/test/resources/golden");

  /** The sweep's profile order; gp3-3000 is not in it, so it follows in order of appearance. */
  public static final List<String> PROFILE_ORDER = List.of("io1-5000", "hdd-150");

  private Golden() {}

  static boolean updating() {
    return Boolean.getBoolean("golden.update");
  }

  /** Asserts {@code actual} is the golden file {@code name}, or with golden.update writes it. */
  public static void assertFile(String name, String actual) throws IOException {
    assertFile(name, actual.getBytes(StandardCharsets.UTF_8));
  }

  /** As {@link #assertFile(String, String)} for bytes. */
  public static void assertFile(String name, byte[] actual) throws IOException {
    Path file = DIR.resolve(name);
    if (updating()) {
      Files.createDirectories(file.getParent());
      Files.write(file, actual);
      return;
    }
    assertEquals(
        Files.readString(file, StandardCharsets.UTF_8),
        new String(actual, StandardCharsets.UTF_8),
        name + " differs from the golden file");
  }

  /** Asserts the saved {@code cell} is the golden {@code cells/<cell>.json}, or writes it. */
  public static void assertCell(CellResult cell, Path scratch) throws IOException {
    CellStore store = new CellStore(scratch);
    Files.createDirectories(new ReportLayout(scratch).cells());
    store.save(cell);
    Path saved = store.file(cell.recordCount(), cell.profile());
    assertFile(ReportLayout.CELLS + "/" + saved.getFileName(), Files.readAllBytes(saved));
  }

  /** Every golden cell, as a report reads them. */
  public static List<CellResult> cells() throws IOException {
    return new CellStore(DIR).all();
  }

  /**
   * A value for every metric, different per metric and per {@code seed}, with digits past every
   * column's decimals so that rounding shows; the yes-or-no ones 0 or 1.
   */
  public static CellResultBuilder allMetrics(CellResultBuilder cell, int seed) {
    for (Metric m : Metric.values()) {
      double v = (m.ordinal() + 1) * 1234.567891 * (seed + 1) / 7.0;
      switch (m) {
        case WT_HIT_RATIO, FS_HIT_RATIO, FS_HIT_RATIO_OPS -> v = 1 - 1.0 / (m.ordinal() + seed + 3);
        case STEADY_STATE -> v = seed % 2;
        case UNSTABLE -> v = (seed + 1) % 2;
        case CLIENTS -> v = 1;
        // A merge's alone (a client's throughput within it): a single client's cell has none.
        case CLIENT_OPS_PER_SEC_MIN, CLIENT_OPS_PER_SEC_MAX -> {
          cell.metric(m, null);
          continue;
        }
        case CLIENT_INDEX -> v = seed % 3;
        case REPEATS -> v = 1;
        case INTERVALS -> v = 60 + seed;
        case RUN_STARTED_EPOCH_MS -> v = 1_700_000_000_123.0 + seed * 250.5;
        default -> {}
      }
      cell.metric(m, v);
    }
    // The hit ratios' counts as a measurement gives them: part = whole x (1 - ratio).
    counted(cell, Metric.WT_HIT_RATIO, Metric.WT_PAGES_READ_INTO_CACHE, Metric.WT_PAGES_REQUESTED);
    counted(cell, Metric.FS_HIT_RATIO, Metric.DEVICE_BYTES_READ, Metric.FS_BYTES_REQUESTED);
    counted(cell, Metric.FS_HIT_RATIO_OPS, Metric.DEVICE_READ_OPS, Metric.FS_READ_OPS_REQUESTED);
    return cell;
  }

  private static void counted(CellResultBuilder cell, Metric ratio, Metric part, Metric whole) {
    CellResult c = cell.build();
    cell.metric(part, c.metrics().get(whole) * (1 - c.metrics().get(ratio)));
  }

  static LatencyStats stats(long count, long p99) {
    return new LatencyStats(count, p99 / 3.3, p99 / 4, p99 / 2, p99, p99 * 2, p99 * 5 + 1);
  }

  /** The study's cells without repeats or clients. */
  static List<CellResult> study() {
    CellResult wt =
        allMetrics(CellResult.builder(1_000_000, "io1-5000", ServerKind.DOCKER), 0)
            .run(600_123, 60_004, 10_001.66)
            .latency("READ", stats(570_000, 950))
            .latency("UPDATE", stats(30_123, 1_900))
            .failedOperations(Map.of("READ", 0L, "UPDATE", 0L))
            .tiers(Tier.WT_CACHE, Tier.WT_CACHE)
            .fsHitBasis(FsHitBasis.OPS)
            .predictedTierBasis(PredictedTierBasis.DATA)
            .latencyApplied(true)
            .latencyMethod("dm-delay")
            .pageCacheDropped(true)
            .build();
    CellResult fs =
        allMetrics(CellResult.builder(4_000_000, "io1-5000", ServerKind.DOCKER), 1)
            .run(300_000, 60_000, 5_000.05)
            .latency("READ", stats(300_000, 4_100))
            .intendedLatency("READ", stats(300_000, 9_900))
            .failedOperations(Map.of("READ", 17L))
            .tiers(Tier.FS_CACHE, Tier.FS_CACHE)
            .fsHitBasis(FsHitBasis.BYTES)
            .predictedTierBasis(PredictedTierBasis.LIVE)
            .clientBound(true)
            .latencyApplied(true)
            .latencyMethod("dm-delay")
            .note("a note, with a comma")
            .note("another \"quoted\" one")
            .build();
    CellResult slightly =
        CellResult.builder(2_000_000, "hdd-150", ServerKind.DOCKER)
            .run(120_000, 60_100, 1_996.672)
            .latency("READ", stats(120_000, 40_000))
            .metric(Metric.DATA_BYTES, 2.4e9)
            .metric(Metric.INDEX_BYTES, 4.0e7)
            .metric(Metric.WT_HIT_RATIO, 0.81234567)
            .metric(Metric.FS_HIT_RATIO, 0.5)
            .metric(Metric.STEADY_STATE, 0)
            .metric(Metric.UNSTABLE, 1)
            .tiers(Tier.FS_CACHE, Tier.SLIGHTLY_OVER)
            .predictedTierBasis(PredictedTierBasis.FILE)
            .build();
    CellResult unobserved =
        CellResult.builder(500_000, "hdd-150", ServerKind.EMBEDDED)
            .run(50_000, 10_000, 5_000)
            .latency("READ", stats(25_000, 700))
            .latency("INSERT", stats(25_000, 800))
            .metric(Metric.FS_HIT_RATIO, Double.NaN)
            .tiers(Tier.WT_CACHE, null)
            .build();
    CellResult far =
        allMetrics(CellResult.builder(8_000_000, "gp3-3000", ServerKind.DOCKER), 4)
            .run(10_000, 61_000, 163.93)
            .latency("SCAN", stats(10_000, 900_000))
            .tiers(Tier.FAR_OVER, Tier.FAR_OVER)
            .build();
    CellResult failed =
        CellResult.builder(16_000_000, "hdd-150", ServerKind.DOCKER)
            .failed("server exited: out of memory")
            .failedOperations(Map.of("READ", 3L, "READ-MODIFY-WRITE", 2L))
            .metric(Metric.DATA_BYTES, 1.9e10)
            .tiers(Tier.FAR_OVER, null)
            .build();
    return List.of(wt, fs, slightly, unobserved, far, failed);
  }
}
