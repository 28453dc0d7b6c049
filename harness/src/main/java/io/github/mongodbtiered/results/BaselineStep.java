package io.github.mongodbtiered.results;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * One step of a disk baseline: random O_DIRECT I/O of {@code blockMinBytes}..{@code blockMaxBytes}
 * per operation at a fixed thread count, the way the disk-IO study measured its disks (the thread
 * count doubles from step to step). Its parts are unwrapped in JSON, where their fields were the
 * step's own.
 *
 * @param profile the disk profile the I/O ran under ({@code none} for the bare host)
 * @param where {@code host} (this process, unthrottled) or {@code container} (the profile's limits)
 * @param mode {@code read} or {@code write}
 * @param blockMinBytes smallest I/O size
 * @param blockMaxBytes largest I/O size (equal to the smallest for fixed-size I/O)
 * @param threads concurrent I/O threads
 * @param seconds measured time
 * @param ops completed operations
 * @param rate what the step delivered per second
 * @param latency one operation's latency
 */
public record BaselineStep(
    String profile,
    String where,
    String mode,
    int blockMinBytes,
    int blockMaxBytes,
    int threads,
    double seconds,
    long ops,
    @JsonUnwrapped Rate rate,
    @JsonUnwrapped IoLatency latency) {

  /**
   * What a step delivered per second.
   *
   * @param iops operations per second
   * @param mbPerSec megabytes (10^6 bytes) per second actually transferred
   */
  public record Rate(double iops, double mbPerSec) {}
}
