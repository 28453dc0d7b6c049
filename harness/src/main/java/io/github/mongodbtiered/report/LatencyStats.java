package io.github.mongodbtiered.report;

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
    long maxMicros) {}
