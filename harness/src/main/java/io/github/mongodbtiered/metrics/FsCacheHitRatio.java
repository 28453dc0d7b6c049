package io.github.mongodbtiered.metrics;

/**
 * The share of the server's file reads that the file system cache served: {@code 1 - readFromDevice
 * / requestedFromFs}, clamped to [0, 1] (read-ahead can fetch more than was asked for). The study's
 * 3M-record row had 99.9%; its 5M row still 81%. Both figures are in one unit, counted over the
 * same interval; the harness computes it twice:
 *
 * <ul>
 *   <li>In bytes ({@link #of}): "requested" is WiredTiger's block-manager "bytes read" ({@link
 *       WiredTigerCacheStats#blockManagerBytesRead()}) when the server reports it, else the server
 *       process's {@code rchar} ({@link ProcessIo#rcharBytes()}), which also counts socket reads,
 *       so the ratio from it errs high. "Device" bytes are the server's cgroup's read bytes ({@link
 *       CgroupIoStats}), else its {@code read_bytes}. Read-ahead fetches pages nobody asked for yet
 *       and counts them as device bytes, so this ratio errs low: with 8 MiB of read-ahead, a data
 *       set that fitted memory showed 19% of its bytes read from the device.
 *   <li>In read operations ({@link #ofOps}): "requested" is WiredTiger's block-manager "blocks
 *       read" ({@link WiredTigerCacheStats#blockManagerBlocksRead()}), "device" the read requests
 *       the server's cgroup issued to the data disk ({@link CgroupIoStats.Reads#readOps()}). A
 *       read-ahead is one or a few requests however many bytes it fetches, so read-ahead barely
 *       moves this ratio; requests the kernel splits or merges move it a little either way.
 * </ul>
 */
public final class FsCacheHitRatio {
  private FsCacheHitRatio() {}

  /** The ratio in bytes; null when either figure is unknown or nothing was requested. */
  public static Double of(Long bytesRequestedFromFs, Long bytesReadFromDevice) {
    return ratio(bytesRequestedFromFs, bytesReadFromDevice);
  }

  /**
   * The ratio in read operations, with the same rules as {@link #of}: null when either count is
   * unknown or nothing was requested.
   */
  public static Double ofOps(Long readsRequestedFromFs, Long readsFromDevice) {
    return ratio(readsRequestedFromFs, readsFromDevice);
  }

  private static Double ratio(Long requestedFromFs, Long readFromDevice) {
    if (requestedFromFs == null || readFromDevice == null || requestedFromFs <= 0) {
      return null;
    }
    return Counters.clampRatio(1 - (double) readFromDevice / requestedFromFs);
  }
}
