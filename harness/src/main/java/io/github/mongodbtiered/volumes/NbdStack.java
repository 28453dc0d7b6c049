package io.github.mongodbtiered.volumes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Latency without device-mapper: nbdkit serves the sparse file through its {@code delay} filter on
 * a Unix socket, nbdfuse shows that export as a file, and a loop device in direct-I/O mode makes
 * the file a block device, which the blkio limits can name. nbdkit's file plugin keeps nothing in
 * the page cache ({@code cache=none}), so a read the volume's own page cache misses pays the delay
 * and the host's disk, as on a real device.
 *
 * <p>nbdkit and nbdfuse run in a session of their own ({@code setsid}): a terminal's Ctrl-C, {@code
 * timeout} or {@code kill -- -PGID} signals this JVM's whole process group, and helpers that died
 * with it would pull the device from under the mounted file system before the shutdown hook could
 * unmount it (a shut-down XFS, and a loop device on a file that no longer exists). They are stopped
 * by {@link #down}, here or, after a crash, by the next run's cleanup.
 */
final class NbdStack implements DeviceStack {
  /**
   * NBD connections nbdfuse opens. It keeps about one request in flight on each, so this bounds the
   * volume's reads a second at 7 ms: 8 gave at most 960 (random 4-32 KiB, 8 to 64 threads), 32 give
   * 1,370, where the FUSE and loop layers' own cost a request stops it. Above every profile's limit
   * either way; what gains is the preload and the warm-up with the limits lifted, whose added
   * latency stays.
   */
  static final int CONNECTIONS = 32;

  private final Path layer;
  private final HostCommands commands;
  private final HostObjects host;
  private boolean directIo;

  NbdStack(Path layer, HostCommands commands, HostObjects host) {
    this.layer = layer;
    this.commands = commands;
    this.host = host;
  }

  Path image() {
    return layer.resolve(DelayedVolume.IMAGE);
  }

  /**
   * nbdkit's socket, named from this volume's path under a directory of root's (nbd needs root): a
   * Unix socket's path is limited to 107 bytes, a data directory's is not, and the URI nbdfuse
   * parses cannot hold a space. The same volume always gets the same name, so a later run finds
   * what a killed one left.
   */
  Path socket() {
    return socketDir()
        .resolve("nbd-" + DelayedVolume.pathHash(layer.toAbsolutePath(), 8) + ".sock");
  }

  /** Where sockets of releases before the one above were: processes naming it are ours too. */
  private Path oldSocket() {
    return layer.resolve("nbd.sock");
  }

  private static Path socketDir() {
    Path run = Path.of("/run");
    return Files.isDirectory(run) && Files.isWritable(run)
        ? run.resolve("mongodb-tiered")
        : Path.of(System.getProperty("java.io.tmpdir"), "mongodb-tiered-nbd");
  }

  Path fuseDir() {
    return layer.resolve("fuse");
  }

  Path fuseFile() {
    return fuseDir().resolve("disk");
  }

  /** The loop devices this volume set up, one a line, until {@link #down} detaches them. */
  Path loopsRecord() {
    return layer.resolve("loops");
  }

  @Override
  public LatencyMethod method() {
    return LatencyMethod.NBD;
  }

  @Override
  public String up(double latencyMillis, boolean hostCache) throws IOException {
    down();
    Files.createDirectories(fuseDir());
    createPrivateDirectory(socket().getParent());
    String delay = delay(latencyMillis);
    // nbdkit forks into the background once listening: its exit is the readiness.
    commands.run(
        "setsid",
        "nbdkit",
        "-P",
        layer.resolve("nbdkit.pid").toString(),
        "-U",
        socket().toString(),
        "--filter=delay",
        "file",
        image().toString(),
        // cache=none syncs and drops every write: right for a measured disk, slow for loading.
        hostCache ? "cache=default" : "cache=none",
        "fadvise=random",
        "rdelay=" + delay,
        "wdelay=" + delay);
    // nbdfuse stays in the foreground and writes its pid file once it serves: that is readiness.
    Path pidFile = layer.resolve("nbdfuse.pid");
    Files.deleteIfExists(pidFile);
    Process fuse =
        commands.start(
            layer.resolve("nbdfuse.log"),
            List.of(
                // Not a group leader (a child of this JVM), setsid execs in place: same pid.
                "setsid",
                "nbdfuse",
                "-C",
                Integer.toString(CONNECTIONS),
                "-P",
                pidFile.toString(),
                fuseFile().toString(),
                "nbd+unix:///?socket=" + socket()));
    awaitPidFile(fuse, pidFile, Duration.ofSeconds(30));
    String loop =
        commands.run("losetup", "--find", "--show", "--direct-io=on", fuseFile().toString());
    // Recorded at once: if nbdfuse dies unmounting itself, the loop's backing file reads only
    // "/disk", no longer this volume's path, and this record is what still ties it to us.
    Files.writeString(
        loopsRecord(), loop + "\n", StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    directIo = DelayedVolume.loopDirectIo(loop);
    return loop;
  }

  /** A directory only its owner can enter, so no other user can plant a file at our socket. */
  private static void createPrivateDirectory(Path dir) throws IOException {
    Files.createDirectories(dir);
    try {
      Files.setPosixFilePermissions(
          dir, java.nio.file.attribute.PosixFilePermissions.fromString("rwx------"));
    } catch (UnsupportedOperationException e) {
      // Not a POSIX file system: nbd is Linux-only, so this is not reached in practice.
    }
  }

  private void awaitPidFile(Process p, Path pidFile, Duration limit) throws IOException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (!Files.exists(pidFile) || Files.size(pidFile) == 0) {
      if (!p.isAlive()) {
        throw new IOException(
            "nbdfuse exited with " + p.exitValue() + ": " + tail(layer.resolve("nbdfuse.log")));
      }
      if (System.nanoTime() > deadline) {
        throw new IOException("nbdfuse was not serving after " + limit.toSeconds() + " s");
      }
      try {
        Thread.sleep(20); // poll interval of the readiness check
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while starting nbdfuse", e);
      }
    }
  }

  private static String tail(Path log) {
    try {
      String s = Files.readString(log).strip();
      return s.substring(Math.max(0, s.length() - 1000));
    } catch (IOException e) {
      return "(no output)";
    }
  }

  /** nbdkit's delay syntax: whole milliseconds as "7ms", anything else in seconds. */
  static String delay(double millis) {
    if (millis == Math.rint(millis)) {
      return (long) millis + "ms";
    }
    return String.format(Locale.ROOT, "%.6f", millis / 1000);
  }

  @Override
  public List<String> down() throws IOException {
    List<String> removed = new ArrayList<>();
    for (String loop : host.loopsBackedBy(fuseFile())) {
      commands.run("losetup", "-d", loop);
      removed.add("detached " + loop);
    }
    List<String> recorded = orphanedLoops();
    for (String loop : recorded) {
      commands.run("losetup", "-d", loop);
      removed.add("detached orphaned " + loop + " (its nbdfuse file was gone)");
    }
    for (String loop : unrecordedOrphans(recorded)) {
      commands.run("losetup", "-d", loop);
      removed.add(
          "detached orphaned "
              + loop
              + " (on /"
              + fuseFile().getFileName()
              + ", a stopped nbdfuse's file, unused and unreadable; no record of it was left)");
    }
    Files.deleteIfExists(loopsRecord());
    if (host.mounted(fuseDir())) {
      DelayedVolume.retryWhileBusy(
          () -> commands.run("fusermount3", "-u", fuseDir().toString()), Duration.ofSeconds(30));
      removed.add("unmounted nbdfuse from " + fuseDir());
    }
    for (Path named : List.of(socket(), oldSocket())) {
      for (long pid : host.processesNaming(named.toString())) {
        if (DelayedVolume.stop(pid)) {
          removed.add("stopped process " + pid + " (nbdkit/nbdfuse)");
        }
      }
      Files.deleteIfExists(named);
    }
    try {
      Files.deleteIfExists(socket().getParent());
    } catch (java.nio.file.DirectoryNotEmptyException e) {
      // Another volume's socket is there: its own run removes the directory.
    }
    Files.deleteIfExists(layer.resolve("nbdkit.pid"));
    Files.deleteIfExists(layer.resolve("nbdfuse.pid"));
    Files.deleteIfExists(layer.resolve("nbdfuse.log"));
    return removed;
  }

  /**
   * Recorded loops still on a file nbdfuse no longer serves: nbdfuse that is stopped or killed
   * unmounts its file system lazily, and the kernel then names the loop's file from the detached
   * mount's root ({@code /disk}).
   */
  private List<String> orphanedLoops() throws IOException {
    if (!Files.exists(loopsRecord())) {
      return List.of();
    }
    String detachedName = "/" + fuseFile().getFileName();
    return Files.readAllLines(loopsRecord()).stream()
        .map(String::strip)
        .filter(l -> l.startsWith("/dev/loop"))
        .distinct()
        .filter(
            l -> host.loopBacking(l).filter(b -> HostObjects.sameFile(b, detachedName)).isPresent())
        .toList();
  }

  /**
   * Orphans no record names: left by runs before the record existed, or whose data directory went
   * with it. Ours, as far as anything can tell: on a file named as this volume names nbdfuse's
   * ({@code /disk} once its mount is gone), mounted nowhere, held by nothing, and unreadable (its
   * nbdfuse is gone). A loop another program still reads through keeps its file's full name or
   * answers a read, and is left alone; one that fails all four tests is of no use to anyone.
   */
  private List<String> unrecordedOrphans(List<String> recorded) {
    List<String> orphans = new ArrayList<>();
    for (String loop : host.unusedLoopsOnDetached(fuseFile().getFileName().toString())) {
      if (!recorded.contains(loop) && !readable(loop)) {
        orphans.add(loop);
      }
    }
    return orphans;
  }

  /** Whether one block of {@code loop} reads, past the page cache: its file's server answers. */
  private boolean readable(String loop) {
    try {
      commands.run(
          Duration.ofSeconds(10),
          List.of("dd", "if=" + loop, "of=/dev/null", "bs=4096", "count=1", "iflag=direct"));
      return true;
    } catch (IOException e) {
      // A read that hangs is a server alive but stuck, not gone: left alone.
      return e.getMessage() != null && e.getMessage().contains(": no exit after ");
    }
  }

  @Override
  public boolean directIo() {
    return directIo;
  }
}
