package io.github.mongodbtiered.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * What a container's processes read from one disk, from the I/O counters of the cgroup a process is
 * in. Unlike {@link DeviceStats} this excludes other processes on the disk, and unlike {@link
 * ProcessIo} it needs no access to the process itself. Readable only when the Docker daemon runs on
 * this host; otherwise every figure is null, never an exception.
 *
 * <p>The cgroup comes from {@code /proc/<pid>/cgroup}: a v1 line whose controller list holds {@code
 * blkio} ("4:blkio:/docker/ID") wins, read from {@code
 * <cgroupRoot>/blkio/<path>/blkio.throttle.io_service_bytes} and {@code blkio.throttle.io_serviced}
 * ("MAJ:MIN Read N" lines); otherwise the v2 line ("0::/path"), read from {@code
 * <cgroupRoot>/<path>/io.stat} ("MAJ:MIN rbytes=N wbytes=N rios=N wios=N ...").
 */
public final class CgroupIoStats {
  private final Path procRoot;
  private final Path cgroupRoot;

  /**
   * Bytes and read operations a cgroup issued to one disk, or (from {@link #since}) their change.
   * Null when unreadable.
   */
  public record Reads(Long readBytes, Long readOps) {
    /** The change from {@code before}; null when unknown or a counter went backwards. */
    public Reads since(Reads before) {
      return new Reads(
          Counters.delta(readBytes, before.readBytes), Counters.delta(readOps, before.readOps));
    }
  }

  /** Reads the host's {@code /proc} and {@code /sys/fs/cgroup}. */
  public CgroupIoStats() {
    this(Path.of("/proc"), Path.of("/sys/fs/cgroup"));
  }

  /** Reads the given roots in place of {@code /proc} and {@code /sys/fs/cgroup}. */
  public CgroupIoStats(Path procRoot, Path cgroupRoot) {
    this.procRoot = procRoot;
    this.cgroupRoot = cgroupRoot;
  }

  /**
   * The reads so far of the cgroup that {@code pid} is in, from the disk {@code majorMinor}.
   *
   * @param majorMinor the whole disk, as cgroup files write it: "254:0" (the counters are kept per
   *     disk, not per partition)
   * @return the counters; 0 when the files are readable but hold no line for the disk (the cgroup
   *     has not touched it); nulls when they cannot be read
   */
  public Reads read(long pid, String majorMinor) {
    List<String> lines;
    try {
      lines = Files.readAllLines(procRoot.resolve(Long.toString(pid)).resolve("cgroup"));
    } catch (IOException e) {
      return new Reads(null, null);
    }
    String unified = null;
    for (String line : lines) {
      String[] f = line.split(":", 3);
      if (f.length < 3) {
        continue;
      }
      if (List.of(f[1].split(",")).contains("blkio")) {
        // The controller's own directory, or its co-mounted one ("blkio,cpu") without the symlink.
        Path dir = cgroupRoot.resolve("blkio");
        if (!Files.isDirectory(dir)) {
          dir = cgroupRoot.resolve(f[1]);
        }
        dir = dir.resolve(relative(f[2]));
        return new Reads(
            v1Read(dir.resolve("blkio.throttle.io_service_bytes"), majorMinor),
            v1Read(dir.resolve("blkio.throttle.io_serviced"), majorMinor));
      }
      if (f[0].equals("0") && f[1].isEmpty()) {
        unified = f[2];
      }
    }
    if (unified == null) {
      return new Reads(null, null);
    }
    Path ioStat = cgroupRoot.resolve(relative(unified)).resolve("io.stat");
    return new Reads(v2Read(ioStat, majorMinor, "rbytes"), v2Read(ioStat, majorMinor, "rios"));
  }

  private static String relative(String cgroupPath) {
    return cgroupPath.startsWith("/") ? cgroupPath.substring(1) : cgroupPath;
  }

  private static Long v1Read(Path file, String majorMinor) {
    try {
      for (String line : Files.readAllLines(file)) {
        String[] f = line.trim().split("\\s+");
        if (f.length == 3 && f[0].equals(majorMinor) && f[1].equals("Read")) {
          return Long.parseLong(f[2]);
        }
      }
      return 0L;
    } catch (IOException | NumberFormatException e) {
      return null;
    }
  }

  private static Long v2Read(Path ioStat, String majorMinor, String key) {
    try {
      for (String line : Files.readAllLines(ioStat)) {
        String[] f = line.trim().split("\\s+");
        if (f[0].equals(majorMinor)) {
          for (String kv : f) {
            if (kv.startsWith(key + "=")) {
              return Long.parseLong(kv.substring(key.length() + 1));
            }
          }
          return null;
        }
      }
      return 0L;
    } catch (IOException | NumberFormatException e) {
      return null;
    }
  }
}
