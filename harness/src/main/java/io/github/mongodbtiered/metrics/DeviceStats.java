package io.github.mongodbtiered.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One block device's read counters from {@code /proc/diskstats}. They are device-wide: every
 * process's I/O on the disk counts, not only the server's.
 *
 * <p>Each line of the file is "major minor name" followed by the fields of the kernel's
 * Documentation/admin-guide/iostats.rst, numbered from 1: 1 reads completed, 2 reads merged, 3
 * sectors read, 4 milliseconds spent reading, 5 writes completed, 6 writes merged, 7 sectors
 * written, 8 milliseconds spent writing, 9 I/Os in progress, 10 milliseconds spent doing I/O
 * (io_ticks), 11 weighted milliseconds doing I/O; newer kernels append discard and flush fields.
 * This class uses fields 1, 3, 4 and 10.
 *
 * @param device the device name, e.g. {@code vda}
 * @param readsCompleted field 1
 * @param sectorsRead field 3, in units of {@link #SECTOR_BYTES} whatever the device's sector size
 * @param readMillis field 4: total time reads took, queueing included
 * @param ioTicksMillis field 10: time during which at least one I/O was in flight
 */
public record DeviceStats(
    String device, long readsCompleted, long sectorsRead, long readMillis, long ioTicksMillis) {

  /** The kernel counts diskstats sectors in 512-byte units on every device. */
  public static final int SECTOR_BYTES = 512;

  /** Bytes read: {@code sectorsRead * SECTOR_BYTES}. */
  public long readBytes() {
    return sectorsRead * SECTOR_BYTES;
  }

  /**
   * Reads one device's line.
   *
   * @param device a name such as {@code vda}; a {@code /dev/} prefix is dropped
   * @throws IOException when the file cannot be read
   * @throws IllegalArgumentException when the device has no line in it
   */
  public static DeviceStats read(Path diskstats, String device) throws IOException {
    return parse(Files.readString(diskstats), device);
  }

  /** Finds {@code device}'s line in the text of {@code /proc/diskstats}. */
  public static DeviceStats parse(String diskstats, String device) {
    String name = device.startsWith("/dev/") ? device.substring("/dev/".length()) : device;
    List<String> seen = new ArrayList<>();
    for (String line : diskstats.split("\n")) {
      String[] f = line.trim().split("\\s+");
      // 3 identifying columns + at least 11 fields; older kernels wrote 4-field partition lines.
      if (f.length < 14) {
        continue;
      }
      seen.add(f[2]);
      if (f[2].equals(name)) {
        return new DeviceStats(
            name,
            Long.parseLong(f[3]),
            Long.parseLong(f[5]),
            Long.parseLong(f[6]),
            Long.parseLong(f[12]));
      }
    }
    throw new IllegalArgumentException(
        "device " + name + " is not in /proc/diskstats (it lists " + String.join(", ", seen) + ")");
  }

  /**
   * What the device did between {@code before} and this snapshot: the figures {@code iostat -x}
   * prints as r/s, rkB/s (here in bytes), r_await and %util.
   *
   * @param elapsedNanos wall time between the snapshots, from {@link System#nanoTime()}
   * @throws IllegalArgumentException when the elapsed time is not positive, the snapshots are of
   *     different devices, or a counter went backwards (the device was re-attached)
   */
  public DeviceActivity activitySince(DeviceStats before, long elapsedNanos) {
    if (elapsedNanos <= 0) {
      throw new IllegalArgumentException("elapsed time must be positive: " + elapsedNanos);
    }
    if (!device.equals(before.device)) {
      throw new IllegalArgumentException(
          "snapshots of different devices: " + before.device + ", " + device);
    }
    long reads = readsCompleted - before.readsCompleted;
    long sectors = sectorsRead - before.sectorsRead;
    long millis = readMillis - before.readMillis;
    long ticks = ioTicksMillis - before.ioTicksMillis;
    if (reads < 0 || sectors < 0 || millis < 0 || ticks < 0) {
      throw new IllegalArgumentException("counters of " + device + " went backwards");
    }
    double seconds = elapsedNanos / 1e9;
    return new DeviceActivity(
        reads / seconds,
        sectors * (double) SECTOR_BYTES / seconds,
        reads == 0 ? null : (double) millis / reads,
        Math.min(100, ticks / (elapsedNanos / 1e6) * 100));
  }
}
