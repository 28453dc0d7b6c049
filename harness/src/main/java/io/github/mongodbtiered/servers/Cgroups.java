package io.github.mongodbtiered.servers;

import io.github.mongodbtiered.metrics.CgroupDirs;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a process's blkio and memory limits from the host's cgroup file system (v1 or v2), and
 * rewrites its disk limits. Works when the Docker daemon runs on this host, which is the only case
 * in which the harness can also read the server's I/O counters.
 */
final class Cgroups {
  // The kernel's "no limit" for memory.limit_in_bytes: PAGE_COUNTER_MAX pages, page-aligned.
  private static final long V1_UNLIMITED = 0x7FFFFFFFFFFFF000L;

  private Cgroups() {}

  static Enforcement read(long pid, BlockDevice device, boolean latencyApplied, String latency) {
    List<String> notes = new ArrayList<>();
    if (!latency.isEmpty()) {
      notes.add(latency);
    }
    CgroupDirs dirs;
    try {
      dirs = CgroupDirs.of(pid);
    } catch (IOException e) {
      notes.add("limits not read back: /proc/" + pid + "/cgroup unreadable (remote Docker host?)");
      return new Enforcement(device, -1, -1, -1, -1, -1, latencyApplied, notes);
    }
    if (dirs.blkio() != null) {
      Path dir = dirs.blkio();
      return new Enforcement(
          device,
          v1Device(dir.resolve("blkio.throttle.read_iops_device"), device, notes),
          v1Device(dir.resolve("blkio.throttle.write_iops_device"), device, notes),
          v1Device(dir.resolve("blkio.throttle.read_bps_device"), device, notes),
          v1Device(dir.resolve("blkio.throttle.write_bps_device"), device, notes),
          dirs.memory() == null ? -1 : v1Memory(dirs.memory(), notes),
          latencyApplied,
          notes);
    }
    if (dirs.unified() != null) {
      Path dir = dirs.unified();
      return new Enforcement(
          device,
          v2Io(dir, device, "riops", notes),
          v2Io(dir, device, "wiops", notes),
          v2Io(dir, device, "rbps", notes),
          v2Io(dir, device, "wbps", notes),
          v2Memory(dir, notes),
          latencyApplied,
          notes);
    }
    notes.add("limits not read back: no blkio or unified cgroup for pid " + pid);
    return new Enforcement(device, -1, -1, -1, -1, -1, latencyApplied, notes);
  }

  /** A v1 throttle file holds "MAJ:MIN value" lines; no line for the device means no limit. */
  private static long v1Device(Path file, BlockDevice device, List<String> notes) {
    try {
      for (List<String> f : CgroupDirs.deviceLines(file, device.majorMinor())) {
        if (f.size() == 1) {
          return Long.parseLong(f.get(0));
        }
      }
      return 0;
    } catch (IOException | NumberFormatException e) {
      notes.add("could not read " + file + ": " + e.getMessage());
      return -1;
    }
  }

  private static long v1Memory(Path dir, List<String> notes) {
    try {
      long v = Long.parseLong(Files.readString(dir.resolve("memory.limit_in_bytes")).trim());
      return v >= V1_UNLIMITED ? 0 : v;
    } catch (IOException | NumberFormatException e) {
      notes.add("could not read the memory limit in " + dir + ": " + e.getMessage());
      return -1;
    }
  }

  /** io.max lines: "MAJ:MIN rbps=max wbps=max riops=150 wiops=max". */
  private static long v2Io(Path dir, BlockDevice device, String key, List<String> notes) {
    try {
      for (List<String> f : CgroupDirs.deviceLines(dir.resolve("io.max"), device.majorMinor())) {
        String v = CgroupDirs.keyed(f, key);
        if (v != null) {
          return v.equals("max") ? 0 : Long.parseLong(v);
        }
      }
      return 0;
    } catch (IOException | NumberFormatException e) {
      notes.add("could not read " + dir.resolve("io.max") + ": " + e.getMessage());
      return -1;
    }
  }

  private static long v2Memory(Path dir, List<String> notes) {
    try {
      String v = Files.readString(dir.resolve("memory.max")).trim();
      return v.equals("max") ? 0 : Long.parseLong(v);
    } catch (IOException | NumberFormatException e) {
      notes.add("could not read " + dir.resolve("memory.max") + ": " + e.getMessage());
      return -1;
    }
  }

  /**
   * Rewrites a running process's disk limits on {@code device} (0 = no limit), through the same
   * cgroup files Docker wrote at create time.
   *
   * @throws IOException when the files cannot be written (not root, remote Docker host)
   */
  static void writeDiskLimits(
      long pid, BlockDevice device, long readIops, long writeIops, long readBps, long writeBps)
      throws IOException {
    CgroupDirs dirs = CgroupDirs.of(pid);
    String mm = device.majorMinor();
    if (dirs.blkio() != null) {
      // In v1, writing 0 for a device removes its rule.
      Path dir = dirs.blkio();
      Files.writeString(dir.resolve("blkio.throttle.read_iops_device"), mm + " " + readIops);
      Files.writeString(dir.resolve("blkio.throttle.write_iops_device"), mm + " " + writeIops);
      Files.writeString(dir.resolve("blkio.throttle.read_bps_device"), mm + " " + readBps);
      Files.writeString(dir.resolve("blkio.throttle.write_bps_device"), mm + " " + writeBps);
    } else if (dirs.unified() != null) {
      Files.writeString(
          dirs.unified().resolve("io.max"),
          mm
              + " rbps="
              + max(readBps)
              + " wbps="
              + max(writeBps)
              + " riops="
              + max(readIops)
              + " wiops="
              + max(writeIops));
    } else {
      throw new IOException("no blkio or unified cgroup for pid " + pid);
    }
  }

  private static String max(long v) {
    return v == 0 ? "max" : Long.toString(v);
  }
}
