package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.testing.Awaits;
import io.github.mongodbtiered.testing.ProcessGroups;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * One writer per report directory and per data directory, through the launcher: a second sweep is
 * refused at once naming the first's pid, a crashed run's lock is taken over, an --out that is not
 * empty, new or an earlier report is refused before anything is written, {@code report DIR} without
 * cells changes nothing, and the disk baseline's probe file outlives neither Ctrl-C nor a kill.
 * Embedded server, no added latency: no Docker needed.
 */
class OneWriterPerDirectoryTest {
  private static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();
  private static final String PROBE_FILE = "mongodb-tiered-probe.dat";
  @TempDir Path dir;
  private final List<Process> started = new ArrayList<>();

  @AfterEach
  void stopAll() throws Exception {
    for (Process p : started) {
      ProcessGroups.killGroup(p);
    }
  }

  @Test
  void aSecondSweepIntoTheSameOutOrDataDirIsRefusedAtOnceNamingTheFirst() throws Exception {
    Path out = dir.resolve("report");
    Path firstLog = dir.resolve("first.log");
    Process first = start(sweep(out, dir.resolve("data1"), 5), firstLog);
    Awaits.untilLine(first, firstLog, "loading records", Duration.ofSeconds(300));

    Result second = run(sweep(out, dir.resolve("data2"), 1));
    assertEquals(2, second.exit(), second.output());
    assertTrue(
        second
            .output()
            .contains(
                "[ERROR] --out " + out + ": another sweep (pid " + first.pid() + ", started "),
        second.output());
    assertTrue(
        second
            .output()
            .contains("is writing this report; wait for it to finish or give another --out"),
        second.output());
    assertFalse(Files.exists(dir.resolve("data2")), "the refused sweep wrote nothing");

    Result third = run(sweep(dir.resolve("report3"), dir.resolve("data1"), 1));
    assertEquals(2, third.exit(), third.output());
    assertTrue(
        third
            .output()
            .contains(
                "[ERROR] --data-dir "
                    + dir.resolve("data1")
                    + ": in use by another run (pid "
                    + first.pid()),
        third.output());

    assertTrue(first.waitFor(300, TimeUnit.SECONDS), "the first sweep did not finish");
    assertEquals(0, first.exitValue(), Files.readString(firstLog));
    List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
    assertEquals(2, summary.size(), "the header and the first's one cell: " + summary);
    try (Stream<Path> cells = Files.list(out.resolve("cells"))) {
      assertEquals(1, cells.count());
    }
  }

  @Test
  void anOutThatIsNotEmptyNewOrAReportIsRefusedAndNothingIsWritten() throws Exception {
    Path cwd = Files.createDirectories(dir.resolve("cwd"));
    Path foreign = Files.createDirectories(dir.resolve("foreign"));
    Files.writeString(foreign.resolve("summary.csv"), "the user's own\n");
    Files.writeString(foreign.resolve("index.html"), "<p>the user's own</p>\n");
    Path file = Files.writeString(dir.resolve("a-file"), "x\n");
    Map<String, String> cases = new TreeMap<>();
    cases.put("", "[ERROR] --out: empty path (an unset shell variable?); give a directory or file");
    cases.put(
        file.toString(),
        "[ERROR] --out " + file + ": is a file, not a directory; give a new directory");
    cases.put(
        foreign.toString(),
        "[ERROR] --out "
            + foreign
            + ": holds index.html, summary.csv but no run.json or cells/, so it is not a report"
            + " of this tool; give a new or empty directory, or an earlier sweep's --out");
    cases.put(
        "/proc/mongodb-tiered-test",
        "[ERROR] --out /proc/mongodb-tiered-test: cannot be created: no such file or directory"
            + " (/proc takes no new directories); give a directory you can write");
    for (Map.Entry<String, String> c : cases.entrySet()) {
      List<String> cmd = sweep(Path.of(c.getKey()), dir.resolve("data"), 1);
      Result r = run(cmd, cwd);
      assertEquals(2, r.exit(), c.getKey() + ": " + r.output());
      assertEquals(c.getValue(), r.output().strip(), "one line, naming the option");
    }
    try (Stream<Path> s = Files.list(cwd)) {
      assertEquals(List.of(), s.toList(), "nothing written into the current directory");
    }
    assertEquals("the user's own\n", Files.readString(foreign.resolve("summary.csv")));
    assertEquals("<p>the user's own</p>\n", Files.readString(foreign.resolve("index.html")));
    try (Stream<Path> s = Files.list(foreign)) {
      assertEquals(2, s.count());
    }
    assertFalse(Files.exists(dir.resolve("data")));
  }

  @Test
  void aKilledRunsLockAndProbeFileAreTakenOverAndRemovedByTheNextRun() throws Exception {
    Path out = dir.resolve("report");
    Path data = dir.resolve("data");
    Path log = dir.resolve("killed.log");
    Process killed = start(sweep(out, data, 30), log);
    Awaits.untilLine(killed, log, "loading records", Duration.ofSeconds(300));
    killed.destroyForcibly(); // SIGKILL: no shutdown hook, no finally
    assertTrue(killed.waitFor(30, TimeUnit.SECONDS));
    // What a run killed during its disk baseline leaves beside the data.
    Files.write(data.resolve(PROBE_FILE), new byte[1 << 20]);

    Result next = run(sweep(out, data, 1));
    assertEquals(0, next.exit(), next.output());
    assertTrue(
        next.output()
            .contains(
                "taking over "
                    + out.resolve("lock")
                    + " left by pid "
                    + killed.pid()
                    + " (started "),
        next.output());
    assertTrue(next.output().contains("), which is no longer running"), next.output());
    assertTrue(
        next.output()
            .contains(
                "disk baseline: removed "
                    + data.resolve(PROBE_FILE)
                    + " (1.0 MiB), the probe file an interrupted earlier run left"),
        next.output());
    assertFalse(Files.exists(data.resolve(PROBE_FILE)));
    assertEquals("", Files.readString(out.resolve("lock")), "released: no owner left in it");
  }

  @Test
  void ctrlCDuringTheDiskBaselineLeavesNoProbeFile() throws Exception {
    Path out = dir.resolve("report");
    Path data = dir.resolve("data");
    Path log = dir.resolve("interrupted.log");
    List<String> cmd = new ArrayList<>(sweep(out, data, 1));
    cmd.remove("--no-disk-baseline");
    cmd.addAll(List.of("--baseline-seconds", "30", "--baseline-file-size", "64m"));
    Process p = start(cmd, log);
    Awaits.untilLine(p, log, "disk baseline host:", Duration.ofSeconds(300));
    interruptOnceTheProbeFileExists(p, data, log);
    assertFalse(Files.exists(data.resolve(PROBE_FILE)), Files.readString(log));
  }

  @Test
  void ctrlCDuringTheDiskBaselineCommandLeavesNoProbeFile() throws Exception {
    Path data = dir.resolve("data");
    Path log = dir.resolve("disk-baseline.log");
    Process p =
        start(
            List.of(
                ROOT.resolve("scripts/mongodb-tiered").toString(),
                "disk-baseline",
                "--data-dir",
                data.toString(),
                "--latency",
                "off",
                "--file-size",
                "64m",
                "--seconds",
                "30"),
            log);
    interruptOnceTheProbeFileExists(p, data, log);
    assertFalse(Files.exists(data.resolve(PROBE_FILE)), Files.readString(log));
  }

  @Test
  void reportOfADirectoryWithoutCellsIsRefusedAndChangesNothing() throws Exception {
    Path out = dir.resolve("report");
    Result sweep = run(sweep(out, dir.resolve("data"), 1));
    assertEquals(0, sweep.exit(), sweep.output());
    try (Stream<Path> cells = Files.list(out.resolve("cells"))) {
      for (Path c : cells.toList()) {
        Files.delete(c);
      }
    }
    Files.delete(out.resolve("cells"));
    Map<Path, String> before = contents(out);

    Result report =
        run(List.of(ROOT.resolve("scripts/mongodb-tiered").toString(), "report", out.toString()));
    assertEquals(2, report.exit(), report.output());
    assertTrue(
        report.output().contains("[ERROR] DIR " + out + ": holds no cells (cells/ is missing"),
        report.output());
    assertEquals(before, contents(out), "nothing changed");
  }

  /**
   * Ctrl-C as a terminal sends it (SIGINT to the whole process group) as soon as the probe's file
   * is there, and waits for the process to end.
   */
  private static void interruptOnceTheProbeFileExists(Process p, Path data, Path log)
      throws Exception {
    Awaits.until(
        Duration.ofSeconds(120),
        () -> Files.exists(data.resolve(PROBE_FILE)),
        () -> assertTrue(p.isAlive(), "ended early: " + Files.readString(log)),
        () -> "no probe file: " + Files.readString(log));
    ProcessGroups.signalGroup(p, "INT");
    assertTrue(p.waitFor(60, TimeUnit.SECONDS), "Ctrl-C did not end it");
  }

  private static Map<Path, String> contents(Path dir) throws IOException {
    Map<Path, String> all = new TreeMap<>();
    try (Stream<Path> s = Files.walk(dir)) {
      for (Path f : s.filter(Files::isRegularFile).toList()) {
        all.put(dir.relativize(f), Files.readString(f, StandardCharsets.ISO_8859_1));
      }
    }
    return all;
  }

  private static List<String> sweep(Path out, Path data, int seconds) {
    return List.of(
        ROOT.resolve("scripts/mongodb-tiered").toString(),
        "sweep",
        "--server",
        "embedded",
        "--recordcounts",
        "2000",
        "--profiles",
        "io1-5000",
        "--seconds",
        Integer.toString(seconds),
        "--warmup",
        "1",
        "--no-disk-baseline",
        "--latency",
        "off",
        "--no-progress",
        "--out",
        out.toString(),
        "--data-dir",
        data.toString());
  }

  record Result(int exit, String output) {}

  private Result run(List<String> cmd) throws Exception {
    return run(cmd, ROOT);
  }

  private Result run(List<String> cmd, Path cwd) throws Exception {
    Path log = Files.createTempFile(dir, "run", ".log");
    Process p = start(cmd, log, cwd);
    assertTrue(p.waitFor(300, TimeUnit.SECONDS), "did not finish: " + cmd);
    return new Result(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
  }

  private Process start(List<String> cmd, Path log) throws IOException {
    return start(cmd, log, ROOT);
  }

  /** In a process group of its own, SIGINT at its default whatever this JVM inherited. */
  private Process start(List<String> cmd, Path log, Path cwd) throws IOException {
    Process p = ProcessGroups.start(cmd, log, cwd);
    started.add(p);
    return p;
  }
}
