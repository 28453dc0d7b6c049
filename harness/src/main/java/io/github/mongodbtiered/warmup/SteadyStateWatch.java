package io.github.mongodbtiered.warmup;

import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import io.github.mongodbtiered.ycsb.Progress;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.Supplier;

/**
 * Watches a running warm-up phase through its progress updates (about twice a second): once a
 * second it reads the server's cache figures, turns them and the operation count into a {@link
 * SteadyStateDetector.Sample}, and asks the phase to stop once the detector says steady. Rates use
 * the phase's own elapsed time at each update, so the update's timing does not show as noise.
 */
public final class SteadyStateWatch implements Progress {
  private static final long SAMPLE_MILLIS = 1_000;

  private final Progress shown;
  private final Supplier<WiredTigerCacheStats> cacheStats;
  private final SteadyStateDetector detector = new SteadyStateDetector();
  private volatile boolean steady;
  private volatile long steadyAtMillis = -1;
  private long lastOps;
  private long lastMillis;
  private WiredTigerCacheStats lastStats;
  private long lastJitMillis;
  private boolean started;

  /**
   * @param shown the progress bar the updates go on to
   * @param cacheStats reads the server's cache figures now (nulls when it has none)
   */
  public SteadyStateWatch(Progress shown, Supplier<WiredTigerCacheStats> cacheStats) {
    this.shown = shown;
    this.cacheStats = cacheStats;
  }

  @Override
  public synchronized void update(long opsDone, long opsTotal, long elapsedMillis) {
    shown.update(opsDone, opsTotal, elapsedMillis);
    if (!started) {
      started = true;
      lastOps = opsDone;
      lastMillis = elapsedMillis;
      lastStats = read();
      lastJitMillis = jitMillis();
      return;
    }
    long dtMillis = elapsedMillis - lastMillis;
    if (steady || dtMillis < SAMPLE_MILLIS) {
      return;
    }
    WiredTigerCacheStats now = read();
    double seconds = dtMillis / 1000.0;
    Long pagesRead = now.since(lastStats).pagesReadIntoCache();
    long jit = jitMillis();
    SteadyStateDetector.Sample sample =
        new SteadyStateDetector.Sample(
            (opsDone - lastOps) / seconds,
            now.cacheUsedBytes(),
            pagesRead == null ? null : pagesRead / seconds,
            jit < 0 ? null : (jit - lastJitMillis) / (double) dtMillis);
    lastJitMillis = jit;
    lastOps = opsDone;
    lastMillis = elapsedMillis;
    lastStats = now;
    if (detector.add(sample)) {
      steady = true;
      steadyAtMillis = elapsedMillis;
    }
  }

  @Override
  public boolean stopRequested() {
    return steady;
  }

  public boolean steady() {
    return steady;
  }

  /** Time from the phase's start to the steady state, or -1 when it was not reached. */
  public long steadyAtMillis() {
    return steadyAtMillis;
  }

  /** True when the server gave no cache figures and throughput alone decided. */
  public synchronized boolean throughputOnly() {
    detector.steady(); // refreshes the flag for a window that never settled
    return detector.throughputOnly();
  }

  /** The last window's figures, for a note. */
  public synchronized String describe() {
    detector.steady();
    return detector.describe();
  }

  /** This JVM's total JIT compilation time in ms, or -1 when it does not keep one. */
  private static long jitMillis() {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported()
        ? jit.getTotalCompilationTime()
        : -1;
  }

  private WiredTigerCacheStats read() {
    try {
      return cacheStats.get();
    } catch (RuntimeException e) {
      // An unanswered status read costs this second's cache figures, not the warm-up.
      return new WiredTigerCacheStats(null, null, null, null, null, null, null, null);
    }
  }
}
