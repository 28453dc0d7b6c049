package io.github.mongodbtiered.volumes;

import com.sun.nio.file.ExtendedOpenOption;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Latency without device-mapper: nbdkit serves the sparse file through its {@code delay} filter on
 * a Unix socket, nbdfuse shows that export as a file, and a loop device in direct-I/O mode makes
 * the file a block device, which the blkio limits can name. nbdkit's file plugin keeps nothing in
 * the page cache ({@code cache=none}), so a read the volume's own page cache misses pays the delay
 * and the host's disk, as on a real device. On a measured volume a second nbdkit sits between
 * nbdfuse and that one, relaying each request and retrying it when the disk's nbdkit goes away, so
 * that the delay can change while the file system stays mounted ({@link #changeLatency}); a loading
 * mount, whose latency never changes, does without it.
 *
 * <p>nbdkit and nbdfuse run in a session of their own ({@code setsid}): a terminal's Ctrl-C, {@code
 * timeout} or {@code kill -- -PGID} signals this JVM's whole process group, and helpers that died
 * with it would pull the device from under the mounted file system before the shutdown hook could
 * unmount it (a shut-down XFS, and a loop device on a file that no longer exists). They are stopped
 * by {@link #down}, here or, after a crash, by the next run's cleanup; {@link NbdLoops} keeps the
 * loop devices.
 */
final class NbdStack implements DeviceStack {
  /**
   * NBD connections nbdfuse opens. It keeps about one request in flight on each, so this bounds the
   * volume's reads a second at 7 ms: 8 gave at most 960 (random 4-32 KiB, 8 to 64 threads), 32 give
   * 1,370, where the FUSE and loop layers' own cost a request stops it. Above every profile's limit
   * either way; what gains is the warm-up with the limits lifted, whose added latency stays (the
   * preload's fill and scans of files larger than the page cache run without it where the volume is
   * mounted for measuring).
   */
  static final int CONNECTIONS = 32;

  /** The direct reads' size and alignment. */
  private static final int BLOCK = 4096;

  /** Reopens of a relay connection before a request fails: 1+2+4+8 s, for a disk nbdkit swap. */
  static final int RELAY_RETRIES = 4;

  private final Path layer;
  private final HostCommands commands;
  private final HostObjects host;
  private final NbdLoops loops;
  private boolean directIo;
  private boolean relayed;

  NbdStack(Path layer, HostCommands commands, HostObjects host) {
    this.layer = layer;
    this.commands = commands;
    this.host = host;
    this.loops = new NbdLoops(fuseFile(), loopsRecord(), commands, host);
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
    return socketDir().resolve(socketName(""));
  }

  /**
   * The disk nbdkit's socket behind the relay on a measured volume; a new disk nbdkit starts on the
   * {@code -n} name and is renamed to this one.
   */
  Path diskSocket() {
    return socketDir().resolve(socketName("d"));
  }

  private String socketName(String suffix) {
    return "nbd-"
        + DelayedVolume.pathHash(layer.toAbsolutePath(), 8)
        + (suffix.isEmpty() ? "" : "-" + suffix)
        + ".sock";
  }

  private Path diskPidFile() {
    return layer.resolve("nbdkit-disk.pid");
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
    if (hostCache) {
      // Loading never changes its latency: one nbdkit, without the relay's hop.
      startDisk(socket(), layer.resolve("nbdkit.pid"), 0, true);
    } else {
      startDisk(diskSocket(), diskPidFile(), latencyMillis, false);
      startRelay();
    }
    relayed = !hostCache;
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
    String loop = loops.attach();
    directIo = DelayedVolume.loopDirectIo(loop);
    return loop;
  }

  /**
   * The nbdkit that reads and writes the sparse file, with the delay: it forks into the background
   * once listening, so its exit is the readiness.
   */
  private void startDisk(Path socket, Path pidFile, double latencyMillis, boolean hostCache)
      throws IOException {
    String delay = delay(latencyMillis);
    commands.run(
        "setsid",
        "nbdkit",
        "-P",
        pidFile.toString(),
        "-U",
        socket.toString(),
        "--filter=delay",
        "file",
        image().toString(),
        // cache=none syncs and drops every write: right for a measured disk, slow for loading.
        hostCache ? "cache=default" : "cache=none",
        "fadvise=random",
        "rdelay=" + delay,
        "wdelay=" + delay);
  }

  /**
   * The nbdkit nbdfuse talks to on a measured volume: it relays each request to the disk's nbdkit,
   * and when that one goes away ({@link #changeLatency}) reopens the connection and retries the
   * request, so the file system above never sees the change.
   */
  private void startRelay() throws IOException {
    commands.run(
        "setsid",
        "nbdkit",
        "-P",
        layer.resolve("nbdkit.pid").toString(),
        "-U",
        socket().toString(),
        "--filter=retry",
        "nbd",
        "socket=" + diskSocket(),
        "retry-delay=1",
        "retries=" + RELAY_RETRIES);
  }

  /**
   * Puts {@code latencyMillis} in place of the measured volume's delay without unmounting it, so
   * the page cache above stays: a second disk nbdkit starts on a socket of its own, takes the disk
   * socket's name by an atomic rename, and the first is killed. The relay's connections fail once
   * and reconnect, by that name, to the new one, each after the retry filter's 1 s ({@link
   * #reconnectRelay} has them all do it here, at once). SIGKILL, not SIGTERM: a request the old
   * nbdkit still held must not reach the file after the relay has retried it on the new one.
   *
   * @throws IOException when the volume is not up for measuring, or the new nbdkit did not start
   *     (the old one then still serves)
   */
  @Override
  public void changeLatency(double latencyMillis) throws IOException {
    if (!relayed) {
      throw new IOException("the volume is not mounted for measuring: its latency is fixed");
    }
    Path next = socket().resolveSibling(socketName("n"));
    Path nextPid = layer.resolve("nbdkit-disk-next.pid");
    Files.deleteIfExists(next);
    long old = pidIn(diskPidFile());
    startDisk(next, nextPid, latencyMillis, false);
    long started = pidIn(nextPid);
    Files.move(next, diskSocket(), StandardCopyOption.ATOMIC_MOVE);
    Files.writeString(diskPidFile(), started + "\n");
    Files.deleteIfExists(nextPid);
    ProcessHandle.of(old)
        .ifPresent(
            p -> {
              p.destroyForcibly();
              p.onExit().join();
            });
    reconnectRelay();
  }

  /**
   * Reads a block on each relay connection at once, so that each finds its disk nbdkit gone and
   * reconnects now (the retry filter waits at least 1 s first) rather than in the first seconds of
   * the next cell. nbdfuse hands requests to its connections in turn: twice as many parallel reads
   * as connections reach them all.
   */
  private void reconnectRelay() throws IOException {
    int reads = 2 * CONNECTIONS;
    ExecutorService pool = Executors.newFixedThreadPool(reads);
    try (FileChannel file =
        FileChannel.open(fuseFile(), StandardOpenOption.READ, ExtendedOpenOption.DIRECT)) {
      long blocks = file.size() / BLOCK;
      List<Future<Integer>> done = new ArrayList<>();
      for (int i = 0; i < reads; i++) {
        long at = i * (blocks / reads) * BLOCK;
        done.add(
            pool.submit(
                () -> {
                  ByteBuffer b = ByteBuffer.allocateDirect(2 * BLOCK).alignedSlice(BLOCK);
                  return file.read(b.limit(BLOCK), at);
                }));
      }
      for (Future<Integer> f : done) {
        f.get(RELAY_RETRIES * 15L, TimeUnit.SECONDS);
      }
    } catch (ExecutionException | TimeoutException e) {
      throw new IOException("the volume did not answer after its latency changed: " + e, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while the volume's latency changed", e);
    } finally {
      pool.shutdownNow();
    }
  }

  @Override
  public boolean changesLatency() {
    return true;
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

  /**
   * The pid nbdkit wrote to {@code pidFile}: its daemon writes it just after the parent, whose exit
   * the start waited for, has gone, so it may take a moment to appear.
   */
  private static long pidIn(Path pidFile) throws IOException {
    long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
    while (!Files.exists(pidFile) || Files.readString(pidFile).isBlank()) {
      if (System.nanoTime() > deadline) {
        throw new IOException("nbdkit wrote no pid to " + pidFile + " within 10 s");
      }
      try {
        Thread.sleep(10); // poll interval: nbdkit gives no other sign
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while waiting for nbdkit's pid", e);
      }
    }
    return Long.parseLong(Files.readString(pidFile).strip());
  }

  private static String tail(Path log) {
    try {
      String s = Files.readString(log).strip();
      return s.substring(Math.max(0, s.length() - 1000));
    } catch (IOException e) {
      return "(no output)";
    }
  }

  /** nbdkit's delay syntax: whole milliseconds as "7ms". */
  static String delay(double millis) {
    if (millis != Math.rint(millis)) {
      // nbdkit 1.32 reads "7.5ms" as 7 ms and seconds with a fraction not at all: the options
      // refuse such a profile first (Volume.checkLatency).
      throw new IllegalArgumentException(
          "the delayed volume adds whole milliseconds, not " + millis + " ms");
    }
    return (long) millis + "ms";
  }

  @Override
  public List<String> down() throws IOException {
    List<String> removed = new ArrayList<>(loops.detach());
    if (host.mounted(fuseDir())) {
      DelayedVolume.retryWhileBusy(
          () -> commands.run("fusermount3", "-u", fuseDir().toString()), Duration.ofSeconds(30));
      removed.add("unmounted nbdfuse from " + fuseDir());
    }
    relayed = false;
    for (Path named :
        List.of(socket(), diskSocket(), socket().resolveSibling(socketName("n")), oldSocket())) {
      for (long pid : host.processesNaming(named.toString())) {
        if (DelayedVolume.stop(pid)) {
          removed.add("stopped process " + pid + " (nbdkit/nbdfuse)");
        }
      }
      Files.deleteIfExists(named);
    }
    // The sockets' directory stays (empty, root's, on /run's tmpfs): removed here it vanished
    // between another sweep's creating it and its nbdkit binding there, which then failed.
    Files.deleteIfExists(layer.resolve("nbdkit.pid"));
    Files.deleteIfExists(diskPidFile());
    Files.deleteIfExists(layer.resolve("nbdkit-disk-next.pid"));
    Files.deleteIfExists(layer.resolve("nbdfuse.pid"));
    Files.deleteIfExists(layer.resolve("nbdfuse.log"));
    return removed;
  }

  @Override
  public boolean directIo() {
    return directIo;
  }
}
