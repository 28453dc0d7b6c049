package io.github.mongodbtiered.capacity;

import java.util.List;

/**
 * What the answers are for: a READ p99 at most, a throughput at least (either or both), at some
 * record counts, with a number of client threads.
 *
 * @param p99Millis READ p99 at most, or null for no limit
 * @param minOpsPerSec throughput at least, or null for no limit
 * @param recordCounts the record counts asked about
 * @param latenciesMillis the added latencies at which to give the least IOPS
 * @param threads client threads, or null for each profile's cells' own
 */
public record Target(
    Double p99Millis,
    Double minOpsPerSec,
    List<Long> recordCounts,
    List<Double> latenciesMillis,
    Integer threads) {
  public Target {
    if (p99Millis == null && minOpsPerSec == null) {
      throw new IllegalArgumentException("a target needs a p99 limit, a throughput, or both");
    }
    recordCounts = List.copyOf(recordCounts);
    latenciesMillis = List.copyOf(latenciesMillis);
  }

  /** True when throughput {@code opsPerSec} and p99 {@code p99Micros} meet the target. */
  public boolean met(double opsPerSec, double p99Micros) {
    return (minOpsPerSec == null || opsPerSec >= minOpsPerSec)
        && (p99Millis == null || p99Micros <= p99Millis * 1000);
  }

  /** "READ p99 <= 20 ms and >= 5000 ops/s". */
  public String label() {
    String p99 = p99Millis == null ? "" : "READ p99 <= " + Format.number(p99Millis) + " ms";
    String ops = minOpsPerSec == null ? "" : ">= " + Format.number(minOpsPerSec) + " ops/s";
    return p99.isEmpty() ? ops : ops.isEmpty() ? p99 : p99 + " and " + ops;
  }
}
