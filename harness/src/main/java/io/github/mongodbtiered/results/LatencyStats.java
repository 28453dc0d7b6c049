package io.github.mongodbtiered.results;

import java.util.Map;
import java.util.TreeMap;
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
  /**
   * YCSB's prefix for an operation type's latencies measured from the intended start time ({@code
   * Intended-READ}): the same operations as the plain type's, counted a second time.
   */
  public static final String INTENDED_PREFIX = "Intended-";

  /**
   * The main operation, whose p99 a report plots and whose spread a cell's variation gives: the
   * type with the most operations (READ in the study's workloads), ties to the first by name; an
   * intended-time type ({@link #INTENDED_PREFIX}) is never it. Null when there is none. The one
   * definition: callers sum the counts over whatever they cover (a cell, a run's intervals, all
   * cells).
   *
   * @param operationsByType operations per type
   */
  public static String mainOperation(Map<String, Long> operationsByType) {
    String main = null;
    long most = -1;
    for (Map.Entry<String, Long> e : new TreeMap<>(operationsByType).entrySet()) {
      if (!e.getKey().startsWith(INTENDED_PREFIX) && e.getValue() > most) {
        main = e.getKey();
        most = e.getValue();
      }
    }
    return main;
  }

  /** Each type's {@link #count()}, for {@link #mainOperation}. */
  public static Map<String, Long> counts(Map<String, LatencyStats> byType) {
    Map<String, Long> counts = new TreeMap<>();
    byType.forEach((type, s) -> counts.put(type, s.count()));
    return counts;
  }

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
