package io.github.mongodbtiered.warmup;

/**
 * One second of the warm-up, as {@link SteadyStateDetector} judges it.
 *
 * @param opsPerSec the workload's throughput over the second
 * @param cacheBytes WiredTiger bytes currently in the cache at its end, or null if unknown
 * @param pagesReadPerSec WiredTiger pages read into the cache per second over it, or null
 * @param jitBusy JIT compilation time over the second as a fraction of it (compiler threads
 *     summed), the busier of this JVM's and the server's, or null when neither says
 * @param pageCacheBytes the page cache charged to the server's memory cgroup at its end, or null
 *     when unknown (a server that is not a local container)
 * @param deviceReadsPerOp reads the server's cgroup issued to the data disk over the second, per
 *     operation of the workload, or null when unknown (a server that is not a local container)
 */
public record WarmupSample(
    double opsPerSec,
    Long cacheBytes,
    Double pagesReadPerSec,
    Double jitBusy,
    Long pageCacheBytes,
    Double deviceReadsPerOp) {
  /** A sample without JIT, page cache or device figures. */
  public WarmupSample(double opsPerSec, Long cacheBytes, Double pagesReadPerSec) {
    this(opsPerSec, cacheBytes, pagesReadPerSec, null, null, null);
  }

  /** A sample without page cache or device figures. */
  public WarmupSample(double opsPerSec, Long cacheBytes, Double pagesReadPerSec, Double jitBusy) {
    this(opsPerSec, cacheBytes, pagesReadPerSec, jitBusy, null, null);
  }

  /** A sample without device figures. */
  public WarmupSample(
      double opsPerSec,
      Long cacheBytes,
      Double pagesReadPerSec,
      Double jitBusy,
      Long pageCacheBytes) {
    this(opsPerSec, cacheBytes, pagesReadPerSec, jitBusy, pageCacheBytes, null);
  }
}
