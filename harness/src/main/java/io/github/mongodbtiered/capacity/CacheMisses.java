package io.github.mongodbtiered.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads asked of the file system per operation against the record count: the WiredTiger cache's
 * misses, each a page read and rebuilt by the server's CPU, wherever the file system finds it. They
 * grow with the data set while the device reads nothing (a sweep here: 0.28, 0.46 and 0.57 a
 * operation at 3M, 4M and 5M records in a 3.3 GB cache), and so does the CPU time of an operation.
 * The median of the cells of each count, linear between counts and beyond the last two.
 */
final class CacheMisses {
  private final TreeMap<Long, Double> byCount;

  private CacheMisses(TreeMap<Long, Double> byCount) {
    this.byCount = byCount;
  }

  /** From the cells that measured their file-system reads (none: {@link #at} is NaN everywhere). */
  static CacheMisses of(List<Observation> cells) {
    Map<Long, List<Double>> perCount = new TreeMap<>();
    for (Observation o : cells) {
      Double fs = o.reads().fsReadsPerOp();
      if (fs != null && Double.isFinite(fs)) {
        perCount.computeIfAbsent(o.recordCount(), k -> new ArrayList<>()).add(fs);
      }
    }
    TreeMap<Long, Double> byCount = new TreeMap<>();
    perCount.forEach((count, values) -> byCount.put(count, Stats.median(values)));
    return new CacheMisses(byCount);
  }

  /** Whether any cell measured its file-system reads. */
  boolean measured() {
    return !byCount.isEmpty();
  }

  /** File-system reads per operation at {@code recordCount}; NaN when none were measured. */
  double at(long recordCount) {
    if (byCount.isEmpty()) {
      return Double.NaN;
    }
    if (byCount.size() == 1) {
      return byCount.firstEntry().getValue();
    }
    Map.Entry<Long, Double> lo = byCount.floorEntry(recordCount);
    Map.Entry<Long, Double> hi = byCount.ceilingEntry(recordCount);
    if (lo != null && hi != null) {
      return lo.getKey().equals(hi.getKey()) ? lo.getValue() : between(lo, hi, recordCount);
    }
    // Beyond the measured counts: the nearest two counts' line, never below none.
    Map.Entry<Long, Double> a = lo == null ? hi : byCount.lowerEntry(lo.getKey());
    Map.Entry<Long, Double> b = lo == null ? byCount.higherEntry(hi.getKey()) : lo;
    return Math.max(0, between(a, b, recordCount));
  }

  private static double between(Map.Entry<Long, Double> a, Map.Entry<Long, Double> b, long x) {
    double t = (double) (x - a.getKey()) / (b.getKey() - a.getKey());
    return a.getValue() + t * (b.getValue() - a.getValue());
  }
}
