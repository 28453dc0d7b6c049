package io.github.mongodbtiered.metrics;

/**
 * The share of the server's file reads that the file system cache served: {@code 1 -
 * bytesReadFromDevice / bytesRequestedFromFs}, clamped to [0, 1] (read-ahead can fetch more than
 * was asked for). The study's 3M-record row had 99.9%; its 5M row still 81%.
 *
 * <p>The harness passes as "requested" WiredTiger's block-manager "bytes read" ({@link
 * WiredTigerCacheStats#blockManagerBytesRead()}) when the server reports it, else the server
 * process's {@code rchar} ({@link ProcessIo#rcharBytes()}). {@code rchar} also counts socket reads,
 * so the ratio from it errs high. "Device" bytes are the server's {@code read_bytes} or its
 * cgroup's read bytes ({@link CgroupIoStats}), over the same interval.
 */
public final class FsCacheHitRatio {
  private FsCacheHitRatio() {}

  /** The ratio; null when either figure is unknown or nothing was requested. */
  public static Double of(Long bytesRequestedFromFs, Long bytesReadFromDevice) {
    if (bytesRequestedFromFs == null || bytesReadFromDevice == null || bytesRequestedFromFs <= 0) {
      return null;
    }
    return Counters.clampRatio(1 - (double) bytesReadFromDevice / bytesRequestedFromFs);
  }
}
