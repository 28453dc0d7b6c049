package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.cli.MongodbTieredCli;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.Tier;
import io.github.mongodbtiered.results.TimeBreakdown;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Given a profile with its own WiredTiger cache size, when the sweep runs on the embedded stand-in,
 * then each cell's server has that cache, as a container would, and the tiers are judged against
 * it.
 */
class EmbeddedSweepTest {
  private static final long CACHE_BYTES = 32L << 20;

  @Test
  void theEmbeddedServerGetsEachProfilesWiredTigerCache(@TempDir Path dir) throws Exception {
    Path profiles = dir.resolve("small.profiles");
    Files.writeString(
        profiles,
        """
        [small-cache]
        read-iops = 150
        write-iops = 150
        memory = 512m
        wiredtiger-cache = 32m
        """);
    Path out = dir.resolve("report");
    StringWriter log = new StringWriter();
    int exit =
        sweep(
            log,
            "--profiles-file",
            profiles.toString(),
            "--profiles",
            "small-cache",
            "--recordcounts",
            "500",
            "--out",
            out.toString());

    assertEquals(0, exit, log::toString);
    List<CellResult> cells = new CellStore(out).all();
    assertEquals(1, cells.size());
    CellResult cell = cells.get(0);
    assertEquals(
        (double) CACHE_BYTES, cell.metrics().get(Metric.WT_CACHE_MAX_BYTES), cell.toString());
    // 500 records of YCSB's default 1 KB fit 80% of 32 MiB: the sizes and the server agree.
    assertEquals(Tier.WT_CACHE, cell.predictedTier(), cell.toString());
    // Where the time went: the cell's parts, the load step's, and the sweep's sum in run.json.
    for (Metric m :
        List.of(Metric.LOAD_S, Metric.CELL_S, Metric.SERVER_START_S, Metric.SERVER_STOP_S)) {
      assertTrue(cell.metric(m) != null && cell.metric(m) > 0, m + ": " + cell.metric(m));
    }
    assertTrue(
        cell.metric(Metric.CELL_S) > cell.runtimeMillis() / 1000.0, "the cell holds its run");
    TimeBreakdown time = RunManifest.read(out).time();
    assertEquals(cell.metric(Metric.CELL_S), time.secondsOf(TimeBreakdown.Part.CELLS), 1e-9);
    assertEquals(cell.metric(Metric.LOAD_S), time.secondsOf(TimeBreakdown.Part.LOADS), 1e-9);
    // That the profile's disk and memory are labels holds for every cell: the run says it once.
    assertTrue(
        RunManifest.read(out).warnings().stream()
            .anyMatch(
                w -> w.contains("WiredTiger cache is the profile's, but its disk and memory")),
        "run-level meaning");
    assertTrue(cell.notes().stream().noneMatch(n -> n.contains("labels")), cell.notes()::toString);
  }

  @Test
  void cloudVolumesSizedOnTheCommandLineRunEmbeddedAsLabels(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("report");
    StringWriter log = new StringWriter();

    int exit =
        sweep(
            log,
            "--profiles",
            "gp3,gp2:100GiB",
            "--burst-credits",
            "empty",
            "--recordcounts",
            "500",
            "--out",
            out.toString());

    assertEquals(0, exit, log::toString);
    List<CellResult> cells = new CellStore(out).all();
    assertEquals(
        List.of("gp2-100gib", "gp3"),
        cells.stream().map(CellResult::profile).sorted().toList(),
        log::toString);
    assertTrue(cells.stream().allMatch(CellResult::ok), cells::toString);
    // The embedded server throttles nothing, so no bucket runs: no burst figures.
    assertTrue(cells.stream().allMatch(c -> c.metric(Metric.BURST_ON_CREDITS_S) == null));
    assertTrue(RunManifest.read(out).profiles().stream().anyMatch(p -> p.burstIops() == 3000));
  }

  @Test
  void aStepThatAddsRecordsLeavesFilesAboutTheirLiveSize(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("report");
    StringWriter log = new StringWriter();

    int exit = sweep(log, "--recordcounts", "20000,40000", "--out", out.toString());

    assertEquals(0, exit, log::toString);
    // Adding 20,000 records to 20,000 rewrites the pages of the first; without compacting, the
    // file keeps their old blocks as free space: about 1.5 times its live bytes here.
    CellResult cell =
        new CellStore(out)
            .all().stream().filter(c -> c.recordCount() == 40_000).findFirst().orElseThrow();
    double file = cell.metric(Metric.STORAGE_BYTES);
    double live = cell.metric(Metric.FILE_LIVE_BYTES);
    assertTrue(file < 1.25 * live, file + " bytes of file for " + live + " live");
    // Only the step that added to a data set reads the files into the page cache before loading
    // and compacts them after: a load from empty within a checkpoint leaves them compact.
    assertEquals(1, occurrences(log, "compacted the collection's files to"), log::toString);
    assertEquals(1, occurrences(log, ") into the page cache in "), log::toString);
  }

  private static int occurrences(StringWriter log, String text) {
    return log.toString().split(java.util.regex.Pattern.quote(text), -1).length - 1;
  }

  /** The sweep on the embedded server: one cell a record count, a second's run, no warm-up. */
  private static int sweep(StringWriter log, String... args) {
    CommandLine cl = MongodbTieredCli.commandLine();
    cl.setOut(new PrintWriter(log, true));
    cl.setErr(new PrintWriter(log, true));
    List<String> all =
        new ArrayList<>(
            List.of(
                "sweep",
                "--server",
                "embedded",
                "--seconds",
                "1",
                "--warmup",
                "0",
                "--no-disk-baseline",
                "--no-progress"));
    all.addAll(List.of(args));
    if (!all.contains("--profiles")) {
      all.addAll(List.of("--profiles", "none"));
    }
    return cl.execute(all.toArray(new String[0]));
  }
}
