package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellResultBuilder;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.RepeatRun;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Given a cell as a sweep wrote it, then changed by hand: which of its figures are refused. */
class CellChecksTest {
  /** One run of 26,478 operations in 3,005 ms, its hit ratios worked out from their counts. */
  private static CellResultBuilder measured() {
    return Cells.cell(20_000, "hdd")
        .run(26_478, 3_005, 26_478 * 1000.0 / 3_005)
        .metric(Metric.WT_PAGES_READ_INTO_CACHE, 120)
        .metric(Metric.WT_PAGES_REQUESTED, 1_000)
        .metric(Metric.WT_HIT_RATIO, 0.88)
        .metric(Metric.FS_BYTES_REQUESTED, 4_096_000)
        .metric(Metric.DEVICE_BYTES_READ, 1_024_000)
        .metric(Metric.FS_HIT_RATIO, 0.75)
        .metric(Metric.FS_READ_OPS_REQUESTED, 1_000)
        .metric(Metric.DEVICE_READ_OPS, 250)
        .metric(Metric.FS_HIT_RATIO_OPS, 0.75)
        .metric(Metric.DEVICE_READS_PER_SEC, 83.2)
        .metric(Metric.RUN_DRIFT_PCT, -12.5)
        .metric(Metric.OPS_PER_SEC_CI95_LOW, -40.0)
        .metric(Metric.OPS_PER_SEC_CI95_HIGH, 17_000.0)
        .metric(Metric.STEADY_STATE, 1);
  }

  private static String problems(CellResultBuilder b) {
    return String.join("; ", CellChecks.problems(b.build()));
  }

  @Test
  void aCellAsMeasuredPassesSignedDriftAndANegativeIntervalEndIncluded() {
    assertEquals("", problems(measured()));
  }

  @Test
  void negativeDeviceReadsAreRefusedNamingTheFieldAndTheRange() {
    String p =
        problems(
            measured()
                .metric(Metric.DEVICE_READ_OPS, -250)
                .metric(Metric.DEVICE_READS_PER_SEC, -83.2));
    assertTrue(p.contains("metrics.DEVICE_READ_OPS -250.0 is not at least 0"), p);
    assertTrue(p.contains("metrics.DEVICE_READS_PER_SEC -83.2 is not from 0 to 1e+09"), p);
  }

  @Test
  void aThroughputItsOperationsAndRuntimeDoNotMakeIsRefusedWithBoth() {
    String p = problems(measured().run(26_478, 3_005, 9.99e8));
    assertEquals(
        "throughputOpsPerSec 999000000.0 does not follow from 26478 operations in 3005 ms"
            + " (8811.3 ops/s)",
        p);
  }

  @Test
  void ratiosBeyondOneAndFlagsBetweenAreRefused() {
    assertTrue(
        problems(measured().metric(Metric.WT_HIT_RATIO, 1.5))
            .contains("metrics.WT_HIT_RATIO 1.5 is not from 0 to 1"));
    assertTrue(
        problems(measured().metric(Metric.STEADY_STATE, 0.5))
            .contains("metrics.STEADY_STATE 0.5 is not 0 or 1"));
    assertTrue(
        problems(measured().metric(Metric.DEVICE_UTIL_PCT, -1))
            .contains("metrics.DEVICE_UTIL_PCT -1.0 is not at least 0"));
  }

  @Test
  void aHitRatioItsCountsDoNotGiveIsRefusedWithTheCounts() {
    String p = problems(measured().metric(Metric.FS_HIT_RATIO_OPS, 0.999));
    assertEquals(
        "metrics.FS_HIT_RATIO_OPS 0.999 does not follow from metrics.DEVICE_READ_OPS 250 of"
            + " metrics.FS_READ_OPS_REQUESTED 1000 (0.750000)",
        p);
    // More read from the device than asked for: the sweep keeps the ratio at 0.
    assertEquals(
        "",
        problems(
            measured().metric(Metric.DEVICE_BYTES_READ, 9e9).metric(Metric.FS_HIT_RATIO, 0.0)));
  }

  @Test
  void percentilesThatFallBeforeTheMaxAreRefused() {
    String p =
        problems(
            measured().latency("READ", new LatencyStats(900, 1234, 1000, 2000, 900, 4000, 5000)));
    assertTrue(
        p.contains("latencies.READ.p99Micros 900 is below latencies.READ.p95Micros 2000"), p);
  }

  @Test
  void intervalEndsTheWrongWayRoundAreRefused() {
    String p = problems(measured().metric(Metric.P99_MS_LOW, 9.0).metric(Metric.P99_MS_HIGH, 3.0));
    assertTrue(p.contains("metrics.P99_MS_LOW 9.0 is above metrics.P99_MS_HIGH 3.0"), p);
  }

  @Test
  void repeatsThroughputIsTheMeanOfItsRunsAndTheirHitRatiosAreMeansNotCounts() {
    CellResultBuilder repeats =
        measured()
            .run(60_000, 6_000, 10_250)
            .repeatRuns(List.of(new RepeatRun(10_000, 1.0), new RepeatRun(10_500, 1.1)))
            .metric(Metric.WT_HIT_RATIO, 0.9);
    assertEquals("", problems(repeats));
    assertEquals(
        "throughputOpsPerSec 20500.0 is not the mean of its 2 runs' (10250.0 ops/s)",
        problems(repeats.run(60_000, 6_000, 20_500)));
  }

  @Test
  void aMergeOfClientsLiesBetweenItsSlowestAndFastestClientTimesTheClients() {
    CellResultBuilder merged =
        measured()
            .run(50_000, 5_100, 10_000)
            .metric(Metric.CLIENTS, 2)
            .metric(Metric.CLIENT_OPS_PER_SEC_MIN, 4_900)
            .metric(Metric.CLIENT_OPS_PER_SEC_MAX, 5_100)
            .metric(Metric.WT_HIT_RATIO, 0.5);
    assertEquals("", problems(merged));
    assertTrue(
        problems(merged.run(50_000, 5_100, 17_622.6))
            .startsWith("throughputOpsPerSec 17622.6 does not follow from 50000 operations"));
    assertTrue(
        problems(merged.run(50_000, 5_100, 9_000)).contains("and its 2 clients' throughputs"));
  }

  @Test
  void aFailedCellThatNeverRanIsNotHeldToItsThroughput() {
    CellResult failed = CellResult.failed(20_000, "hdd", Cells.cell(1, "x").build().server(), "x");
    assertEquals(List.of(), CellChecks.problems(failed));
  }
}
