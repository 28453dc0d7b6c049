package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.report.BaselineTable;
import io.github.mongodbtiered.servers.BlockDevice;
import io.github.mongodbtiered.servers.DiskBaseline.Settings;
import java.nio.file.Path;
import java.util.Locale;

/** The notes {@code disk-baseline} prints before its steps: the plan, and the disk. */
final class BaselineText {
  private BaselineText() {}

  /** What will be measured, and how long it takes. */
  static String intro(Settings s, int targets) {
    long total = Math.round(s.measuredSeconds() * targets);
    return String.format(
        Locale.ROOT,
        "disk baseline: random O_DIRECT %s of %s bytes on a %s file, threads 1 to %d"
            + " (doubling, %d steps per mode), %s s per step: %d steps per target, %s for %d"
            + " target(s), plus writing the file once",
        s.modes().stream().map(m -> m.label() + "s").reduce((a, b) -> a + " then " + b).orElse(""),
        BaselineTable.blocks(s.blockMinBytes(), s.blockMaxBytes()),
        BaselineTable.bytes(s.fileBytes()),
        s.maxThreads(),
        s.threadCounts().size(),
        Messages.number(s.secondsPerStep()),
        s.steps(),
        duration(total),
        targets);
  }

  /** "data directory DIR on /dev/sda1", or a warning when no block device holds it. */
  static String dataDirectory(Path dir) {
    try {
      return "data directory " + dir + " on " + BlockDevice.backing(dir).path();
    } catch (IllegalStateException e) {
      // tmpfs takes O_DIRECT too (Linux 6.6+): then memory would be measured, not a disk.
      return "data directory "
          + dir
          + "\n[WARN] "
          + dir
          + " is on no block device (tmpfs, overlay?): the figures may not be a disk's";
    }
  }

  private static String duration(long seconds) {
    if (seconds < 60) {
      return seconds + " s";
    }
    return seconds / 60 + " min " + (seconds % 60 == 0 ? "" : seconds % 60 + " s");
  }
}
