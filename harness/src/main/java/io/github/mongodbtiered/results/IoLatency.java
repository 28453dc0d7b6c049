package io.github.mongodbtiered.results;

/**
 * The latency of one I/O operation over a disk measurement (a baseline step, a probe run), in
 * microseconds.
 *
 * @param p50Micros median latency of one operation
 * @param p95Micros 95th percentile latency
 * @param p99Micros 99th percentile latency
 * @param maxMicros slowest operation
 */
public record IoLatency(long p50Micros, long p95Micros, long p99Micros, long maxMicros) {}
