package io.github.mongodbtiered.metrics;

/**
 * A device's read activity over an interval, as {@code iostat -x} reports it; see {@link
 * DeviceStats#activitySince}.
 *
 * @param readsPerSec reads completed per second (iostat r/s)
 * @param readBytesPerSec bytes read per second (iostat rkB/s x 1024)
 * @param awaitMillis mean milliseconds per read, queueing included (iostat r_await); null when no
 *     read completed
 * @param utilPercent share of the interval with at least one I/O in flight, capped at 100 (iostat
 *     %util). Devices that serve requests in parallel (SSDs, virtio, cloud volumes) can show 100
 *     with capacity to spare; throttled IOPS and latency tell saturation better
 */
public record DeviceActivity(
    double readsPerSec, double readBytesPerSec, Double awaitMillis, double utilPercent) {}
