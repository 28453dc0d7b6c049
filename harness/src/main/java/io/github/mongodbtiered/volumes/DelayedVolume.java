package io.github.mongodbtiered.volumes;

import io.github.mongodbtiered.locks.DirectoryLock;
import io.github.mongodbtiered.results.VolumeFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * A data volume with added latency: a sparse file in the data directory ({@value #LAYER}/{@value
 * #IMAGE}), a {@link DeviceStack} that makes it a delayed block device, and a file system on that
 * device mounted at {@value #LAYER}/mnt, where the servers keep their data ({@code mnt/db}).
 *
 * <p>The file system is XFS (MongoDB's production advice) where {@code mkfs.xfs} exists, else ext4;
 * mounted {@code noatime}; the device's read-ahead set to {@value #READ_AHEAD_KB} KiB, within
 * MongoDB's advice for WiredTiger (8 to 32 sectors), so bytes read from the device are close to the
 * bytes asked for.
 *
 * <p>A lock file ({@link DataDirLock}) held while the volume is open makes a second run on the same
 * data directory fail at once, naming the holder; the kernel drops the lock when the holder dies,
 * even by SIGKILL, and the next run then removes what it left (mount, loop device, device-mapper
 * device, nbdkit and nbdfuse), found by this volume's own paths. The data file stays: the next run
 * reuses it.
 */
public final class DelayedVolume implements DataVolume {
  public static final String LAYER = "mongodb-tiered-volume";
  static final String IMAGE = "disk.img";
  static final int READ_AHEAD_KB = 4;
  private static final String FORMATTED = "formatted";

  private final Path layer;
  private final DeviceStack stack;
  private final HostCommands commands;
  private final HostObjects host;
  private final DirectoryLock lock;
  private final long sizeBytes;
  private final boolean grown;
  private final Thread shutdownHook = new Thread(this::close, "mongodb-tiered-volume-cleanup");
  private String device;
  private String fileSystem;
  private Mount measured;
  private boolean closed;

  private DelayedVolume(
      Path layer,
      DeviceStack stack,
      HostCommands commands,
      HostObjects host,
      DirectoryLock lock,
      long sizeBytes,
      boolean grown) {
    this.layer = layer;
    this.stack = stack;
    this.commands = commands;
    this.host = host;
    this.lock = lock;
    this.sizeBytes = sizeBytes;
    this.grown = grown;
  }

  /** Where the servers' data goes in a volume under {@code dataDir}, mounted or not. */
  public static Path serverDir(Path dataDir) {
    return layerOf(dataDir).resolve("mnt").resolve("db");
  }

  static Path layerOf(Path dataDir) {
    return dataDir.toAbsolutePath().normalize().resolve(LAYER);
  }

  /**
   * Opens (creating or growing) the volume under {@code dataDir}, after removing what a killed run
   * left of it. Nothing is mounted yet.
   *
   * @param method {@code DM} or {@code NBD}
   * @param sizeBytes the size the volume must have at least
   * @param log says what was cleaned up or created
   * @throws IllegalArgumentException when another run holds the volume, or it would not fit the
   *     free space (both with the fix; see {@link VolumeImage})
   */
  static DelayedVolume open(
      LatencyMethod method,
      Path dataDir,
      long sizeBytes,
      HostCommands commands,
      HostObjects host,
      Consumer<String> log)
      throws IOException {
    Path layer = layerOf(dataDir);
    DirectoryLock lock = DataDirLock.take(dataDir, log);
    try {
      List<String> stale = removeLeftovers(layer, commands, host);
      for (String removed : stale) {
        log.accept("data volume: removed what an earlier run left: " + removed);
      }
      VolumeImage.Sized image =
          VolumeImage.ensure(dataDir, layer.resolve(IMAGE), sizeBytes, commands, log);
      if (image.created()) {
        // A marker left beside a file since deleted would skip formatting the new one.
        Files.deleteIfExists(layer.resolve(FORMATTED));
      }
      DeviceStack stack =
          method == LatencyMethod.DM
              ? new DmStack(layer, commands, host)
              : new NbdStack(layer, commands, host);
      DelayedVolume v =
          new DelayedVolume(layer, stack, commands, host, lock, image.sizeBytes(), image.grown());
      Runtime.getRuntime().addShutdownHook(v.shutdownHook);
      return v;
    } catch (IOException | RuntimeException e) {
      lock.close();
      throw e;
    }
  }

  /** Unmounts and takes down what exists of either stack under {@code layer}. */
  static List<String> removeLeftovers(Path layer, HostCommands commands, HostObjects host)
      throws IOException {
    List<String> removed = new ArrayList<>();
    Path mnt = layer.resolve("mnt");
    if (host.mounted(mnt)) {
      retryWhileBusy(() -> commands.run("umount", mnt.toString()), Duration.ofSeconds(30));
      removed.add("unmounted " + mnt);
    }
    removed.addAll(new NbdStack(layer, commands, host).down());
    removed.addAll(new DmStack(layer, commands, host).down());
    return removed;
  }

  @Override
  public Path dataDir() {
    return layer.resolve("mnt").resolve("db");
  }

  @Override
  public LatencyMethod method() {
    return stack.method();
  }

  @Override
  public String offReason() {
    return "";
  }

  @Override
  public Mount mount(double latencyMillis) throws IOException {
    return mount(latencyMillis, false);
  }

  @Override
  public Mount mountForLoading() throws IOException {
    return mount(0, true);
  }

  private synchronized Mount mount(double latencyMillis, boolean hostCache) throws IOException {
    if (closed) {
      throw new IllegalStateException("the data volume is closed");
    }
    unmount();
    if (!hostCache) {
      evictImageCache();
    }
    device = stack.up(latencyMillis, hostCache);
    Path mnt = layer.resolve("mnt");
    Files.createDirectories(mnt);
    formatOnce(device);
    commands.run("mount", "-o", "noatime", device, mnt.toString());
    fileSystem = host.mountLine(mnt).map(f -> f[2]).orElse(fileSystem);
    if (grown) {
      // The file grew since the file system was made: let it use the new room (online for both).
      if ("xfs".equals(fileSystem)) {
        commands.run("xfs_growfs", mnt.toString());
      } else {
        commands.run("resize2fs", device);
      }
    }
    // blockdev counts 512-byte sectors.
    commands.run("blockdev", "--setra", Integer.toString(READ_AHEAD_KB * 2), device);
    Path db = Files.createDirectories(mnt.resolve("db"));
    Mount m = new Mount(db, true, latencyMillis);
    measured = hostCache ? null : m;
    return m;
  }

  @Override
  public synchronized Mount changeLatency(double latencyMillis) throws IOException {
    if (measured == null) {
      throw new IOException("the data volume is not mounted for measuring");
    }
    if (latencyMillis != measured.latencyMillis()) {
      try {
        stack.changeLatency(latencyMillis);
      } catch (IOException | RuntimeException e) {
        // A swap that failed after the new disk took the socket left the device at the new
        // latency: unknown now, so that the next change swaps whatever it asks.
        measured = new Mount(measured.dataDir(), true, Double.NaN);
        throw e;
      }
      measured = new Mount(measured.dataDir(), true, latencyMillis);
    }
    return measured;
  }

  @Override
  public boolean changesLatency() {
    return stack.changesLatency();
  }

  /**
   * Writes back and drops the host's cache of the image, which a loading mount (this process's or
   * an interrupted earlier one's) may have filled: a measured server must find its reads on the
   * delayed device, not in host memory outside its limits. GNU dd's documented idiom for "drop
   * cache for the whole file"; cheap when nothing is cached.
   */
  private void evictImageCache() throws IOException {
    commands.run(
        "dd",
        "of=" + layer.resolve(IMAGE),
        "oflag=nocache",
        "conv=notrunc,fdatasync",
        "count=0",
        "status=none");
  }

  /**
   * Makes the file system the first time only: the marker is written after mkfs succeeds, so a
   * volume that holds data is never formatted again.
   */
  private void formatOnce(String dev) throws IOException {
    if (Files.exists(layer.resolve(FORMATTED))) {
      return;
    }
    if (onPath("mkfs.xfs")) {
      commands.run("mkfs.xfs", "-q", dev);
    } else {
      commands.run("mkfs.ext4", "-q", dev);
    }
    Files.writeString(layer.resolve(FORMATTED), dev + "\n");
  }

  private static boolean onPath(String tool) {
    String path = System.getenv("PATH");
    for (String d : ((path == null ? "" : path) + ":/usr/sbin:/sbin").split(":")) {
      if (!d.isEmpty() && Files.isExecutable(Path.of(d, tool))) {
        return true;
      }
    }
    return false;
  }

  @Override
  public synchronized void unmount() throws IOException {
    Path mnt = layer.resolve("mnt");
    if (host.mounted(mnt)) {
      // A server that has just stopped (a container being removed) may hold it a moment longer.
      retryWhileBusy(() -> commands.run("umount", mnt.toString()), Duration.ofSeconds(60));
    }
    stack.down();
    device = null;
    measured = null;
  }

  @Override
  public synchronized VolumeFacts facts() {
    return new VolumeFacts(
        method().id(),
        "",
        layer.resolve("mnt").resolve("db").toString(),
        layer.resolve(IMAGE).toString(),
        sizeBytes,
        fileSystem,
        "noatime",
        READ_AHEAD_KB,
        stack.directIo());
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    try {
      unmount();
    } catch (IOException | RuntimeException e) {
      System.err.println("warning: data volume " + layer + " not taken down: " + e.getMessage());
    } finally {
      closed = true;
      lock.close();
      if (Thread.currentThread() != shutdownHook) {
        try {
          Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException e) {
          // already shutting down: the hook is running or ran
        }
      }
    }
  }

  /** The first {@code bytes} of the SHA-256 of {@code path}, in hex: a short name for a volume. */
  static String pathHash(Path path, int bytes) {
    try {
      byte[] h =
          java.security.MessageDigest.getInstance("SHA-256")
              .digest(path.toString().getBytes(java.nio.charset.StandardCharsets.UTF_8));
      return java.util.HexFormat.of().formatHex(h, 0, bytes);
    } catch (java.security.NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
    }
  }

  /** Whether the loop device reads its backing file with O_DIRECT (a second page cache if not). */
  static boolean loopDirectIo(String loopDevice) {
    Path dio = Path.of("/sys/block", Path.of(loopDevice).getFileName().toString(), "loop", "dio");
    try {
      return "1".equals(Files.readString(dio).strip());
    } catch (IOException e) {
      return false;
    }
  }

  interface Step {
    void run() throws IOException;
  }

  /** Runs {@code step} until it stops failing with "busy", for at most {@code limit}. */
  static void retryWhileBusy(Step step, Duration limit) throws IOException {
    long deadline = System.nanoTime() + limit.toNanos();
    while (true) {
      try {
        step.run();
        return;
      } catch (IOException e) {
        String m = String.valueOf(e.getMessage()).toLowerCase(java.util.Locale.ROOT);
        if (!m.contains("busy") || System.nanoTime() > deadline) {
          throw e;
        }
      }
      try {
        Thread.sleep(200); // the holder is a process on its way out; nothing to wait on but time
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IOException("interrupted while waiting for a busy mount", e);
      }
    }
  }

  /** Stops a process: SIGTERM, then SIGKILL after 5 s. Whether it was running. */
  static boolean stop(long pid) {
    return ProcessHandle.of(pid)
        .map(
            p -> {
              p.destroy();
              try {
                p.onExit().get(5, java.util.concurrent.TimeUnit.SECONDS);
              } catch (Exception e) {
                p.destroyForcibly();
              }
              return true;
            })
        .orElse(false);
  }
}
