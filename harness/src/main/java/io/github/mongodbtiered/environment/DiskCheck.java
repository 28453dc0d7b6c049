package io.github.mongodbtiered.environment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The block device under the data directory, and its read-ahead against MongoDB's advice. */
final class DiskCheck {
  /** Above this, read-ahead pulls in data random WiredTiger reads never asked for. */
  static final int READ_AHEAD_ADVISED_MAX_KB = 16;

  /**
   * The block device under the data directory, as the facts name it, and its request queue's
   * settings; null where sysfs does not say.
   *
   * @param name "sda (8:0)"
   */
  record Disk(String name, Integer readAheadKb, String scheduler) {}

  private final Path sys;

  /** Reads the given root in place of {@code /sys}. */
  DiskCheck(Path sys) {
    this.sys = sys;
  }

  /** The disk holding {@code dir}; warns of a read-ahead above MongoDB's advice. */
  Optional<Disk> disk(Path dir, List<String> warnings) {
    Optional<int[]> dev = deviceNumbers(existingAncestor(dir));
    if (dev.isEmpty()) {
      return Optional.empty();
    }
    String majorMinor = dev.get()[0] + ":" + dev.get()[1];
    Path block = sys.resolve("dev/block").resolve(majorMinor);
    Path queue = queueOf(block);
    Disk disk =
        new Disk(
            deviceName(block) + " (" + majorMinor + ")",
            KernelFiles.read(queue.resolve("read_ahead_kb"))
                .map(KernelFiles::parseInt)
                .orElse(null),
            KernelFiles.read(queue.resolve("scheduler"))
                .map(DiskCheck::activeScheduler)
                .orElse(null));
    if (disk.readAheadKb() != null && disk.readAheadKb() > READ_AHEAD_ADVISED_MAX_KB) {
      warnings.add(
          String.format(
              Locale.ROOT,
              "read-ahead is %d KiB on %s: MongoDB advises 8-32 sectors (4-16 KiB) for"
                  + " WiredTiger's random page reads; more inflates disk reads and makes the"
                  + " byte-based filesystem cache hit ratio read low (set it with"
                  + " blockdev --setra 32 %s)",
              disk.readAheadKb(),
              disk.name(),
              "/dev/" + deviceName(block)));
    }
    return Optional.of(disk);
  }

  /** A partition shares its disk's request queue; sysfs puts it one level down. */
  private static Path queueOf(Path block) {
    Path real = KernelFiles.realPath(block);
    Path queue = real.resolve("queue");
    if (!Files.isDirectory(queue) && Files.exists(real.resolve("partition"))) {
      queue = real.getParent().resolve("queue");
    }
    return queue;
  }

  /** The server may not have created its data directory yet; its parent is on the same disk. */
  private static Path existingAncestor(Path p) {
    Path a = p;
    while (a != null && !Files.exists(a)) {
      a = a.getParent();
    }
    return a == null ? p : a;
  }

  private static String deviceName(Path block) {
    return KernelFiles.realPath(block).getFileName().toString();
  }

  /** Linux's encoding of st_dev (see makedev(3)). */
  static Optional<int[]> deviceNumbers(Path dir) {
    try {
      long dev = ((Number) Files.getAttribute(dir, "unix:dev")).longValue();
      int major = (int) (((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL));
      int minor = (int) ((dev & 0xff) | ((dev >>> 12) & ~0xffL));
      return major == 0 ? Optional.empty() : Optional.of(new int[] {major, minor});
    } catch (IOException | UnsupportedOperationException e) {
      return Optional.empty();
    }
  }

  static String activeScheduler(String line) {
    int open = line.indexOf('[');
    int close = line.indexOf(']');
    return open >= 0 && close > open ? line.substring(open + 1, close) : line.trim();
  }
}
