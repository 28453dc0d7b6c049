package io.github.mongodbtiered.metrics;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What a container's processes read from one disk, from the I/O counters of the cgroup a process is
 * in. Unlike {@link DeviceStats} this excludes other processes on the disk, and unlike {@link
 * ProcessIo} it needs no access to the process itself. Readable only when the Docker daemon runs on
 * this host; otherwise every figure is null, never an exception.
 *
 * <p>The cgroup comes from {@link CgroupDirs}: a v1 blkio group wins, read from its {@code
 * blkio.throttle.io_service_bytes} and {@code blkio.throttle.io_serviced} ("MAJ:MIN Read N" lines);
 * otherwise the v2 group, read from its {@code io.stat} ("MAJ:MIN rbytes=N wbytes=N rios=N wios=N
 * ...").
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

  /** Operations and bytes of every kind (reads and writes) a cgroup issued to one disk. */
  public record Io(Long ops, Long bytes) {}

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
    CgroupDirs dirs = dirsOf(pid);
    if (dirs == null) {
      return new Reads(null, null);
    }
    if (dirs.blkio() != null) {
      return new Reads(
          v1Read(dirs.blkio().resolve("blkio.throttle.io_service_bytes"), majorMinor),
          v1Read(dirs.blkio().resolve("blkio.throttle.io_serviced"), majorMinor));
    }
    if (dirs.unified() == null) {
      return new Reads(null, null);
    }
    Path ioStat = dirs.unified().resolve("io.stat");
    return new Reads(v2Read(ioStat, majorMinor, "rbytes"), v2Read(ioStat, majorMinor, "rios"));
  }

  /**
   * Everything the cgroup of {@code pid} has issued to the disk {@code majorMinor} so far, reads
   * and writes: v1's "Total" lines, v2's {@code rios + wios + dios} and {@code rbytes + wbytes +
   * dbytes}. As {@link #read}, 0 for a disk without a line and nulls when unreadable.
   */
  public Io total(long pid, String majorMinor) {
    CgroupDirs dirs = dirsOf(pid);
    if (dirs == null) {
      return new Io(null, null);
    }
    if (dirs.blkio() != null) {
      return new Io(
          v1Line(dirs.blkio().resolve("blkio.throttle.io_serviced"), majorMinor, "Total"),
          v1Line(dirs.blkio().resolve("blkio.throttle.io_service_bytes"), majorMinor, "Total"));
    }
    if (dirs.unified() == null) {
      return new Io(null, null);
    }
    Path ioStat = dirs.unified().resolve("io.stat");
    return new Io(
        sum(ioStat, majorMinor, "rios", "wios", "dios"),
        sum(ioStat, majorMinor, "rbytes", "wbytes", "dbytes"));
  }

  /** The cgroup directories of {@code pid}, or null when they cannot be read. */
  private CgroupDirs dirsOf(long pid) {
    try {
      return CgroupDirs.of(procRoot, cgroupRoot, pid);
    } catch (IOException e) {
      return null;
    }
  }

  /** The keys' values on the disk's io.stat line added up (dios/dbytes may be missing: 0). */
  private static Long sum(Path ioStat, String majorMinor, String... keys) {
    long total = 0;
    for (String key : keys) {
      Long v = v2Read(ioStat, majorMinor, key);
      if (v == null && !key.startsWith("d")) {
        return null;
      }
      total += v == null ? 0 : v;
    }
    return total;
  }

  /** "MAJ:MIN Read N" among the disk's lines; 0 when the disk has none. */
  private static Long v1Read(Path file, String majorMinor) {
    return v1Line(file, majorMinor, "Read");
  }

  /** "MAJ:MIN {@code kind} N" among the disk's lines; 0 when the disk has none. */
  private static Long v1Line(Path file, String majorMinor, String kind) {
    try {
      for (List<String> f : CgroupDirs.deviceLines(file, majorMinor)) {
        if (f.size() == 2 && f.get(0).equals(kind)) {
          return Long.parseLong(f.get(1));
        }
      }
      return 0L;
    } catch (IOException | NumberFormatException e) {
      return null;
    }
  }

  /** {@code key=N} on the disk's line; 0 when the disk has no line, null when the line lacks it. */
  private static Long v2Read(Path ioStat, String majorMinor, String key) {
    try {
      List<List<String>> lines = CgroupDirs.deviceLines(ioStat, majorMinor);
      if (lines.isEmpty()) {
        return 0L;
      }
      String v = CgroupDirs.keyed(lines.get(0), key);
      return v == null ? null : Long.parseLong(v);
    } catch (IOException | NumberFormatException e) {
      return null;
    }
  }
}
