package io.github.mongodbtiered.volumes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.standin.DirectIoProbe;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The nbd volume on this host, for real: needs root, loop devices, FUSE, nbdkit and nbdfuse (which
 * CI installs); skipped, saying what is missing, elsewhere.
 */
@Tag("alone") // the latency it measures: no other test beside it
class DelayedVolumeTest {
  private static final long SIZE = 1L << 30;
  private final HostObjects host = HostObjects.ofThisHost();
  private final List<String> log = new ArrayList<>();
  @TempDir Path dir;

  @BeforeEach
  void needsTheTools() {
    List<String> missing = VolumeSupport.ofThisHost().missing(LatencyMethod.NBD);
    assumeTrue(missing.isEmpty(), () -> "nbd volume unavailable here: " + missing);
  }

  @Test
  void aColdReadPaysTheAddedLatencyAndCloseLeavesNothingBehind() throws Exception {
    Path layer = DelayedVolume.layerOf(dir);
    try (DelayedVolume v = open()) {
      DataVolume.Mount m = v.mountForLoading(); // writes unhindered
      Path file = m.dataDir().resolve("probe.dat");
      DirectIoProbe.fillIfSmaller(file, 32L << 20);
      Path image = layer.resolve(DelayedVolume.IMAGE);
      long loaded = residentBytes(image);
      m = v.mount(7); // cold, with the latency
      assertTrue(m.latencyApplied());
      if (loaded >= 0) {
        // Loading may use the host's cache; a measured mount must not find the image there.
        assertTrue(loaded >= 16L << 20, "the loading mount's writes went through the host cache");
        // What stays is the few MiB of metadata the mount itself just wrote, not the loaded data.
        long measured = residentBytes(image);
        assertTrue(
            measured <= 4L << 20,
            measured + " bytes of the image cached after a cold mount, " + loaded + " before");
      }
      long p50 = readP50Micros(file);
      assertTrue(p50 >= 7_000, "p50 " + p50 + " us with 7 ms added");
      assertTrue(List.of("xfs", "ext4").contains(v.facts().fileSystem()), v.facts().toString());
      assertTrue(v.facts().directIo(), "loop device in direct-I/O mode");
      assertTrue(host.mounted(layer.resolve("mnt")));

      m = v.mount(0);
      long fast = readP50Micros(m.dataDir().resolve("probe.dat"));
      // Relative, not absolute: on a busy host both reads wait for the CPU, only one for the delay.
      assertTrue(
          fast <= p50 - 3_500,
          "the data survives a remount, and at least half the 7 ms is gone without the delay: "
              + fast
              + " us against "
              + p50);
    }
    assertNothingLeft(layer);
    assertTrue(Files.exists(layer.resolve(DelayedVolume.IMAGE)), "the data stays");
  }

  @Test
  void theLatencyChangesWhileMountedAndThePageCacheAboveStays() throws Exception {
    Path layer = DelayedVolume.layerOf(dir);
    try (DelayedVolume v = open()) {
      Path file = v.mountForLoading().dataDir().resolve("probe.dat");
      DirectIoProbe.fillIfSmaller(file, 32L << 20);
      Path cached = file.resolveSibling("cached.dat");
      Files.write(cached, new byte[4 << 20]);
      DataVolume.Mount m = v.mount(0);
      long fast = readP50Micros(file);
      Files.readAllBytes(cached); // into the volume's page cache

      long residentBefore = residentBytes(cached);
      m = v.changeLatency(7);
      if (residentBefore >= 0) {
        // Checked at once: anything that drops the host's caches (another test's cold start)
        // would empty it later.
        assertTrue(residentBefore >= 4L << 20, residentBefore + " bytes cached before");
        // Not to the page: the host may reclaim a few (CI once saw 16 KiB of 4 MiB go); a
        // remount would leave next to none.
        long after = residentBytes(cached);
        assertTrue(
            after >= residentBefore * 9 / 10,
            "the page cache above stayed: " + after + " of " + residentBefore + " bytes");
      }
      assertEquals(7, m.latencyMillis());
      assertTrue(m.latencyApplied());
      long slow = readP50Micros(file);
      assertTrue(slow >= 7_000, "p50 " + slow + " us after changing to 7 ms");
      assertTrue(
          slow >= fast + 3_500, "the delay came in: " + slow + " us against " + fast + " before");

      v.changeLatency(0);
      long again = readP50Micros(file);
      assertTrue(again <= slow - 3_500, "and went again: " + again + " us against " + slow);
      assertEquals(
          2, host.processesNaming(socketOf(layer).toString()).size(), "relay nbdkit, nbdfuse");
    }
    assertNothingLeft(layer);
  }

  @Test
  void aLoadingMountsLatencyCannotChange() throws Exception {
    try (DelayedVolume v = open()) {
      v.mountForLoading();
      IOException e = assertThrows(IOException.class, () -> v.changeLatency(7));
      assertTrue(e.getMessage().contains("not mounted for measuring"), e.getMessage());
    }
  }

  @Test
  void nbdkitAndNbdfuseLiveOutsideThisProcesssGroupSoATerminalsSignalMissesThem() throws Exception {
    Path layer = DelayedVolume.layerOf(dir);
    try (DelayedVolume v = open()) {
      v.mount(0);
      List<Long> helpers = host.processesNaming(socketOf(layer).toString());
      assertEquals(2, helpers.size(), "nbdkit and nbdfuse: " + helpers);
      long ourGroup = groupOf(ProcessHandle.current().pid());
      for (long pid : helpers) {
        assertTrue(groupOf(pid) != ourGroup, pid + " is in this JVM's process group");
      }
    }
    assertNothingLeft(layer);
  }

  /** The process group in /proc/PID/stat: the fields after the command's closing parenthesis. */
  private static long groupOf(long pid) throws IOException {
    String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
    return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[2]);
  }

  @Test
  void aSecondRunOnTheSameDataDirectoryIsRefusedNamingTheHolder() throws Exception {
    try (DelayedVolume v = open()) {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, this::open);
      assertTrue(e.getMessage().contains("--data-dir"), e.getMessage());
      assertTrue(
          e.getMessage().contains("pid " + ProcessHandle.current().pid() + ", started "),
          e.getMessage());
    }
  }

  @Test
  void whatAKilledRunLeftIsRemovedWhenTheNextOneOpens() throws Exception {
    Path layer = DelayedVolume.layerOf(dir);
    // A run killed mid-cell leaves its stack up and mounted, without the lock held.
    Files.createDirectories(layer.resolve("mnt"));
    try (var f = new java.io.RandomAccessFile(layer.resolve(DelayedVolume.IMAGE).toFile(), "rw")) {
      f.setLength(SIZE);
    }
    NbdStack stack = new NbdStack(layer, HostCommands.SYSTEM, host);
    String dev = stack.up(7, false);
    HostCommands.SYSTEM.run("mkfs.ext4", "-q", dev);
    HostCommands.SYSTEM.run("mount", dev, layer.resolve("mnt").toString());
    assertFalse(host.processesNaming(stack.socket().toString()).isEmpty());

    try (DelayedVolume v = open()) {
      String said = String.join("\n", log);
      assertTrue(said.contains("removed what an earlier run left"), said);
      assertTrue(said.contains("unmounted " + layer.resolve("mnt")), said);
      assertTrue(said.contains("detached /dev/loop"), said);
    }
    assertNothingLeft(layer);
  }

  @Test
  void aLoopLeftOnTheFileOfAStoppedNbdfuseIsDetachedWhenTheNextRunOpens() throws Exception {
    Path layer = DelayedVolume.layerOf(dir);
    Files.createDirectories(layer);
    try (var f = new java.io.RandomAccessFile(layer.resolve(DelayedVolume.IMAGE).toFile(), "rw")) {
      f.setLength(SIZE);
    }
    NbdStack stack = new NbdStack(layer, HostCommands.SYSTEM, host);
    String loop = stack.up(0, false);
    // As a kill of the helpers would: nbdfuse, stopped, unmounts itself lazily under the loop.
    for (long pid : host.processesNaming(stack.socket().toString())) {
      assertTrue(DelayedVolume.stop(pid), "stopped " + pid);
    }
    assertFalse(host.mounted(stack.fuseDir()), "nbdfuse took its mount with it");
    assertEquals(Optional.of("/disk"), host.loopBacking(loop), "the orphan as losetup -a shows it");

    try (DelayedVolume v = open()) {
      assertTrue(
          log.contains(
              "data volume: removed what an earlier run left: detached orphaned "
                  + loop
                  + " (its nbdfuse file was gone)"),
          log.toString());
    }
    assertEquals(Optional.empty(), host.loopBacking(loop), loop + " detached");
    assertFalse(Files.exists(stack.loopsRecord()), "the record goes with the loops");
    assertNothingLeft(layer);
  }

  /** As a run before the record existed left it, or one whose data directory was deleted. */
  @Test
  void aLoopLeftOnAStoppedNbdfusesFileWithoutARecordIsDetachedWhenTheNextRunOpens()
      throws Exception {
    Path layer = DelayedVolume.layerOf(dir);
    Files.createDirectories(layer);
    try (var f = new java.io.RandomAccessFile(layer.resolve(DelayedVolume.IMAGE).toFile(), "rw")) {
      f.setLength(SIZE);
    }
    NbdStack stack = new NbdStack(layer, HostCommands.SYSTEM, host);
    String loop = stack.up(0, false);
    for (long pid : host.processesNaming(stack.socket().toString())) {
      assertTrue(DelayedVolume.stop(pid), "stopped " + pid);
    }
    Files.delete(stack.loopsRecord());
    assertEquals(Optional.of("/disk"), host.loopBacking(loop), "the orphan as losetup -a shows it");

    try (DelayedVolume v = open()) {
      assertTrue(
          log.contains(
              "data volume: removed what an earlier run left: detached orphaned "
                  + loop
                  + " (on /disk, a stopped nbdfuse's file, unused and unreadable; no record of it"
                  + " was left)"),
          log.toString());
    }
    assertEquals(Optional.empty(), host.loopBacking(loop), loop + " detached");
    assertNothingLeft(layer);
  }

  @Test
  void aLoopSomeoneElseSetUpOnAFileNamedDiskIsLeftAlone() throws Exception {
    Path other = Files.createDirectories(dir.resolve("other")).resolve("disk");
    try (var f = new java.io.RandomAccessFile(other.toFile(), "rw")) {
      f.setLength(1L << 20);
    }
    String loop = HostCommands.SYSTEM.run("losetup", "--find", "--show", other.toString());
    try {
      try (DelayedVolume v = open()) {
        assertTrue(log.stream().noneMatch(l -> l.contains(loop)), log.toString());
      }
      assertEquals(Optional.of(other.toString()), host.loopBacking(loop));
    } finally {
      HostCommands.SYSTEM.run("losetup", "-d", loop);
    }
  }

  private DelayedVolume open() throws IOException {
    return open(dir);
  }

  private DelayedVolume open(Path dataDir) throws IOException {
    return DelayedVolume.open(
        LatencyMethod.NBD, dataDir, SIZE, HostCommands.SYSTEM, host, log::add);
  }

  private Path socketOf(Path layer) {
    return new NbdStack(layer, HostCommands.SYSTEM, host).socket();
  }

  /**
   * A data directory with a space, a non-ASCII letter and a path longer than a Unix socket's may be
   * (107 bytes) works as any other: the socket lives elsewhere, under a short name.
   */
  @Test
  void aLongDataDirectoryWithASpaceMounts() throws Exception {
    Path data = dir.resolve("a data dir \u00fc").resolve("x".repeat(100));
    Path layer = DelayedVolume.layerOf(data);
    assertTrue(layer.toString().length() > 107, layer.toString());
    try (DelayedVolume v = open(data)) {
      v.mount(0);
      assertEquals(2, host.processesNaming(socketOf(layer).toString()).size(), "nbdkit, nbdfuse");
      assertTrue(socketOf(layer).toString().length() < 60, socketOf(layer).toString());
    }
    assertNothingLeft(layer);
  }

  private void assertNothingLeft(Path layer) {
    assertFalse(host.mounted(layer.resolve("mnt")), "volume mount");
    assertFalse(host.mounted(layer.resolve("fuse")), "nbdfuse mount");
    assertEquals(List.of(), host.loopsBackedBy(layer.resolve("fuse/disk")), "loop devices");
    assertEquals(List.of(), host.processesNaming(socketOf(layer).toString()), "nbdkit, nbdfuse");
    assertEquals(List.of(), host.processesNaming(layer.toString()), "the disk's nbdkit");
    assertFalse(Files.exists(socketOf(layer)), "nbdkit's socket");
    // Shared by every volume's sockets: removed, it could vanish under another sweep's nbdkit.
    assertTrue(Files.isDirectory(socketOf(layer).getParent()), "the sockets' directory");
  }

  /** The median of 1 s of single-threaded random 4 KiB O_DIRECT reads. */
  private static long readP50Micros(Path file) throws Exception {
    List<String> lines = new ArrayList<>();
    DirectIoProbe.runSteps(file, List.of(false), 32L << 20, 1.0, 1, 4096, 4096, lines::add);
    Matcher m = Pattern.compile("p50_us=(\\d+)").matcher(lines.get(0));
    assertTrue(m.find(), lines.toString());
    return Long.parseLong(m.group(1));
  }

  /** Bytes of {@code file} in the host's page cache (util-linux fincore), or -1 without it. */
  private static long residentBytes(Path file) throws IOException {
    try {
      return Long.parseLong(
          HostCommands.SYSTEM.run("fincore", "-b", "-n", "-o", "RES", file.toString()).strip());
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }
}
