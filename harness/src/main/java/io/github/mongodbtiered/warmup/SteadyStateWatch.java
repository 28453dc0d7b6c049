package io.github.mongodbtiered.warmup;

import io.github.mongodbtiered.metrics.CgroupIoStats;
import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import io.github.mongodbtiered.ycsb.Progress;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.bson.Document;

/**
 * Watches a running warm-up phase through its progress updates (about twice a second): once a
 * second it reads the server's cache figures, turns them and the operation count into a {@link
 * WarmupSample}, and asks the phase to stop once the detector says steady. Rates use the phase's
 * own elapsed time at each update, so the update's timing does not show as noise.
 *
 * <p>A warm-up that starts with the disk limits lifted runs in two stages: once the caches are
 * steady (or half the phase's bound has passed) the watch puts the limits back through {@link
 * LimitsBack} and starts afresh, and only a steady state under the limits counts. Under the limits
 * the same caches can settle elsewhere (a 4M-record cell on io1-5000 held 7,000 ops/s for 15 s of
 * its run after a warm-up with the limits lifted, then fell to 4,000-5,000), and the measured run
 * must start where it will stay.
 *
 * <p>Where the limits cannot have mattered, the first stage's steady state stands: when the caches
 * settle with the server reading next to nothing from its device and its I/O over the last window
 * below half of every limit ({@link LimitsBind}), the limits go back and the phase ends (an
 * in-cache cell reads nothing from the disk). The second stage would only repeat the trend window
 * on the same figures.
 *
 * <p>A warm-up that goes on from a cell that ended steady, on the same server with its caches
 * ({@link #carryOver}), ends once its last {@link #CARRY_OVER_SECONDS} under the new limits pass
 * the detector's tests with the server's device idle and below the limits: the same argument, the
 * other way round. While the limits bind, only the full trend window ends it.
 */
public final class SteadyStateWatch implements Progress {
  private static final long SAMPLE_MILLIS = 1_000;

  /**
   * The samples (and seconds of device I/O) a carried-over steady state needs ({@link #carryOver}).
   */
  public static final int CARRY_OVER_SECONDS = 2 * SteadyStateDetector.WINDOW_SECONDS;

  private final Progress shown;
  private final Supplier<Document> serverStatus;
  private final Supplier<Long> pageCacheBytes;
  private LongSupplier clientJit = SteadyStateWatch::jitMillis;
  private Supplier<Long> deviceReads = () -> null;
  private Long lastDeviceReads;

  /** Puts the disk limits back after the stage that ran with them lifted. */
  @FunctionalInterface
  public interface LimitsBack {
    void restore() throws Exception;
  }

  /** Whether the disk limits would hold the server back at a device rate. */
  @FunctionalInterface
  public interface LimitsBind {
    /**
     * @param opsPerSec reads and writes per second
     * @param bytesPerSec bytes read and written per second
     * @param readsPerSec reads per second, NaN when unknown
     */
    boolean at(double opsPerSec, double bytesPerSec, double readsPerSec);
  }

  private Supplier<CgroupIoStats.Io> deviceIo = () -> null;
  private LimitsBind limitsBind;
  // {phase ms, ops, bytes, reads or -1} of the device I/O at the last window's samples and the one
  // before it.
  private final Deque<long[]> ioWindow = new ArrayDeque<>();
  private volatile boolean limitsIdle;

  private final int trendSeconds;
  private final double horizonSeconds;
  private final LimitsBack limitsBack;
  private final long liftedBoundMillis;
  private SteadyStateDetector detector;
  private volatile long liftedMillis = -1;
  private volatile boolean liftedSteady;
  private volatile Exception restoreFailure;
  private volatile boolean steady;
  private volatile long steadyAtMillis = -1;
  private long lastOps;
  private long lastMillis;
  private WiredTigerCacheStats lastStats;
  private long lastJitMillis;
  private Long lastServerJitMillis;
  private boolean started;
  private final NavigableMap<Long, List<String>> waits = new TreeMap<>();

  /**
   * The short window of a warm-up that may carry the cell before's steady state over, or null (also
   * for a warm-up that lifted the limits: its own stages decide).
   */
  private SteadyStateDetector carryOver;

  private volatile boolean carriedOver;

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
    this(shown, serverStatus, pageCacheBytes, trendSeconds, 0, null, 0);
  }

  /**
   * @param shown the progress bar the updates go on to
   * @param serverStatus reads the server's {@code serverStatus} now
   * @param pageCacheBytes reads the page cache charged to the server's memory cgroup now, null when
   *     unknown
   * @param trendSeconds the detector's trend window ({@link SteadyStateDetector#trendSecondsFor})
   * @param horizonSeconds the measured run's length, over which the window's trend is carried on
   * @param limitsBack puts the disk limits back once the caches are steady, or null when the phase
   *     runs under its limits throughout
   * @param liftedBoundMillis the phase time after which the limits go back even if the caches are
   *     not steady yet, so the stage under the limits has time to settle
   */
  public SteadyStateWatch(
      Progress shown,
      Supplier<Document> serverStatus,
      Supplier<Long> pageCacheBytes,
      int trendSeconds,
      double horizonSeconds,
      LimitsBack limitsBack,
      long liftedBoundMillis) {
    this.trendSeconds = trendSeconds;
    this.horizonSeconds = horizonSeconds;
    this.detector = new SteadyStateDetector(trendSeconds, horizonSeconds);
    this.limitsBack = limitsBack;
    this.liftedBoundMillis = liftedBoundMillis;
    this.shown = shown;
    this.serverStatus = serverStatus;
    this.pageCacheBytes = pageCacheBytes;
  }

  /**
   * Where the server's reads from the data disk are counted (its cgroup's, cumulative), so that the
   * share of operations reaching the disk must settle too; unknown by default.
   */
  public SteadyStateWatch deviceReads(Supplier<Long> reads) {
    this.deviceReads = reads;
    return this;
  }

  /**
   * Where the server's device I/O is counted (its cgroup's reads and writes, cumulative) and when
   * the disk limits would bind at a rate of it: a first stage that ends steady below them ends the
   * warm-up. Unknown by default: the limits are taken to bind.
   */
  public SteadyStateWatch deviceIo(Supplier<CgroupIoStats.Io> io, LimitsBind bind) {
    this.deviceIo = io;
    this.limitsBind = bind;
    return this;
  }

  /**
   * Lets the cell before's steady state stand once {@link #CARRY_OVER_SECONDS} samples under this
   * phase's limits pass the detector's tests with the device idle below them over those same
   * seconds ({@link #deviceIo} says how that is judged; unknown device figures never carry over).
   * For a warm-up under its limits throughout that goes on with a server whose last cell ended
   * steady; ignored by one that lifts the limits.
   */
  public SteadyStateWatch carryOver() {
    if (limitsBack == null) {
      this.carryOver = new SteadyStateDetector(CARRY_OVER_SECONDS, horizonSeconds);
    }
    return this;
  }

  /**
   * Where the client's JIT compilation time comes from (ms in all, -1 when unknown): this JVM's by
   * default; a test driving the watch on a clock of its own gives its own, since this JVM's
   * compiler works on the real clock.
   */
  SteadyStateWatch clientJit(LongSupplier totalMillis) {
    this.clientJit = totalMillis;
    return this;
  }

  @Override
  public synchronized void update(long opsDone, long opsTotal, long elapsedMillis) {
    shown.update(opsDone, opsTotal, elapsedMillis);
    if (!started) {
      baseline(opsDone, elapsedMillis);
      return;
    }
    if (steady || elapsedMillis - lastMillis < SAMPLE_MILLIS) {
      return;
    }
    WarmupSample sample = sample(opsDone, elapsedMillis);
    List<String> waiting = detector.addAndCheck(sample);
    if (!waiting.isEmpty() && carriesOver(sample, elapsedMillis)) {
      waiting = List.of();
    }
    waits.put(elapsedMillis, waiting);
    boolean detected = waiting.isEmpty();
    if (limitsBack != null && liftedMillis < 0) {
      countDeviceIo(elapsedMillis); // only the stage with the limits lifted asks about them
      if (detected || elapsedMillis >= liftedBoundMillis) {
        boolean idle = detected && deviceBelowLimits();
        restoreLimits(elapsedMillis, detected);
        if (idle && restoreFailure == null) {
          limitsIdle = true;
          steady = true;
          steadyAtMillis = elapsedMillis;
        }
      }
    } else if (detected) {
      steady = true;
      steadyAtMillis = elapsedMillis;
    }
  }

  /** Whether the cell before's steady state stands at this sample ({@link #carryOver}). */
  private boolean carriesOver(WarmupSample sample, long elapsedMillis) {
    if (carryOver == null) {
      return false;
    }
    countDeviceIo(elapsedMillis);
    carriedOver = carryOver.addAndCheck(sample).isEmpty() && deviceBelowLimits();
    return carriedOver;
  }

  /** The figures the first sample's rates are taken from. */
  private void baseline(long opsDone, long elapsedMillis) {
    started = true;
    // A stage starts with no samples: until its first, its seconds in the series say so rather
    // than show the last verdict of the stage before (a limited second read as the lifted one's).
    waits.put(elapsedMillis, List.of(SteadyStateDetector.SAMPLES));
    lastOps = opsDone;
    lastMillis = elapsedMillis;
    Document status = read();
    lastStats = WiredTigerCacheStats.from(status);
    lastServerJitMillis = serverJitMillis(status);
    lastJitMillis = jitMillis();
    lastDeviceReads = readDevice();
    if (carryOver != null) {
      countDeviceIo(elapsedMillis); // the carry-over judges the device over all its samples
    }
  }

  /** The rates since the last sample, whose figures this one's then replace. */
  private WarmupSample sample(long opsDone, long elapsedMillis) {
    long dtMillis = elapsedMillis - lastMillis;
    Document status = read();
    WiredTigerCacheStats now = WiredTigerCacheStats.from(status);
    double seconds = dtMillis / 1000.0;
    Long pagesRead = now.since(lastStats).pagesReadIntoCache();
    long jit = clientJit.getAsLong();
    Long serverJit = serverJitMillis(status);
    Double compilerBusy = compilerBusy(jit, serverJit, dtMillis);
    Long reads = readDevice();
    long ops = opsDone - lastOps;
    Double readsPerOp = readsPerOp(reads, ops);
    lastDeviceReads = reads;
    WarmupSample sample =
        new WarmupSample(
            ops / seconds,
            now.cacheUsedBytes(),
            pagesRead == null ? null : pagesRead / seconds,
            compilerBusy,
            pageCacheBytes.get(),
            readsPerOp);
    lastJitMillis = jit;
    lastServerJitMillis = serverJit;
    lastOps = opsDone;
    lastMillis = elapsedMillis;
    lastStats = now;
    return sample;
  }

  /** The busier compiler's share of the last {@code dtMillis}; null when neither is known. */
  private Double compilerBusy(long jit, Long serverJit, long dtMillis) {
    Double clientBusy = jit < 0 ? null : (jit - lastJitMillis) / (double) dtMillis;
    Double serverBusy =
        serverJit == null || lastServerJitMillis == null
            ? null
            : Math.max(0, serverJit - lastServerJitMillis) / (double) dtMillis;
    return busier(clientBusy, serverBusy);
  }

  /** Device reads per operation since the last sample; null when unknown or nothing ran. */
  private Double readsPerOp(Long reads, long ops) {
    return reads == null || lastDeviceReads == null || ops <= 0
        ? null
        : (reads - lastDeviceReads) / (double) ops;
  }

  /** Keeps the device counters of the last window's samples; an unknown figure empties them. */
  private void countDeviceIo(long elapsedMillis) {
    CgroupIoStats.Io io;
    try {
      io = deviceIo.get();
    } catch (RuntimeException e) {
      io = null;
    }
    if (io == null || io.ops() == null || io.bytes() == null) {
      ioWindow.clear();
      return;
    }
    ioWindow.addLast(
        new long[] {
          elapsedMillis, io.ops(), io.bytes(), lastDeviceReads == null ? -1 : lastDeviceReads
        });
    if (ioWindow.size() > ioWindowSeconds() + 1) {
      ioWindow.removeFirst();
    }
  }

  /** The seconds the device I/O is judged over: the last window, or a carry-over's samples. */
  private int ioWindowSeconds() {
    return carryOver == null ? SteadyStateDetector.WINDOW_SECONDS : CARRY_OVER_SECONDS;
  }

  /**
   * Whether the device I/O over the last window (both windows for a carry-over) stayed below where
   * the limits bind.
   */
  private boolean deviceBelowLimits() {
    if (limitsBind == null || ioWindow.size() <= ioWindowSeconds()) {
      return false;
    }
    long[] first = ioWindow.getFirst();
    long[] last = ioWindow.getLast();
    double seconds = (last[0] - first[0]) / 1000.0;
    double readsPerSec =
        first[3] < 0 || last[3] < first[3] ? Double.NaN : (last[3] - first[3]) / seconds;
    return seconds > 0
        && last[1] >= first[1]
        && last[2] >= first[2]
        && !limitsBind.at(
            (last[1] - first[1]) / seconds, (last[2] - first[2]) / seconds, readsPerSec);
  }

  /** Ends the stage with the limits lifted: the limits go back and the detector starts afresh. */
  private void restoreLimits(long elapsedMillis, boolean cachesSteady) {
    liftedMillis = elapsedMillis;
    liftedSteady = cachesSteady;
    try {
      limitsBack.restore();
    } catch (Exception e) {
      restoreFailure = e; // stops the phase: nothing after it would run under the profile
      return;
    }
    detector = new SteadyStateDetector(trendSeconds, horizonSeconds);
    // The next update is the new stage's baseline: this second's rate belongs to the old one.
    started = false;
  }

  @Override
  public boolean stopRequested() {
    return steady || restoreFailure != null;
  }

  /**
   * Phase time at which the disk limits went back, or -1 when they did not (or were never lifted).
   */
  public long liftedMillis() {
    return liftedMillis;
  }

  /**
   * Whether the warm-up ended with the limits lifted because its device I/O stayed below them, so
   * its steady state stands under them.
   */
  public boolean limitsIdle() {
    return limitsIdle;
  }

  /** Whether the steady state was the cell before's, carried over ({@link #carryOver}). */
  public boolean carriedOver() {
    return carriedOver;
  }

  /** Whether the caches were steady when the disk limits went back (false: the bound passed). */
  public boolean liftedSteady() {
    return liftedSteady;
  }

  /** Why the disk limits could not be put back, or null. */
  public Exception restoreFailure() {
    return restoreFailure;
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

  /**
   * The tests that kept the warm-up going at each of its samples, by phase time (ms): {@link
   * SteadyStateDetector#waitingOn()}, empty at the sample that found the steady state.
   */
  public synchronized NavigableMap<Long, List<String>> waits() {
    return new TreeMap<>(waits);
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
  static Double busier(Double a, Double b) {
    // Not a conditional expression: mixing Double and double there unboxes a null.
    if (a == null || b == null) {
      return a == null ? b : a;
    }
    return Math.max(a, b);
  }

  private Long readDevice() {
    try {
      return deviceReads.get();
    } catch (RuntimeException e) {
      return null; // this second's figure is lost, not the warm-up
    }
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
