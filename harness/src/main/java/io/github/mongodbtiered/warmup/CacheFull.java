package io.github.mongodbtiered.warmup;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Iterator;

/**
 * When a scan has filled the WiredTiger cache: its content reached {@link #FULL} of the maximum, or
 * at least {@link #NEAR_FULL} and it grew by less than {@link #STILL_GROWING} of the maximum over
 * the last {@link #PLATEAU_NANOS}, while the scan kept reading. Eviction holds a full cache near
 * its target (80% in WiredTiger's defaults; the stand-in's stayed at 79.9-83%), so a rule waiting
 * for 95% never fired and the scans read the whole collection.
 */
final class CacheFull {
  static final double FULL = 0.95;
  static final double NEAR_FULL = 0.70;
  static final double STILL_GROWING = 0.005;
  static final long PLATEAU_NANOS = 3_000_000_000L;

  private final Deque<long[]> looks = new ArrayDeque<>();

  /**
   * @param nanos when the figures were read ({@link System#nanoTime})
   * @param usedBytes bytes currently in the cache, or null when the server gives none
   * @param maxBytes the cache's maximum, or null
   * @return whether the cache is now full
   */
  boolean add(long nanos, Long usedBytes, Long maxBytes) {
    if (usedBytes == null || maxBytes == null || maxBytes <= 0) {
      return false;
    }
    if (usedBytes >= FULL * maxBytes) {
      return true;
    }
    looks.addLast(new long[] {nanos, usedBytes});
    // The oldest look kept is the newest one at least PLATEAU_NANOS old.
    while (looks.size() > 2) {
      Iterator<long[]> it = looks.iterator();
      it.next();
      if (nanos - it.next()[0] >= PLATEAU_NANOS) {
        looks.removeFirst();
      } else {
        break;
      }
    }
    long[] oldest = looks.getFirst();
    return nanos - oldest[0] >= PLATEAU_NANOS
        && usedBytes >= NEAR_FULL * maxBytes
        && usedBytes - oldest[1] < STILL_GROWING * maxBytes;
  }
}
