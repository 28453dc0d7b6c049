package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.cli.MongodbTieredCli;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.HistogramLogMerge;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Given the embedded stand-in and a small data set, when a cell is measured with --repeats 2, then
 * both runs keep their HdrHistogram logs, the cell's latencies are both runs' values together, and
 * its throughput interval comes from the two runs' means; resuming with another --repeats is
 * refused like any other setting, and --repeats 0 is refused naming the option; --repeats auto
 * measures 3 to 8 runs and notes why it stopped.
 */
class RepeatedSweepTest {
  @TempDir Path dir;

  @Test
  void twoRepeatsGiveAnIntervalOverTheirMeansAndKeepBothRunsLogs() throws Exception {
    Path out = dir.resolve("report");
    Run two = sweep(out, "--repeats", "2");
    assertEquals(0, two.exit(), two.log());

    CellResult cell = new CellStore(out).all().get(0);
    assertTrue(cell.ok(), cell.toString());
    assertEquals(2.0, cell.metric(Metric.REPEATS), cell.toString());
    assertEquals(2, cell.settings().repeats());
    Double low = cell.metric(Metric.OPS_PER_SEC_CI95_LOW);
    Double high = cell.metric(Metric.OPS_PER_SEC_CI95_HIGH);
    assertNotNull(low, cell.toString());
    assertTrue(
        low <= cell.throughputOpsPerSec() && cell.throughputOpsPerSec() <= high, cell.toString());
    assertNotNull(cell.metric(Metric.OPS_PER_SEC_CV_PCT), cell.toString());
    assertNotNull(cell.metric(Metric.UNSTABLE), cell.toString());
    assertTrue(cell.metric(Metric.INTERVALS) >= 4, cell.toString());
    assertTrue(cell.metric(Metric.P99_MS_LOW) <= cell.metric(Metric.P99_MS_HIGH), cell.toString());
    // Each repeat by itself, for compare: the cell's throughput is their mean.
    assertEquals(2, cell.repeatRuns().size(), cell.toString());
    double mean =
        cell.repeatRuns().stream().mapToDouble(r -> r.opsPerSec()).average().orElseThrow();
    assertEquals(cell.throughputOpsPerSec(), mean, 1e-6 * mean);
    for (var r : cell.repeatRuns()) {
      assertTrue(
          cell.metric(Metric.P99_MS_LOW) <= r.p99Ms()
              && r.p99Ms() <= cell.metric(Metric.P99_MS_HIGH),
          cell.toString());
    }

    ReportLayout layout = new ReportLayout(out);
    Map<String, Path> first = layout.histogramsOf(500, "fast-small", 1);
    Map<String, Path> second = layout.histogramsOf(500, "fast-small", 2);
    assertTrue(first.containsKey("READ"), first.toString());
    assertTrue(second.containsKey("READ"), second.toString());
    long logged =
        HistogramLogMerge.total(List.of(first.get("READ"), second.get("READ"))).getTotalCount();
    assertEquals(logged, cell.latencies().get("READ").count(), "both repeats' values together");

    String header = Files.readAllLines(layout.summary()).get(0);
    for (String column :
        List.of("ops_per_sec_ci95_low", "ops_per_sec_cv_pct", "p99_ms_high", "repeats")) {
      assertTrue(header.contains("," + column + ","), header); // filled: see SummaryCsvTest
    }

    Run other = sweep(out, "--repeats", "1");
    assertEquals(2, other.exit(), other.log());
    assertTrue(other.log().contains("repeats: 2 → 1"), other.log());

    Run again = sweep(out, "--repeats", "1", "--remeasure");
    assertEquals(0, again.exit(), again.log());
    assertTrue(
        layout.histogramsOf(500, "fast-small", 2).isEmpty(),
        "the replaced cell's second repeat's logs went with it");
  }

  @Test
  void autoMeasuresUntilTheIntervalIsNarrowOrTheMaximumAndSaysWhich() throws Exception {
    Path out = dir.resolve("auto");
    // auto:3 bounds the test's time; RepeatsAutoTest holds the rule to worked examples.
    Run auto = sweep(out, "--repeats", "auto:3", "--seconds", "2");
    assertEquals(0, auto.exit(), auto.log());
    CellResult cell = new CellStore(out).all().get(0);
    assertTrue(cell.ok(), cell.toString());
    int runs = cell.repeatRuns().size();
    assertEquals(runs, cell.metric(Metric.REPEATS), cell.toString());
    assertEquals(3, runs, cell.toString());
    assertEquals("auto:3", cell.settings().repeatsSetting());
    double halfPct =
        50
            * (cell.metric(Metric.OPS_PER_SEC_CI95_HIGH) - cell.metric(Metric.OPS_PER_SEC_CI95_LOW))
            / cell.throughputOpsPerSec();
    String why =
        cell.notes().stream()
            .filter(n -> n.startsWith("repeats auto: stopped"))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no note on why: " + cell.notes()));
    if (halfPct <= Repeats.AUTO_HALF_WIDTH_PCT) {
      assertTrue(why.contains("after " + runs + " runs"), why);
    } else {
      assertTrue(why.contains("still"), why);
      assertTrue(why.contains("maximum of " + runs), why);
    }

    Run counted = sweep(out, "--repeats", "3", "--seconds", "2");
    assertEquals(2, counted.exit(), counted.log());
    assertTrue(counted.log().contains("repeats: auto:3 → 3"), counted.log());
  }

  @Test
  void oneRunGivesAnIntervalFromItsBatchMeans() throws Exception {
    Path out = dir.resolve("one");
    Run one = sweep(out);
    assertEquals(0, one.exit(), one.log());
    CellResult cell = new CellStore(out).all().get(0);
    assertEquals(1.0, cell.metric(Metric.REPEATS), cell.toString());
    // 6 s measured: 5 full seconds at least, two or more batches of 2 s.
    assertTrue(cell.metric(Metric.INTERVALS) >= 5, cell.toString());
    assertNotNull(cell.metric(Metric.OPS_PER_SEC_CI95_LOW), cell.toString());
    assertNotNull(cell.metric(Metric.OPS_PER_SEC_CV_PCT), cell.toString());
    assertEquals(List.of(), cell.repeatRuns(), "one run: the cell is the run");
  }

  @Test
  void repeatsBelowOneAreRefusedNamingTheOption() {
    Run zero = sweep(dir.resolve("zero"), "--repeats", "0");
    assertEquals(2, zero.exit(), zero.log());
    assertTrue(zero.log().contains("--repeats"), zero.log());
    assertTrue(zero.log().contains("1 or more"), zero.log());
    assertFalse(zero.log().contains("\tat "), "no stack trace: " + zero.log());
    Run word = sweep(dir.resolve("word"), "--repeats", "often");
    Run two = sweep(dir.resolve("two"), "--repeats", "auto:2");
    assertEquals(2, two.exit(), two.log());
    assertTrue(two.log().contains("'auto:2': use a whole number"), two.log());
    assertEquals(2, word.exit(), word.log());
    assertTrue(
        word.log().contains("'often': use a whole number of 1 or more, or auto"), word.log());
  }

  private record Run(int exit, String log) {}

  private Run sweep(Path out, String... more) {
    Path profiles = dir.resolve("fast.profiles");
    try {
      Files.writeString(
          profiles, "[fast-small]\nread-iops = 5000\nwrite-iops = 5000\nwiredtiger-cache = 64m\n");
    } catch (java.io.IOException e) {
      throw new IllegalStateException(e);
    }
    List<String> args =
        new ArrayList<>(
            List.of(
                "sweep",
                "--server",
                "embedded",
                "--profiles-file",
                profiles.toString(),
                "--profiles",
                "fast-small",
                "--recordcounts",
                "500",
                "--threads",
                "2",
                "--warmup",
                "0",
                "--no-disk-baseline",
                "--no-progress",
                "--out",
                out.toString()));
    args.addAll(Arrays.asList(more));
    if (!args.contains("--seconds")) {
      args.addAll(List.of("--seconds", "6"));
    }
    StringWriter log = new StringWriter();
    CommandLine cl = MongodbTieredCli.commandLine();
    cl.setOut(new PrintWriter(log, true));
    cl.setErr(new PrintWriter(log, true));
    int exit = cl.execute(args.toArray(String[]::new));
    return new Run(exit, log.toString());
  }
}
