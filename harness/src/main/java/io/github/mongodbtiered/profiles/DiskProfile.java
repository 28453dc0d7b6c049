package io.github.mongodbtiered.profiles;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * A disk and memory setting to measure MongoDB under: blkio limits on the device that holds the
 * data, a container memory limit and a WiredTiger cache size. Zero means "no limit" for the IOPS,
 * bandwidth and memory figures.
 *
 * @param name short name used on the command line and in reports, e.g. {@code hdd-150}
 * @param description one line for humans
 * @param readIops read operations per second allowed on the data device (0: unlimited)
 * @param writeIops write operations per second allowed (0: unlimited)
 * @param readBytesPerSec read bandwidth allowed (0: unlimited)
 * @param writeBytesPerSec write bandwidth allowed (0: unlimited)
 * @param addedLatencyMillis latency to add to every read and write, applied by the data volume
 *     ({@code volumes}) where it can be built (reports say when it was not)
 * @param memoryBytes the server container's memory limit, page cache included (0: unlimited)
 * @param wiredTigerCacheBytes the WiredTiger cache size, or empty for MongoDB's default
 */
public record DiskProfile(
    String name,
    String description,
    long readIops,
    long writeIops,
    long readBytesPerSec,
    long writeBytesPerSec,
    double addedLatencyMillis,
    long memoryBytes,
    OptionalLong wiredTigerCacheBytes) {

  static final long MIB = 1L << 20;
  static final long GIB = 1L << 30;

  /** MongoDB's smallest default WiredTiger cache. */
  public static final long MIN_DEFAULT_CACHE_BYTES = 256 * MIB;

  public DiskProfile {
    if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
      throw new IllegalArgumentException(
          "profile name '" + name + "': use letters, digits, '.', '_' and '-'");
    }
    if (readIops < 0 || writeIops < 0 || readBytesPerSec < 0 || writeBytesPerSec < 0) {
      throw new IllegalArgumentException("profile " + name + ": limits cannot be negative");
    }
    if (addedLatencyMillis < 0 || memoryBytes < 0) {
      throw new IllegalArgumentException("profile " + name + ": values cannot be negative");
    }
    if (wiredTigerCacheBytes.isPresent() && wiredTigerCacheBytes.getAsLong() <= 0) {
      throw new IllegalArgumentException("profile " + name + ": the cache size must be positive");
    }
    if (memoryBytes > 0
        && wiredTigerCacheBytes.isPresent()
        && wiredTigerCacheBytes.getAsLong() >= memoryBytes) {
      throw new IllegalArgumentException(
          "profile " + name + ": the WiredTiger cache must be smaller than the memory limit");
    }
  }

  /**
   * The WiredTiger cache the server will have: the profile's, or MongoDB's default of 50% of
   * (memory - 1 GB), at least 256 MB. Empty when neither is known (no memory limit and no cache).
   */
  public OptionalLong effectiveCacheBytes() {
    if (wiredTigerCacheBytes.isPresent()) {
      return wiredTigerCacheBytes;
    }
    if (memoryBytes == 0) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(Math.max(MIN_DEFAULT_CACHE_BYTES, (memoryBytes - GIB) / 2));
  }

  /** True when the profile throttles the disk at all. */
  public boolean throttlesDisk() {
    return readIops > 0 || writeIops > 0 || readBytesPerSec > 0 || writeBytesPerSec > 0;
  }

  /** One line: "hdd-150: 150/150 IOPS, +7 ms, 7634 MiB memory, 3305 MiB cache". */
  public String summary() {
    List<String> parts = new ArrayList<>();
    parts.add(
        readIops == 0 && writeIops == 0
            ? "IOPS unlimited"
            : limit(readIops) + "/" + limit(writeIops) + " IOPS (read/write)");
    if (readBytesPerSec > 0 || writeBytesPerSec > 0) {
      parts.add(mib(readBytesPerSec) + "/" + mib(writeBytesPerSec) + " MiB/s");
    }
    if (addedLatencyMillis > 0) {
      parts.add("+" + trim(addedLatencyMillis) + " ms latency");
    }
    parts.add(memoryBytes == 0 ? "memory unlimited" : memoryBytes / MIB + " MiB memory");
    effectiveCacheBytes().ifPresent(c -> parts.add(c / MIB + " MiB WiredTiger cache"));
    return name + ": " + String.join(", ", parts);
  }

  private static String limit(long v) {
    return v == 0 ? "unlimited" : Long.toString(v);
  }

  private static String mib(long bps) {
    return bps == 0 ? "unlimited" : trim(bps / (double) MIB);
  }

  /**
   * The figure as configured, every digit kept (7.25, 0.3814697265625): not {@link Sizes#trim},
   * which rounds to three decimals and would change this line's text.
   */
  private static String trim(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }
}
