package io.github.mongodbtiered.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Where a process sits in the cgroup hierarchies, and the per-disk lines of the files there: the
 * one reader of cgroup files, for the I/O counters ({@link CgroupIoStats}) and for a container's
 * limits (the servers package).
 *
 * <p>The directories come from {@code /proc/<pid>/cgroup}: a v1 line names its controllers,
 * "4:blkio:/docker/ID" or, co-mounted, "3:cpu,blkio:/docker/ID"; the v2 (unified) line names none,
 * "0::/path". A host may have both (hybrid).
 *
 * @param blkio the v1 blkio directory, or null when the process has none
 * @param memory the v1 memory directory, or null when the process has none
 * @param unified the v2 directory, or null when the process has none
 */
public record CgroupDirs(Path blkio, Path memory, Path unified) {
  private static final Path HOST_PROC = Path.of("/proc");
  private static final Path HOST_CGROUP = Path.of("/sys/fs/cgroup");

  /** The directories of {@code pid} on this host: {@code /proc} and {@code /sys/fs/cgroup}. */
  public static CgroupDirs of(long pid) throws IOException {
    return of(HOST_PROC, HOST_CGROUP, pid);
  }

  /**
   * The directories of {@code pid}, reading {@code procRoot} and {@code cgroupRoot} in place of
   * {@code /proc} and {@code /sys/fs/cgroup}.
   *
   * @throws IOException when {@code /proc/<pid>/cgroup} cannot be read (no such process here)
   */
  public static CgroupDirs of(Path procRoot, Path cgroupRoot, long pid) throws IOException {
    Path blkio = null;
    Path memory = null;
    Path unified = null;
    for (String line : Files.readAllLines(procRoot.resolve(Long.toString(pid)).resolve("cgroup"))) {
      String[] f = line.split(":", 3);
      if (f.length < 3) {
        continue;
      }
      List<String> controllers = List.of(f[1].split(","));
      if (blkio == null && controllers.contains("blkio")) {
        blkio = v1Dir(cgroupRoot, "blkio", f[1], f[2]);
      }
      if (memory == null && controllers.contains("memory")) {
        memory = v1Dir(cgroupRoot, "memory", f[1], f[2]);
      }
      if (f[0].equals("0") && f[1].isEmpty()) {
        unified = cgroupRoot.resolve(relative(f[2]));
      }
    }
    return new CgroupDirs(blkio, memory, unified);
  }

  /**
   * The fields after the disk of each line of {@code file} that is about {@code majorMinor}:
   * ["150"] from a v1 limit ("8:0 150"), ["Read", "4096"] and more from a v1 counter ("8:0 Read
   * 4096"), ["rbytes=4096", "rios=1", ...] from v2's io.max and io.stat.
   *
   * @param majorMinor the whole disk, as cgroup files write it: "254:0"
   */
  public static List<List<String>> deviceLines(Path file, String majorMinor) throws IOException {
    List<List<String>> lines = new ArrayList<>();
    for (String line : Files.readAllLines(file)) {
      String[] f = line.trim().split("\\s+");
      if (f[0].equals(majorMinor)) {
        lines.add(List.of(f).subList(1, f.length));
      }
    }
    return lines;
  }

  /** The value of the {@code key=value} field among {@code fields}, or null when none has it. */
  public static String keyed(List<String> fields, String key) {
    for (String field : fields) {
      if (field.startsWith(key + "=")) {
        return field.substring(key.length() + 1);
      }
    }
    return null;
  }

  /** The controller's own directory, or its co-mounted one ("cpu,blkio") where no link names it. */
  private static Path v1Dir(Path cgroupRoot, String controller, String controllers, String path) {
    Path dir = cgroupRoot.resolve(controller);
    if (!Files.isDirectory(dir)) {
      dir = cgroupRoot.resolve(controllers);
    }
    return dir.resolve(relative(path));
  }

  private static String relative(String cgroupPath) {
    return cgroupPath.startsWith("/") ? cgroupPath.substring(1) : cgroupPath;
  }
}
