package io.github.mongodbtiered.intervals;

import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * One interval of a measured run (about a second: YCSB's status thread closes one at each report)
 * with the latencies each operation type recorded in it, in microseconds.
 *
 * @param startMillis when the interval began (ms since the epoch): the end of the one before, or
 *     for the first, when the earliest operation type's log began
 * @param endMillis when it ended (ms since the epoch)
 * @param byOperation each operation type's latencies in the interval (READ, UPDATE, ...)
 */
public record Interval(long startMillis, long endMillis, Map<String, Histogram> byOperation) {
  public Interval {
    byOperation = new TreeMap<>(byOperation);
  }

  /** Length of the interval in seconds. */
  public double seconds() {
    return (endMillis - startMillis) / 1000.0;
  }

  /** Operations of every type completed in the interval. */
  public long operations() {
    return byOperation.values().stream().mapToLong(Histogram::getTotalCount).sum();
  }

  /** Operations per second over the interval; 0 for an interval of no length. */
  public double opsPerSec() {
    return endMillis > startMillis ? operations() / seconds() : 0;
  }

  /** Every operation type's latencies together. */
  public Histogram all() {
    Histogram total = new Histogram(3);
    byOperation.values().forEach(total::add);
    return total;
  }

  /** The 99th percentile of every operation together, in microseconds; 0 when none completed. */
  public long p99Micros() {
    Histogram h = all();
    return h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(99);
  }

  /** The 99th percentile of one operation type, in microseconds; 0 when it had none. */
  public long p99Micros(String operation) {
    Histogram h = byOperation.get(operation);
    return h == null || h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(99);
  }
}
