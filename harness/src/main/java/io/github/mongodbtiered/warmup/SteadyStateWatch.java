package io.github.mongodbtiered.warmup;

import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import io.github.mongodbtiered.ycsb.Progress;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.function.Supplier;
import org.bson.Document;

/**
 * Watches a running warm-up phase through its progress updates (about twice a second): once a
 * second it reads the server's cache figures, turns them and the operation count into a {@link
 * SteadyStateDetector.Sample}, and asks the phase to stop once the detector says steady. Rates use
 * the phase's own elapsed time at each update, so the update's timing does not show as noise.
 */
public final class SteadyStateWatch implements Progress {
  private static final long SAMPLE_MILLIS = 1_000;

  private final Progress shown;
  private final Supplier<Document> serverStatus;
  private final Supplier<Long> pageCacheBytes;
  private final SteadyStateDetector detector;
  private volatile boolean steady;
  private volatile long steadyAtMillis = -1;
  private long lastOps;
  private long lastMillis;
  private WiredTigerCacheStats lastStats;
  private long lastJitMillis;
  private Long lastServerJitMillis;
  private boolean started;

  /**
   * @param shown the progress bar the updates go on to
   * @param serverStatus reads the server's {@code serverStatus} now
   */
  public SteadyStateWatch(Progress shown, Supplier<Document> serverStatus) {
    this(shown, serverStatus, () -> null);
  }

  /**
   * @param shown the progress bar the updates go on to
   * @param serverStatus reads the server's {@code serverStatus} now
   * @param pageCacheBytes reads the page cache charged to the server's memory cgroup now, null when
   *     unknown
   */
  public SteadyStateWatch(
      Progress shown, Supplier<Document> serverStatus, Supplier<Long> pageCacheBytes) {
    this(shown, serverStatus, pageCacheBytes, 2 * SteadyStateDetector.WINDOW_SECONDS);
  }

  /**
   * @param shown the progress bar the updates go on to
   * @param serverStatus reads the server's {@code serverStatus} now
   * @param pageCacheBytes reads the page cache charged to the server's memory cgroup now, null when
   *     unknown
   * @param trendSeconds the detector's trend window ({@link SteadyStateDetector#trendSecondsFor})
   */
  public SteadyStateWatch(
      Progress shown,
      Supplier<Document> serverStatus,
      Supplier<Long> pageCacheBytes,
      int trendSeconds) {
    this.detector = new SteadyStateDetector(trendSeconds);
    this.shown = shown;
    this.serverStatus = serverStatus;
    this.pageCacheBytes = pageCacheBytes;
  }

  @Override
  public synchronized void update(long opsDone, long opsTotal, long elapsedMillis) {
    shown.update(opsDone, opsTotal, elapsedMillis);
    if (!started) {
      started = true;
      lastOps = opsDone;
      lastMillis = elapsedMillis;
      Document status = read();
      lastStats = WiredTigerCacheStats.from(status);
      lastServerJitMillis = serverJitMillis(status);
      lastJitMillis = jitMillis();
      return;
    }
    long dtMillis = elapsedMillis - lastMillis;
    if (steady || dtMillis < SAMPLE_MILLIS) {
      return;
    }
    Document status = read();
    WiredTigerCacheStats now = WiredTigerCacheStats.from(status);
    double seconds = dtMillis / 1000.0;
    Long pagesRead = now.since(lastStats).pagesReadIntoCache();
    long jit = jitMillis();
    Long serverJit = serverJitMillis(status);
    Double clientBusy = jit < 0 ? null : (jit - lastJitMillis) / (double) dtMillis;
    Double serverBusy =
        serverJit == null || lastServerJitMillis == null
            ? null
            : Math.max(0, serverJit - lastServerJitMillis) / (double) dtMillis;
    SteadyStateDetector.Sample sample =
        new SteadyStateDetector.Sample(
            (opsDone - lastOps) / seconds,
            now.cacheUsedBytes(),
            pagesRead == null ? null : pagesRead / seconds,
            busier(clientBusy, serverBusy),
            pageCacheBytes.get());
    lastJitMillis = jit;
    lastServerJitMillis = serverJit;
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

  /**
   * The server's own JIT compilation time in ms, where a server running on a JVM reports it ({@code
   * serverStatus.jvm.compilationTimeMillis}: the stand-in does, mongod has no JIT), else null. Cold
   * in every cell, it compiles its read path during the warm-up, as this JVM does the client's.
   */
  static Long serverJitMillis(Document status) {
    return status.get("jvm") instanceof Document jvm
            && jvm.get("compilationTimeMillis") instanceof Number ms
        ? ms.longValue()
        : null;
  }

  /** The busier of the two compilers; null when neither is known. */
  private static Double busier(Double a, Double b) {
    return a == null ? b : b == null ? a : Math.max(a, b);
  }

  private Document read() {
    try {
      Document status = serverStatus.get();
      return status == null ? new Document() : status;
    } catch (RuntimeException e) {
      // An unanswered status read costs this second's figures, not the warm-up.
      return new Document();
    }
  }
}
