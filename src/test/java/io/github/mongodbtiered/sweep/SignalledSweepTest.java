package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.servers.DockerEnvironment;
import io.github.mongodbtiered.servers.HostLeftovers;
import io.github.mongodbtiered.testing.Awaits;
import io.github.mongodbtiered.testing.ProcessGroups;
import io.github.mongodbtiered.volumes.LatencyMethod;
import io.github.mongodbtiered.volumes.VolumeSupport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given an embedded sweep on a delayed (nbd) volume, started as from a terminal (a process group of
 * its own), when SIGINT or SIGTERM goes to the whole group, as Ctrl-C, {@code timeout} and {@code
 * kill -- -PGID} send it, during the load, the cell's restart, the preload, the warm-up and the
 * measured run, then each run ends within 30 s, leaves no mount, loop device (none on a vanished
 * file either), nbdkit or nbdfuse, probe file or container, its file system was not shut down under
 * it, and the next run finds the data set intact. The cases share one data directory, in order, so
 * each also checks what the one before left. Tagged integration: six sweeps take minutes.
 */
@Tag("integration")
class SignalledSweepTest {
  private static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();
  private static final Duration ENDS_WITHIN = Duration.ofSeconds(30);
  private static final String CELL = "20000 x slow-small";
  private static final Pattern LOOP_IN_LOG = Pattern.compile("device (loop\\d+) \\(");
  @TempDir static Path dir;
  private static final List<String> outcomes = new ArrayList<>();
  private static boolean loaded;
  private static int runs;

  @BeforeAll
  static void nbdVolume() {
    String missing = "";
    try {
      VolumeSupport.ofThisHost().choose(LatencyMethod.NBD);
    } catch (IllegalArgumentException e) {
      missing = e.getMessage();
    }
    String why = missing;
    assumeTrue(why.isEmpty(), () -> "no nbd volume here: " + why);
  }

  @AfterAll
  static void sayOutcomes() {
    System.out.println("signal cases:\n  " + String.join("\n  ", outcomes));
  }

  @TestFactory
  Stream<DynamicTest> aSignalToTheProcessGroupInEachPhaseEndsTheRunCleanly() {
    List<DynamicTest> cases = new ArrayList<>();
    // Each phase once, the two signals alternating: both end the JVM through the same shutdown
    // hooks, so every phase with both would double the time and not the paths.
    List<String> phases = List.of("load", "restart", "preload", "warm-up", "run");
    for (int i = 0; i < phases.size(); i++) {
      String phase = phases.get(i);
      String signal = i % 2 == 0 ? "INT" : "TERM";
      cases.add(
          DynamicTest.dynamicTest(phase + " x SIG" + signal, () -> signalDuring(phase, signal)));
    }
    cases.add(DynamicTest.dynamicTest("the next run measures the data set", this::finalRun));
    return cases.stream();
  }

  private void signalDuring(String phase, String signal) throws Exception {
    Path log = dir.resolve("run-" + (++runs) + ".log");
    Set<String> loops = new TreeSet<>();
    Set<String> orphansBefore = orphanedLoops();
    List<String> kernelBefore = kernelLog();
    Process p = ProcessGroups.start(sweep(runs), log, ROOT);
    try {
      Awaits.until(
          Duration.ofSeconds(300),
          reached(phase, log),
          () -> {
            loops.addAll(HostLeftovers.loops(dir.toString()));
            if (!p.isAlive()) {
              throw new AssertionError("ended before the " + phase + ": " + read(log));
            }
          },
          () -> "no " + phase + " phase: " + read(log));
      ProcessGroups.signalGroup(p, signal);
      long signalled = System.nanoTime();
      Awaits.until(
          ENDS_WITHIN,
          () -> !p.isAlive(),
          () -> loops.addAll(HostLeftovers.loops(dir.toString())),
          () -> "SIG" + signal + " during the " + phase + " did not end it: " + read(log));
      double seconds = (System.nanoTime() - signalled) / 1e9;
      String said = read(log);
      Matcher m = LOOP_IN_LOG.matcher(said);
      while (m.find()) {
        loops.add(m.group(1));
      }
      List<String> left = leftovers(orphansBefore);
      List<String> shutDown = fileSystemErrors(kernelBefore, loops);
      outcomes.add(
          String.format(
              Locale.ROOT,
              "%s x SIG%s: ended in %.1f s, exit %d, left %s, kernel %s",
              phase,
              signal,
              seconds,
              p.exitValue(),
              left.isEmpty() ? "nothing" : left,
              shutDown.isEmpty() ? "quiet" : shutDown));
      assertEquals(List.of(), left, said);
      assertEquals(List.of(), shutDown, "the volume's file system failed under the server");
      assertTrue(said.contains("[interrupted] the sweep stopped before its end;"), said);
      assertFalse(said.contains("WT_PANIC"), said);
      assertFalse(said.contains("Input/output error"), said);
      // The run before was signalled, not killed: it emptied its lock files on the way out.
      assertFalse(said.contains("taking over"), said);
      if (loaded) {
        assertFalse(said.contains("loading records"), "the data set was lost: " + said);
        assertFalse(said.contains("reloading records"), "the data set was lost: " + said);
      }
      loaded |= said.contains("loaded at ");
    } finally {
      ProcessGroups.killGroup(p);
    }
  }

  private void finalRun() throws Exception {
    Path log = dir.resolve("final.log");
    Set<String> orphansBefore = orphanedLoops();
    Process p = ProcessGroups.start(sweep(++runs), log, ROOT);
    try {
      assertTrue(p.waitFor(300, TimeUnit.SECONDS), "did not finish: " + read(log));
      String said = read(log);
      assertEquals(0, p.exitValue(), said);
      assertTrue(loaded, "an earlier case loaded the data set");
      assertFalse(said.contains("loading records"), "the data set was lost: " + said);
      assertFalse(said.contains("taking over"), said);
      List<String> summary =
          Files.readAllLines(dir.resolve("report-" + runs).resolve("summary.csv"));
      assertEquals(2, summary.size(), String.join("\n", summary));
      assertTrue(summary.get(1).contains(",ok,"), summary.get(1));
      assertEquals(List.of(), leftovers(orphansBefore), said);
    } finally {
      ProcessGroups.killGroup(p);
    }
  }

  /** When the sweep is in {@code phase}: its progress line, or (restart) the delayed nbdkit. */
  private static Callable<Boolean> reached(String phase, Path log) {
    if (phase.equals("restart")) {
      // The loading server runs without delay; the cell's restart brings nbdkit up with it.
      return () -> nbdkitNaming(dir.toString(), "rdelay=7ms");
    }
    String prefix = phase.equals("load") ? "load 0-" : phase + " " + CELL;
    return () -> read(log).lines().anyMatch(l -> l.startsWith(prefix));
  }

  /** What the run left: mounts, loop devices, nbd processes, probe file, containers. */
  private static List<String> leftovers(Set<String> orphansBefore) throws IOException {
    List<String> left = new ArrayList<>();
    String d = dir.toString();
    left.addAll(HostLeftovers.mounts(d));
    HostLeftovers.loops(d).forEach(l -> left.add(l + " on a file under " + d));
    Set<String> orphans = orphanedLoops();
    orphans.removeAll(orphansBefore);
    orphans.forEach(l -> left.add(l + " on a file that no longer exists"));
    if (nbdkitNaming(d, "") || nbdfuseNaming(d)) {
      left.add("nbdkit or nbdfuse naming " + d);
    }
    if (Files.exists(dir.resolve("data").resolve("mongodb-tiered-probe.dat"))) {
      left.add("probe file");
    }
    if (DockerEnvironment.unavailableReason().isEmpty()) {
      HostLeftovers.containers(d).forEach(c -> left.add("container " + c));
    }
    return left;
  }

  /**
   * Loop devices whose backing file is gone, as {@code losetup -a} shows {@code /dev/loopN: []:
   * (/disk)} once the FUSE mount under it has died.
   */
  private static Set<String> orphanedLoops() throws IOException {
    Set<String> orphans = new TreeSet<>();
    try (DirectoryStream<Path> blocks = Files.newDirectoryStream(Path.of("/sys/block"), "loop*")) {
      for (Path b : blocks) {
        String file = HostLeftovers.backingFile(b);
        if (file != null && (file.endsWith(" (deleted)") || !Files.exists(Path.of(file)))) {
          orphans.add(b.getFileName().toString());
        }
      }
    }
    return orphans;
  }

  /**
   * The kernel's complaints about the file system on {@code loops} since {@code before} was read:
   * the lines after the last one it had (the ring buffer drops old lines, so no count will do).
   */
  private static List<String> fileSystemErrors(List<String> before, Set<String> loops)
      throws Exception {
    List<String> now = kernelLog();
    int after = before.isEmpty() ? -1 : now.lastIndexOf(before.get(before.size() - 1));
    return now.subList(after + 1, now.size()).stream()
        .filter(l -> loops.stream().anyMatch(d -> l.contains("(" + d + ")")))
        .filter(l -> l.contains("error") || l.contains("shut down"))
        .toList();
  }

  private static List<String> kernelLog() throws Exception {
    Process p = new ProcessBuilder("dmesg").redirectErrorStream(true).start();
    List<String> lines =
        new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    p.waitFor(10, TimeUnit.SECONDS);
    return p.exitValue() == 0 ? lines : List.of(); // no access: nothing to compare
  }

  private static boolean nbdkitNaming(String d, String also) throws IOException {
    return processes().stream()
        .anyMatch(c -> c.startsWith("nbdkit ") && c.contains(d) && c.contains(also));
  }

  private static boolean nbdfuseNaming(String d) throws IOException {
    return processes().stream().anyMatch(c -> c.startsWith("nbdfuse ") && c.contains(d));
  }

  private static List<String> processes() throws IOException {
    List<String> all = new ArrayList<>();
    try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
      for (Path p : procs) {
        try {
          all.add(Files.readString(p.resolve("cmdline")).replace('\0', ' '));
        } catch (IOException e) {
          // exited while we looked
        }
      }
    }
    return all;
  }

  private static String read(Path log) throws IOException {
    return Files.readString(log, StandardCharsets.UTF_8);
  }

  /** A sweep of one 20,000-record cell with 7 ms added, each run reporting into its own --out. */
  private static List<String> sweep(int run) {
    return List.of(
        ROOT.resolve("scripts/mongodb-tiered").toString(),
        "sweep",
        "--server",
        "embedded",
        "--profiles-file",
        ROOT.resolve("profiles/scaled.profiles").toString(),
        "--profiles",
        "slow-small",
        "--recordcounts",
        "20000",
        "--seconds",
        "6",
        "--warmup",
        "4",
        "--no-disk-baseline",
        "--latency",
        "nbd",
        "--out",
        dir.resolve("report-" + run).toString(),
        "--data-dir",
        dir.resolve("data").toString());
  }
}
