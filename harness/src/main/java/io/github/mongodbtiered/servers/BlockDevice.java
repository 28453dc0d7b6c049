package io.github.mongodbtiered.servers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The whole disk that holds a path: what blkio limits must name, since the kernel throttles whole
 * disks. Found from the path's {@code st_dev} through {@code /sys/dev/block}, not assumed.
 *
 * @param path the device node, e.g. {@code /dev/vda}
 * @param major the disk's major number
 * @param minor the disk's minor number
 */
public record BlockDevice(String path, int major, int minor) {

  /** "254:0", as cgroup files write it. */
  public String majorMinor() {
    return major + ":" + minor;
  }

  /**
   * The disk under {@code dir}.
   *
   * @throws IllegalStateException when the directory is on no block device (tmpfs, overlay, a
   *     network file system), naming the directory and what to do
   */
  public static BlockDevice backing(Path dir) {
    long dev;
    try {
      dev = ((Number) Files.getAttribute(dir, "unix:dev")).longValue();
    } catch (IOException | UnsupportedOperationException e) {
      throw new IllegalStateException("cannot stat " + dir + ": " + e.getMessage(), e);
    }
    // Linux's encoding of st_dev (see makedev(3)).
    int major = (int) (((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL));
    int minor = (int) ((dev & 0xff) | ((dev >>> 12) & ~0xffL));
    Path sys = Path.of("/sys/dev/block", major + ":" + minor);
    if (major == 0 || !Files.exists(sys)) {
      throw new IllegalStateException(
          dir
              + " is on a file system with no block device (device "
              + major
              + ":"
              + minor
              + ", e.g. tmpfs or overlay), so no disk limit can apply to it: choose a data"
              + " directory on a real disk with --data-dir");
    }
    try {
      Path real = sys.toRealPath();
      // A partition's sysfs directory sits inside its disk's; blkio throttles the disk.
      Path disk = Files.exists(real.resolve("partition")) ? real.getParent() : real;
      String[] mm = Files.readString(disk.resolve("dev")).trim().split(":");
      return new BlockDevice(
          "/dev/" + disk.getFileName(), Integer.parseInt(mm[0]), Integer.parseInt(mm[1]));
    } catch (IOException e) {
      throw new IllegalStateException("cannot read " + sys + ": " + e.getMessage(), e);
    }
  }
}
