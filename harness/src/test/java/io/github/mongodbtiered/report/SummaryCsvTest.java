package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.FsHitBasis;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.PredictedTierBasis;
import io.github.mongodbtiered.results.RepeatRun;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.Tier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class SummaryCsvTest {
  private static final String FIXED_HEAD =
      "record_count,profile,server,status,error,operations,runtime_ms,throughput_ops_per_sec,"
          + "failed_ops,failed_read,failed_update,failed_insert,failed_scan,"
          + "failed_read_modify_write";

  @Test
  void headerHasUnitsOpUnionMetricsThenFlags() {
    CellResult read = Cells.ok(10, "hdd", Tier.WT_CACHE);
    TreeMap<String, LatencyStats> updOnly = new TreeMap<>();
    updOnly.put("UPDATE", new LatencyStats(1, 1, 1, 1, 1, 1, 1));
    CellResult update = withLatencies(Cells.ok(20, "hdd", Tier.WT_CACHE), updOnly);
    String header = lines(SummaryCsv.render(List.of(update, read))).get(0);
    StringBuilder expected = new StringBuilder(FIXED_HEAD);
    for (String op : List.of("read", "update")) {
      for (String c : List.of("count", "mean_us", "p50_us", "p95_us", "p99_us", "p999_us")) {
        expected.append(',').append(op).append('_').append(c);
      }
      expected.append(',').append(op).append("_max_us");
      for (String c : List.of("mean_us", "p50_us", "p95_us", "p99_us", "p999_us", "max_us")) {
        expected.append(',').append(op).append("_intended_").append(c);
      }
    }
    for (Metric m : Metric.values()) {
      expected.append(',').append(m.column());
    }
    expected.append(
        ",predicted_tier,predicted_tier_basis,observed_tier,observed_tier_fs_hit_basis,"
            + "tier_mismatch,client_bound,"
            + "latency_applied,latency_method,"
            + "page_cache_dropped,continued_from,notes,threads,workload_properties,"
            + "rerun_ops_per_sec_low,rerun_ops_per_sec_high,burst");
    assertEquals(expected.toString(), header);
  }

  @Test
  void intendedTimeLatenciesSitBesideEachOperationsServiceTimeAndAreEmptyInAClosedLoop() {
    CellResult open =
        Cells.cell(2000, "io1-5000")
            .intendedLatency("READ", new LatencyStats(900, 2345.67, 1100, 2100, 9000, 12000, 15000))
            .build();
    CellResult closed = Cells.ok(4000, "io1-5000", Tier.WT_CACHE);
    List<String> lines = lines(SummaryCsv.render(List.of(open, closed)));
    String header = lines.get(0);
    assertTrue(
        header.contains(
            "read_max_us,read_intended_mean_us,read_intended_p50_us,read_intended_p95_us,"
                + "read_intended_p99_us,read_intended_p999_us,read_intended_max_us,"),
        header);
    Map<String, String> o = row(lines, 1);
    assertEquals("2345.7", o.get("read_intended_mean_us"));
    assertEquals("1100", o.get("read_intended_p50_us"));
    assertEquals("9000", o.get("read_intended_p99_us"));
    assertEquals("15000", o.get("read_intended_max_us"));
    assertEquals("3000", o.get("read_p99_us"), "the service time stays as it was");
    Map<String, String> c = row(lines, 2);
    assertEquals("", c.get("read_intended_p99_us"), "a closed loop has no intended start");
    assertEquals("3000", c.get("read_p99_us"));
    CellResult failed = open.toBuilder().failed("x").build();
    assertEquals("", row(lines(SummaryCsv.render(List.of(failed))), 1).get("read_intended_p99_us"));
  }

  @Test
  void steadyStateIsAYesOrNoBesideTheWarmUpTimesAndEmptyWithoutAWarmUp() {
    CellResult steady =
        Cells.cell(2000, "io1-5000")
            .metric(Metric.WARMUP_PRELOAD_S, 1.234)
            .metric(Metric.WARMUP_S, 7.06)
            .metric(Metric.STEADY_STATE, 1.0)
            .build();
    CellResult notSteady =
        Cells.cell(3000, "io1-5000")
            .metric(Metric.WARMUP_PRELOAD_S, 0.5)
            .metric(Metric.WARMUP_S, 30.0)
            .metric(Metric.STEADY_STATE, 0.0)
            .build();
    CellResult noWarmUp = Cells.ok(4000, "io1-5000", Tier.WT_CACHE);
    List<String> lines = lines(SummaryCsv.render(List.of(steady, notSteady, noWarmUp)));
    Map<String, String> s = row(lines, 1);
    assertEquals("true", s.get("steady_state"));
    assertEquals("1.2", s.get("warmup_preload_s"));
    assertEquals("7.1", s.get("warmup_s"));
    assertEquals("false", row(lines, 2).get("steady_state"));
    assertEquals("30.0", row(lines, 2).get("warmup_s"));
    assertEquals("", row(lines, 3).get("steady_state"), "no warm-up, no verdict");
  }

  @Test
  void theStatedUncertaintyHasItsColumnsWithUnitsAndUnstableIsAYesOrNo() {
    CellResult quiet =
        Cells.cell(2000, "io1-5000")
            .metric(Metric.OPS_PER_SEC_CI95_LOW, 9876.54)
            .metric(Metric.OPS_PER_SEC_CI95_HIGH, 10123.46)
            .metric(Metric.OPS_PER_SEC_CV_PCT, 1.234)
            .metric(Metric.P99_MS_LOW, 1.2344)
            .metric(Metric.P99_MS_HIGH, 7.5)
            .metric(Metric.INTERVALS, 60.0)
            .metric(Metric.REPEATS, 1.0)
            .metric(Metric.UNSTABLE, 0.0)
            .build();
    CellResult shaky = Cells.cell(4000, "io1-5000").metric(Metric.UNSTABLE, 1.0).build();
    List<String> lines = lines(SummaryCsv.render(List.of(quiet, shaky)));
    Map<String, String> q = row(lines, 1);
    assertEquals("9876.5", q.get("ops_per_sec_ci95_low"));
    assertEquals("10123.5", q.get("ops_per_sec_ci95_high"));
    assertEquals("1.2", q.get("ops_per_sec_cv_pct"));
    assertEquals("1.234", q.get("p99_ms_low"), "to 3 decimals");
    assertEquals("7.500", q.get("p99_ms_high"));
    assertEquals("60", q.get("intervals"));
    assertEquals("1", q.get("repeats"));
    assertEquals("false", q.get("unstable"));
    assertEquals("true", row(lines, 2).get("unstable"));
  }

  @Test
  void failedOperationsAreCountedPerTypeEvenForAFailedCellAndEmptyWhenNotRecorded() {
    CellResult failed =
        Cells.cell(8000, "io1-5000")
            .failedOperations(Map.of("READ", 137L, "UPDATE", 2L))
            .failed("137 of 7150 READ operations and 2 of 300 UPDATE operations failed")
            .build();
    CellResult clean = Cells.cell(2000, "io1-5000").failedOperations(Map.of("READ", 0L)).build();
    CellResult old = Cells.ok(4000, "io1-5000", Tier.WT_CACHE);
    List<String> lines = lines(SummaryCsv.render(List.of(failed, clean, old)));
    Map<String, String> f = row(lines, 3);
    assertEquals("8000", f.get("record_count"));
    assertEquals("failed", f.get("status"));
    assertEquals("139", f.get("failed_ops"));
    assertEquals("137", f.get("failed_read"));
    assertEquals("2", f.get("failed_update"));
    assertEquals("", f.get("failed_insert"), "not performed");
    assertEquals("", f.get("failed_read_modify_write"));
    assertEquals("", f.get("throughput_ops_per_sec"), "a failed cell's figures are no result");
    Map<String, String> c = row(lines, 1);
    assertEquals("0", c.get("failed_ops"));
    assertEquals("0", c.get("failed_read"));
    assertEquals("", c.get("failed_update"));
    Map<String, String> o = row(lines, 2);
    assertEquals("", o.get("failed_ops"), "not recorded is empty, never 0");
    assertEquals("", o.get("failed_read"));
  }

  @Test
  void rowsFormatNumbersAndLeaveUnmeasuredFieldsEmpty() {
    TreeMap<String, LatencyStats> updOnly = new TreeMap<>();
    updOnly.put("UPDATE", new LatencyStats(1, 2.25, 3, 4, 5, 6, 7));
    CellResult a = Cells.ok(10, "hdd", Tier.WT_CACHE);
    CellResult b = withLatencies(Cells.ok(20, "hdd", Tier.FAR_OVER), updOnly);
    List<String> lines = lines(SummaryCsv.render(List.of(a, b)));
    Map<String, String> row = row(lines, 1);
    assertEquals("10", row.get("record_count"));
    assertEquals("1000", row.get("operations"));
    assertEquals("100.0", row.get("throughput_ops_per_sec"));
    assertEquals("900", row.get("read_count"));
    assertEquals("1234.6", row.get("read_mean_us"));
    assertEquals("4000", row.get("read_p999_us"));
    assertEquals("", row.get("update_count"), "an op the cell did not run is empty, not 0");
    assertEquals("1500000000000", row.get("data_bytes"), "no exponent");
    assertEquals("0.987654", row.get("wt_hit_ratio"));
    assertEquals("7.250", row.get("device_await_ms"));
    assertEquals("", row.get("fs_hit_ratio"), "an absent metric is empty, not 0");
    assertEquals("false", row.get("tier_mismatch"));
    assertEquals("true", row.get("latency_applied"));
    assertEquals("a; b", row.get("notes"));
    Map<String, String> second = row(lines, 2);
    assertEquals("", second.get("read_mean_us"));
    assertEquals("2.3", second.get("update_mean_us"));
    assertEquals("true", second.get("tier_mismatch"));
  }

  @Test
  void bothFilesystemHitRatiosAndTheOneTheTierUsed() {
    CellResult byReads =
        Cells.cell(10, "hdd")
            .metric(Metric.FS_BYTES_REQUESTED, 819_200_000L)
            .metric(Metric.DEVICE_BYTES_READ, 155_648_000L)
            .metric(Metric.FS_HIT_RATIO, 0.81)
            .metric(Metric.FS_READ_OPS_REQUESTED, 100_000L)
            .metric(Metric.DEVICE_READ_OPS, 500L)
            .metric(Metric.FS_HIT_RATIO_OPS, 0.995)
            .tiers(Tier.FS_CACHE, Tier.FS_CACHE)
            .fsHitBasis(FsHitBasis.OPS)
            .build();
    CellResult byBytes =
        Cells.cell(20, "hdd")
            .metric(Metric.FS_HIT_RATIO, 0.95)
            .tiers(Tier.FS_CACHE, Tier.SLIGHTLY_OVER)
            .fsHitBasis(FsHitBasis.BYTES)
            .build();
    List<String> lines =
        lines(SummaryCsv.render(List.of(byReads, byBytes, Cells.ok(30, "hdd", null))));
    Map<String, String> row = row(lines, 1);
    assertEquals("0.810000", row.get("fs_hit_ratio"));
    assertEquals("100000", row.get("fs_read_ops_requested"));
    assertEquals("500", row.get("device_read_ops"));
    assertEquals("0.995000", row.get("fs_hit_ratio_ops"));
    assertEquals("ops", row.get("observed_tier_fs_hit_basis"));
    row = row(lines, 2);
    assertEquals("", row.get("fs_hit_ratio_ops"), "not measured, not 0");
    assertEquals("", row.get("device_read_ops"));
    assertEquals("bytes", row.get("observed_tier_fs_hit_basis"));
    assertEquals("", row(lines, 3).get("observed_tier_fs_hit_basis"), "not recorded");
  }

  @Test
  void theFileSizeAndTheLiveBytesAndWhichDecidedThePrediction() {
    // The 3M cell: a 6.7 GB file for 3.5 GB of data says far over; its live bytes do not.
    CellResult byLive =
        Cells.cell(3_000_000, "hdd-150")
            .metric(Metric.STORAGE_BYTES, 6_540_000_000L)
            .metric(Metric.INDEX_BYTES, 160_000_000L)
            .metric(Metric.FILE_LIVE_BYTES, 3_470_000_000L)
            .tiers(Tier.FS_CACHE, Tier.FS_CACHE)
            .predictedTierBasis(PredictedTierBasis.LIVE)
            .build();
    CellResult byFile =
        Cells.cell(3_000_000, "san-600")
            .metric(Metric.STORAGE_BYTES, 6_540_000_000L)
            .metric(Metric.INDEX_BYTES, 160_000_000L)
            .tiers(Tier.FAR_OVER, Tier.FS_CACHE)
            .predictedTierBasis(PredictedTierBasis.FILE)
            .build();
    List<String> lines =
        lines(
            SummaryCsv.render(
                List.of(byLive, byFile, Cells.ok(2_000_000, "hdd-150", Tier.WT_CACHE)),
                List.of("hdd-150", "san-600")));
    Map<String, String> live = row(lines, 2);
    assertEquals("3000000", live.get("record_count"));
    assertEquals("6540000000", live.get("storage_bytes"), "the file size stays");
    assertEquals("3470000000", live.get("file_live_bytes"));
    assertEquals("fs-cache", live.get("predicted_tier"));
    assertEquals("live", live.get("predicted_tier_basis"));
    Map<String, String> file = row(lines, 3);
    assertEquals("", file.get("file_live_bytes"), "not reported: empty, never 0");
    assertEquals("far-over", file.get("predicted_tier"));
    assertEquals("file", file.get("predicted_tier_basis"));
    assertEquals("", row(lines, 1).get("predicted_tier_basis"), "not recorded");
  }

  @Test
  void aFailedCellHasEmptyNumbersAndAQuotedError() {
    CellResult failed =
        CellResult.failed(5, "ssd", ServerKind.URL, "boom, \"quoted\"\r\nsecond line");
    String csv = SummaryCsv.render(List.of(failed, Cells.ok(5, "hdd", null)));
    assertTrue(csv.contains("5,ssd,url,failed,\"boom, \"\"quoted\"\"\r\nsecond line\",,,,"), csv);
    // No bare LF anywhere: every line ends CRLF.
    assertFalse(csv.replace("\r\n", "").contains("\n"));
    assertTrue(csv.endsWith("\r\n"));
  }

  @Test
  void failedMetricsAreEmptyToo() {
    CellResult f = CellResult.failed(5, "ssd", ServerKind.URL, "x");
    CellResult withMetric =
        CellResult.builder(5, "ssd", ServerKind.URL)
            .failed("x")
            .metrics(Map.of(Metric.DATA_BYTES, 0.0))
            .build();
    Map<String, String> row = row(lines(SummaryCsv.render(List.of(withMetric))), 1);
    assertEquals("", row.get("data_bytes"));
    assertEquals("", row.get("operations"));
    assertEquals(SummaryCsv.render(List.of(f)), SummaryCsv.render(List.of(withMetric)));
  }

  @Test
  void sortsByProfileOrderThenRecordCount() {
    List<CellResult> cells =
        List.of(
            Cells.ok(300, "san", null),
            Cells.ok(200, "hdd", null),
            Cells.ok(100, "san", null),
            Cells.ok(100, "hdd", null));
    assertEquals(List.of("san,100", "san,300", "hdd,100", "hdd,200"), keys(cells, List.of()));
    assertEquals(
        List.of("hdd,100", "hdd,200", "san,100", "san,300"), keys(cells, List.of("io1", "hdd")));
  }

  @Test
  void nonFiniteDoublesAreEmptyAndLocaleIsIgnored() {
    java.util.Locale saved = Locale.getDefault();
    try {
      Locale.setDefault(Locale.GERMANY);
      assertEquals("0.500000", SummaryCsv.fixed(0.5, Metric.WT_HIT_RATIO.decimals()));
    } finally {
      Locale.setDefault(saved);
    }
    assertEquals("", SummaryCsv.fixed(Double.NaN, 1));
    assertEquals("", SummaryCsv.fixed(Double.POSITIVE_INFINITY, 1));
  }

  private static List<String> keys(List<CellResult> cells, List<String> order) {
    List<String> out = new ArrayList<>();
    for (String line : lines(SummaryCsv.render(cells, order)).subList(1, cells.size() + 1)) {
      String[] f = line.split(",");
      out.add(f[1] + "," + f[0]);
    }
    return out;
  }

  private static CellResult withLatencies(CellResult c, TreeMap<String, LatencyStats> lat) {
    return new CellResult(
        c.id(),
        c.outcome(),
        c.counts(),
        new CellResult.Latencies(lat, null),
        c.metrics(),
        c.tiers(),
        c.conditions(),
        c.notes(),
        c.settings());
  }

  /** Lines of a CSV whose fields hold no line breaks. */
  static List<String> lines(String csv) {
    assertTrue(csv.endsWith("\r\n"));
    return Arrays.asList(csv.split("\r\n"));
  }

  /** Row {@code i} of a CSV with no quoted fields, by header name. */
  static Map<String, String> row(List<String> lines, int i) {
    String[] names = lines.get(0).split(",", -1);
    String[] values = lines.get(i).split(",", -1);
    assertEquals(names.length, values.length, lines.get(i));
    Map<String, String> row = new TreeMap<>();
    for (int k = 0; k < names.length; k++) {
      row.put(names[k], values[k]);
    }
    return row;
  }

  /** A CSV reader can tell the threads each cell ran with; the columns are last, so others stay. */
  @Test
  void theLastColumnIsTheThreadsTheCellRanWith() {
    List<String> lines =
        lines(
            SummaryCsv.render(
                List.of(
                    Cells.cell(1000, "hdd").settings(HtmlReportTest.settingsWithThreads(4)).build(),
                    Cells.cell(2000, "hdd").build())));
    assertTrue(lines.get(0).contains(",notes,threads,workload_properties,rerun_"), lines.get(0));
    assertEquals("4", row(lines, 1).get("threads"));
    assertEquals("", row(lines, 2).get("threads"), "not recorded");
    // The properties after -p, as the cell recorded them (the file said zipfian; -p uniform ran).
    assertEquals("requestdistribution=uniform", row(lines, 1).get("workload_properties"));
    assertEquals("", row(lines, 2).get("workload_properties"), "not recorded");
  }

  /**
   * Where a re-run is expected: one run's throughput (100.04, no interval) ×/÷ 1.25; three repeats
   * at their geometric mean ± the between-sweeps allowance; nothing for a failed cell.
   */
  @Test
  void theRerunRangeIsDerivedFromTheCellsRuns() {
    CellResult repeated =
        Cells.cell(3000, "hdd")
            .repeatRuns(
                List.of(
                    new RepeatRun(42109, null),
                    new RepeatRun(42299, null),
                    new RepeatRun(41757, null)))
            .build();
    List<String> lines =
        lines(
            SummaryCsv.render(
                List.of(
                    Cells.cell(1000, "hdd").build(),
                    Cells.cell(2000, "hdd").failed("boom").build(),
                    repeated)));
    assertEquals("80.0", row(lines, 1).get("rerun_ops_per_sec_low"));
    assertEquals("125.1", row(lines, 1).get("rerun_ops_per_sec_high"));
    assertEquals("", row(lines, 2).get("rerun_ops_per_sec_low"), "a failed cell");
    assertEquals("", row(lines, 2).get("rerun_ops_per_sec_high"), "a failed cell");
    assertEquals("33682.3", row(lines, 3).get("rerun_ops_per_sec_low"));
    assertEquals("52507.5", row(lines, 3).get("rerun_ops_per_sec_high"));
  }
}
