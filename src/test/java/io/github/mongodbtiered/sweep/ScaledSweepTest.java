package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.cli.MongodbTieredCli;
import io.github.mongodbtiered.report.ReportPageCheck;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.results.ToolBuild;
import io.github.mongodbtiered.servers.DockerEnvironment;
import io.github.mongodbtiered.servers.ServerImages;
import io.github.mongodbtiered.volumes.LatencyMethod;
import io.github.mongodbtiered.volumes.VolumeSupport;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Given two scaled-down profiles on the server under test, when a sweep runs over record counts
 * from "fits in memory" to "far over memory", then summary.csv shows the study's shape.
 *
 * <p>One sweep, run once for the class; a check that needs what this host may lack (the delayed
 * volume, WiredTiger) is a test of its own, skipped with the reason when it is missing.
 */
@Tag("integration")
class ScaledSweepTest {
  // 10 KB records in 512 MiB containers with a 64 MiB cache: 3k = ~30 MB (fits the cache's usable
  // 80%), 15k = ~150 MB (over the cache, within the page cache the container has left), 80k =
  // ~800 MB (far over both).
  private static final List<Long> COUNTS = List.of(3_000L, 15_000L, 80_000L);

  /** The report of the one sweep every test here reads. */
  @TempDir static Path out;

  private static RunManifest manifest;
  private static List<String> lines;
  private static List<String> header;

  /** summary.csv's rows by "profile@record_count". */
  private static Map<String, Map<String, String>> rows;

  /** The disk baseline and cells ran on the delayed volume (latency really applied). */
  private static boolean delayed;

  /** The server reported WiredTiger cache statistics. */
  private static boolean wiredTiger;

  @BeforeAll
  static void sweep() throws Exception {
    String reason = DockerEnvironment.unavailableReason();
    assumeTrue(reason.isEmpty(), () -> "container tests skipped: " + reason);
    SweepRunner.Outcome outcome =
        SweepScenario.docker()
            .records(COUNTS)
            .workload("fieldlength=1000")
            .seconds(12)
            .warmup(8)
            .run(out);
    assertEquals(0, outcome.failed(), outcome.cells().toString());

    manifest = RunManifest.read(out);
    delayed = manifest.volume() != null && !"off".equals(manifest.volume().method());
    lines = Files.readAllLines(out.resolve("summary.csv"));
    System.out.println(String.join("\n", lines));
    header = List.of(lines.get(0).split(",", -1));
    rows = new HashMap<>();
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.split(",", -1);
      Map<String, String> row = new HashMap<>();
      for (int i = 0; i < header.size(); i++) {
        row.put(header.get(i), f[i]);
      }
      rows.put(row.get("profile") + "@" + row.get("record_count"), row);
    }
    wiredTiger = !rows.get("slow-small@" + COUNTS.get(0)).get("wt_hit_ratio").isEmpty();
  }

  @Test
  void theReportPageRendersAndItsFilesAreKept() throws Exception {
    // The page every sweep writes, rendered as a user sees it.
    ReportPageCheck.assertRendered(
        out, Path.of("target", "artifacts", "scaled-sweep-report-page.png").toAbsolutePath());
    copyPlotsForTheRecord(out);
    assertTrue(Files.exists(out.resolve("run.json")));
    assertTrue(Files.exists(out.resolve("histograms/80000-slow-small-READ.hdr")));
  }

  @Test
  void eachProfilesDiskWasMeasuredBeforeItsCellsAndTheThrottleShows() {
    assertEquals(
        List.of("fast-small", "slow-small"), List.copyOf(manifest.diskBaselines().keySet()));
    for (BaselineStep step : manifest.diskBaselines().get("slow-small")) {
      // A disk that holds every I/O for its latency completes at most threads / latency per
      // second: one thread at 7 ms (plus the volume's own ~1 ms) cannot reach 150 IOPS, two can,
      // and the throttle then holds them to 150. The latency is the one delivered (p50), not the
      // one asked, so the bound follows the stack under the disk rather than guessing its cost.
      // One thread completes 1 / mean latency, and a busy host's tail lifts the mean above the
      // p50 (ci-16: p50 8.3 ms, p95 20 ms, 88.5 IOPS against 120): hence 0.7 of the bound.
      double bound =
          delayed ? Math.min(150, step.threads() * 1e6 / step.latency().p50Micros()) : 150;
      assertTrue(
          step.rate().iops() > 0.7 * bound && step.rate().iops() < 1.15 * 150,
          "slow-small baseline: " + step);
    }
    assertTrue(manifest.environment() != null && manifest.environment().kernel() != null);
  }

  @Test
  void runJsonRecordsWhatTheImagesTagsAndTheToolsVersionStoodFor() {
    String server = manifest.serverImage();
    String probe = System.getProperty("probe.image", ServerImages.STANDIN_IMAGE);
    assertEquals(ServerImages.localId(server), manifest.imageIds().get(server));
    assertEquals(ServerImages.localId(probe), manifest.imageIds().get(probe), "the probe's");
    assertTrue(
        manifest.imageIds().values().stream().allMatch(id -> id.startsWith("sha256:")),
        manifest.imageIds().toString());
    assertEquals(ToolBuild.current(), manifest.toolBuild());
  }

  @Test
  void onTheDelayedVolumeTheBaselineHoldsTheAddedLatency() {
    assumeTrue(delayed, "the sweep ran without the delayed volume: no latency added to measure");
    for (BaselineStep step : manifest.diskBaselines().get("slow-small")) {
      assertTrue(step.latency().p50Micros() >= 7_000, "+7 ms not in the baseline's p50: " + step);
    }
  }

  @Test
  void everyColumnIsFilledButThoseThisServerCannotHave() {
    assertEquals(7, lines.size(), "header + 6 cells");
    // Every column filled, except those deliberately empty for this server: a server without
    // WiredTiger has no cache statistics, and no tier can be observed without them.
    // The fleet's own figures: a client's index and the balance of several clients (merged).
    List<String> mayBeEmpty =
        new ArrayList<>(
            List.of(
                "error",
                "notes",
                "observed_tier",
                "client_index",
                "client_ops_per_sec_min",
                "client_ops_per_sec_max",
                "client_start_spread_ms"));
    for (String h : header) {
      // burst_*: these profiles have no burst bucket (BurstSweepTest has one).
      if (h.startsWith("wt_")
          || h.startsWith("burst")
          || (!wiredTiger && (h.equals("storage_bytes") || h.equals("file_live_bytes")))) {
        mayBeEmpty.add(h);
      }
    }
    for (Map<String, String> row : rows.values()) {
      assertEquals("0", row.get("failed_ops"), "no operation fails on a whole data set: " + row);
      if (row.get("continued_from").isEmpty()) {
        // The caches warm with the disk limits lifted for at most half the 8 s bound (they
        // cannot be judged steady sooner than its 10 s trend window), the rest runs under the
        // limits.
        double lifted = Double.parseDouble(row.get("warmup_lifted_s"));
        assertTrue(
            lifted >= 4 && lifted <= 5 && lifted <= Double.parseDouble(row.get("warmup_s")),
            "warm-up with the limits lifted: " + row);
      }
      for (String h : header) {
        if (!mayBeEmpty.contains(h) && !mayBeEmptyIn(row, h)) {
          assertFalse(row.get(h).isEmpty(), h + " is empty in " + row);
        }
      }
    }
  }

  /** Whether column {@code h} of {@code row} is empty by design, for what this cell did. */
  private static boolean mayBeEmptyIn(Map<String, String> row, String h) {
    // A data set served wholly by the WiredTiger cache asks the file system for nothing: a
    // hit ratio of 0 bytes out of 0 is undefined, so empty.
    boolean noFileReads =
        (h.equals("fs_hit_ratio") && row.get("fs_bytes_requested").equals("0"))
            || (h.equals("fs_hit_ratio_ops") && row.get("fs_read_ops_requested").equals("0"))
            // The basis names the filesystem ratio the tier used: none when neither is known.
            || (h.equals("observed_tier_fs_hit_basis")
                && row.get("fs_hit_ratio").isEmpty()
                && row.get("fs_hit_ratio_ops").isEmpty());
    boolean noLatency = h.equals("latency_method") && row.get("latency_applied").equals("false");
    // r_await is per read: a cell whose data volume saw no read has none.
    boolean noDeviceReads =
        h.equals("device_await_ms") && Double.parseDouble(row.get("device_reads_per_sec")) == 0;
    // Failures are counted per operation type the run performed: a read-only run has no
    // failed updates, only failed reads (0 here) and failed_ops.
    boolean notPerformed =
        h.startsWith("failed_")
            && !h.equals("failed_ops")
            && row.getOrDefault(h.substring("failed_".length()) + "_count", "").isEmpty();
    // Intended-time latencies exist only for an open loop (--target); this sweep is closed.
    boolean closedLoop = h.contains("_intended_");
    // A cell that went on with the server of the one before had no preload, no lifted stage and
    // no start of its own; the one before left its server running, unstopped.
    boolean continued = !row.get("continued_from").isEmpty();
    boolean warmOn =
        (continued
                && List.of("warmup_preload_s", "page_cache_fill_s", "warmup_lifted_s").contains(h))
            || (!continued && h.equals("continued_from"))
            || (h.equals("server_stop_s") && row.get("profile").equals("fast-small"));
    return closedLoop || noFileReads || noLatency || noDeviceReads || notPerformed || warmOn;
  }

  @Test
  void withoutWiredTigerTheCacheColumnsAreEmptyNotZero() {
    assumeTrue(!wiredTiger, "the server reports WiredTiger cache statistics");
    for (Map<String, String> row : rows.values()) {
      for (String h : header) {
        if (h.startsWith("wt_")) {
          assertTrue(row.get(h).isEmpty(), h + " must be empty, not 0, without WiredTiger");
        }
      }
    }
  }

  @Test
  void throughputFallsAndTailLatencyRisesAsTheDataOutgrowsMemoryOnTheSlowDisk() {
    double[] slow = new double[COUNTS.size()];
    double[] p99 = new double[COUNTS.size()];
    for (int i = 0; i < COUNTS.size(); i++) {
      Map<String, String> row = rows.get("slow-small@" + COUNTS.get(i));
      slow[i] = Double.parseDouble(row.get("throughput_ops_per_sec"));
      p99[i] = Double.parseDouble(row.get("read_p99_us"));
    }
    // Far over memory the slow disk sets the pace. (The middle count, in the filesystem cache,
    // differs from the smallest by less than this shared 2-core machine's noise: not asserted.)
    assertTrue(slow[0] > 2 * slow[2], "slow disk: throughput did not fall: " + List.of(slow));
    assertTrue(p99[2] > p99[0], "slow disk: p99 did not rise with the record count");

    double fastLargest =
        Double.parseDouble(rows.get("fast-small@80000").get("throughput_ops_per_sec"));
    assertTrue(
        fastLargest > 3 * slow[2],
        "at the largest count the throttled profile is not clearly slower: fast "
            + fastLargest
            + " vs slow "
            + slow[2]);
  }

  @Test
  void onWiredTigerTheCellsLandInAtLeastThreeTiers() {
    // As in the study's table.
    assumeTrue(wiredTiger, "the server reports no WiredTiger cache statistics: no tiers observed");
    Set<String> tiers = new TreeSet<>();
    for (Map<String, String> row : rows.values()) {
      assertFalse(row.get("wt_hit_ratio").isEmpty(), "wt_hit_ratio empty in " + row);
      tiers.add(row.get("observed_tier"));
    }
    tiers.remove("");
    assertTrue(tiers.size() >= 3, "observed tiers " + tiers + " in " + rows.values());
    assertEquals(
        "wt-cache",
        rows.get("slow-small@" + COUNTS.get(0)).get("observed_tier"),
        "the smallest data set fits the WiredTiger cache");
  }

  @Test
  void theSlowProfileGoesOnWithTheFastOnesServerWhereItsCachesHeldTheData() {
    // The two profiles differ only in IOPS and added latency: where the fast cell's caches held
    // its data (it read next to nothing from its device), the slow cell of that count takes over
    // its running server instead of a cold start, and warms up under its own limits until its own
    // steady state; where the fast cell read its device, the slow one starts cold.
    for (long count : COUNTS) {
      Map<String, String> fast = rows.get("fast-small@" + count);
      Map<String, String> slow = rows.get("slow-small@" + count);
      boolean quiet =
          Double.parseDouble(fast.get("device_read_ops"))
              < 0.01 * Double.parseDouble(fast.get("operations"));
      assertEquals("", fast.get("continued_from"), fast.toString());
      assertEquals(quiet ? "fast-small" : "", slow.get("continued_from"), slow.toString());
      assertEquals(quiet, fast.get("server_stop_s").isEmpty(), "kept running: " + fast);
      assertEquals(quiet, slow.get("warmup_preload_s").isEmpty(), "preload: " + slow);
      assertEquals(
          quiet,
          slow.get("notes").contains("continued the fast-small cell's server"),
          slow.get("notes"));
    }
    assertEquals(
        "fast-small",
        rows.get("slow-small@" + COUNTS.get(0)).get("continued_from"),
        "the smallest data set fits the cache: its slow cell goes on");
    // Its own limits: the kernel held the slow cell's server to 150 IOPS, not the fast one's 5000.
    Map<String, String> farOver = rows.get("slow-small@80000");
    assertTrue(
        Double.parseDouble(farOver.get("device_reads_per_sec")) <= 1.15 * 150,
        "slow-small far over memory read " + farOver.get("device_reads_per_sec") + "/s");
  }

  @Test
  void theSlowProfilesAddedLatencyIsInTheIoPath() {
    // Wherever this host can build the delayed volume (CI can): far over memory, the median read
    // waits for the disk.
    assumeTrue(
        VolumeSupport.ofThisHost().choose(LatencyMethod.AUTO).method() != LatencyMethod.OFF,
        "this host cannot build the delayed volume");
    assertTrue(
        Set.of("nbd", "dm").contains(manifest.volume().method()), manifest.volume().toString());
    Map<String, String> farOver = rows.get("slow-small@80000");
    assertEquals("true", farOver.get("latency_applied"));
    assertEquals(manifest.volume().method(), farOver.get("latency_method"));
    double p50 = Double.parseDouble(farOver.get("read_p50_us"));
    System.out.println("slow-small@80000 READ p50 " + p50 + " us, volume " + manifest.volume());
    assertTrue(p50 >= 7_000, "far over memory on +7 ms, READ p50 is " + p50 + " us");
  }

  /** The plots of this run, kept beside the screenshot for anyone reading the CI artifacts. */
  /**
   * advise reads this real sweep end to end: its leave-one-profile-out check is printed and every
   * cell is either checked or named with why not. Not an accuracy target: a busy host's cells are
   * what they are (the figures go to the log).
   */
  @Test
  void advisePrintsTheLeaveOneOutCheckOfThisSweep() {
    StringWriter text = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = MongodbTieredCli.commandLine();
    cl.setOut(new PrintWriter(text, true));
    cl.setErr(new PrintWriter(err, true));
    // A busy host's cells are often not steady: fitted anyway, and the output says so.
    int exit = cl.execute("advise", out.toString(), "--p99-ms", "100", "--include-unsteady");
    System.out.println(text);
    String printed = text.toString();
    if (!wiredTiger || !delayed) {
      // Without device reads or a delayed disk there is nothing to model: refused, saying why.
      assertEquals(2, exit, err.toString());
      return;
    }
    assertEquals(0, exit, err.toString());
    assertTrue(printed.contains("Leave one profile out"), printed);
    Matcher summary =
        Pattern.compile("all (\\d+) cells: throughput error median [0-9.]+%, worst [0-9.]+%")
            .matcher(printed);
    assertTrue(summary.find(), printed);
    for (String profile : List.of("fast-small", "slow-small")) {
      for (long count : COUNTS) {
        Pattern row =
            Pattern.compile(
                "(?m)^  " + count + " x " + profile + "\\s+(yes|no)\\s+\\d+\\s+\\d+\\s+[+-]\\d");
        assertTrue(
            row.matcher(printed).find() || printed.contains(count + " x " + profile + "  "),
            count + " x " + profile + " neither checked nor named:\n" + printed);
      }
    }
  }

  private static void copyPlotsForTheRecord(Path report) throws java.io.IOException {
    Path to = Files.createDirectories(Path.of("target", "artifacts", "scaled-sweep-plots"));
    try (var files = Files.list(report.resolve("plots"))) {
      for (Path f : files.toList()) {
        Files.copy(f, to.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }
}
