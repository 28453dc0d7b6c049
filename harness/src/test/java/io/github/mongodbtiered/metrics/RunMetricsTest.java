package io.github.mongodbtiered.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.mongodbtiered.results.Metric;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;

class RunMetricsTest {
  private static final WiredTigerCacheStats BEFORE =
      WiredTigerCacheStats.from(Document.parse(Fixtures.text("serverStatus-before.json")));
  // Over the run: 2,684,354,560 block-manager bytes in 100,000 blocks.
  private static final WiredTigerCacheStats AFTER =
      WiredTigerCacheStats.from(Document.parse(Fixtures.text("serverStatus-after.json")));
  private static final ClientCpuUsage CPU = new ClientCpuUsage(null, 0.5, false);
  private static final DataSizes SIZES = new DataSizes(null, null, null);

  @Test
  void bothRatiosFromTheirOwnCounters() {
    // 8 MiB read-ahead: 1,000 device reads fetched 8 GiB, more bytes than were asked for.
    Map<Metric, Double> m =
        derive(
            new ServerSnapshot(BEFORE, null, null, 1_000L, 50L),
            new ServerSnapshot(AFTER, null, null, 1_000L + (8L << 30), 1_050L));
    assertEquals(2_684_354_560.0, m.get(Metric.FS_BYTES_REQUESTED));
    assertEquals((double) (8L << 30), m.get(Metric.DEVICE_BYTES_READ));
    assertEquals(0.0, m.get(Metric.FS_HIT_RATIO), "bytes: read-ahead hides every hit");
    assertEquals(100_000.0, m.get(Metric.FS_READ_OPS_REQUESTED));
    assertEquals(1_000.0, m.get(Metric.DEVICE_READ_OPS));
    assertEquals(0.99, m.get(Metric.FS_HIT_RATIO_OPS), 1e-12);
  }

  @Test
  void theFilesLiveBytesAreKeptBesideTheirSizeAndAbsentWhenUnknown() {
    ServerSnapshot before = new ServerSnapshot(BEFORE, null, null, null, null);
    ServerSnapshot after = new ServerSnapshot(AFTER, null, null, null, null);
    Map<Metric, Double> m =
        RunMetrics.derive(
            before, after, 1, false, CPU, new DataSizes(3_500L, 160L, 6_540L, 3_470L));
    assertEquals(6_540.0, m.get(Metric.STORAGE_BYTES));
    assertEquals(3_470.0, m.get(Metric.FILE_LIVE_BYTES));
    assertFalse(
        RunMetrics.derive(before, after, 1, false, CPU, new DataSizes(3_500L, 160L, 6_540L))
            .containsKey(Metric.FILE_LIVE_BYTES),
        "unknown, not 0");
  }

  @Test
  void withoutTheCgroupsReadCountTheOpsRatioIsUnknownNotZero() {
    // A reader that counts no read requests (or no cgroup at all): the byte ratio stays.
    Map<Metric, Double> m =
        derive(
            new ServerSnapshot(BEFORE, null, null, 0L, null),
            new ServerSnapshot(AFTER, null, null, 26_843_545L, null));
    assertEquals(0.99, m.get(Metric.FS_HIT_RATIO), 1e-9);
    assertEquals(100_000.0, m.get(Metric.FS_READ_OPS_REQUESTED));
    assertFalse(m.containsKey(Metric.DEVICE_READ_OPS));
    assertFalse(m.containsKey(Metric.FS_HIT_RATIO_OPS));
  }

  @Test
  void withoutWiredTigersBlockCountTheOpsRatioIsUnknown() {
    WiredTigerCacheStats none = WiredTigerCacheStats.from(new Document());
    Map<Metric, Double> m =
        derive(
            new ServerSnapshot(none, null, null, 0L, 0L),
            new ServerSnapshot(none, null, null, 4096L, 1L));
    assertEquals(1.0, m.get(Metric.DEVICE_READ_OPS));
    assertFalse(m.containsKey(Metric.FS_READ_OPS_REQUESTED));
    assertFalse(m.containsKey(Metric.FS_HIT_RATIO_OPS));
  }

  @Test
  void aCgroupCountThatWentBackwardsIsUnknown() {
    // The container was replaced between the snapshots: its counters started again from 0.
    Map<Metric, Double> m =
        derive(
            new ServerSnapshot(BEFORE, null, null, 0L, 5_000L),
            new ServerSnapshot(AFTER, null, null, 0L, 10L));
    assertFalse(m.containsKey(Metric.DEVICE_READ_OPS));
    assertFalse(m.containsKey(Metric.FS_HIT_RATIO_OPS));
  }

  private static Map<Metric, Double> derive(ServerSnapshot before, ServerSnapshot after) {
    return RunMetrics.derive(before, after, 60_000_000_000L, false, CPU, SIZES);
  }
}
