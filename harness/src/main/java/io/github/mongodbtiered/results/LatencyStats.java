package io.github.mongodbtiered.results;

import org.HdrHistogram.Histogram;

/**
 * One operation type's latency over a measured run, from its HdrHistogram, in microseconds.
 *
 * @param count operations recorded
 */
public record LatencyStats(
    long count,
    double meanMicros,
    long p50Micros,
    long p95Micros,
    long p99Micros,
    long p999Micros,
    long maxMicros) {

  /** The figures of {@code h}, whose values are microseconds (as YCSB records them). */
  public static LatencyStats of(Histogram h) {
    if (h.getTotalCount() == 0) {
      return new LatencyStats(0, 0, 0, 0, 0, 0, 0);
    }
    return new LatencyStats(
        h.getTotalCount(),
        h.getMean(),
        h.getValueAtPercentile(50),
        h.getValueAtPercentile(95),
        h.getValueAtPercentile(99),
        h.getValueAtPercentile(99.9),
        h.getMaxValue());
  }
}
