package io.github.mongodbtiered.warmup;

import io.github.mongodbtiered.metrics.CgroupIoStats;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.util.Objects;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.bson.Document;

/**
 * What a {@link SteadyStateWatch} reads once a second, and the window it judges them over. A source
 * gives null (the JIT time -1) when its figure is unknown; a status or device read that throws
 * costs that second's figure, not the warm-up.
 *
 * @param serverStatus reads the server's {@code serverStatus} now
 * @param pageCacheBytes reads the page cache charged to the server's memory cgroup now
 * @param deviceReads reads the server's reads from the data disk (its cgroup's, cumulative), so
 *     that the share of operations reaching the disk must settle too
 * @param deviceIo reads the server's device I/O (its cgroup's reads and writes, cumulative): a
 *     steady state found with the limits lifted, or carried over, stands only below where they bind
 * @param limitsBind when the disk limits would bind at a rate of that I/O ({@link
 *     LimitsBind#ALWAYS} where unknown)
 * @param clientJitMillis the client's JIT compilation time, ms in all, -1 when unknown: {@link
 *     #thisJvmJitMillis}; a test driving the watch on a clock of its own gives its own, since this
 *     JVM's compiler works on the real clock
 * @param trendSeconds the detector's trend window ({@link SteadyStateDetector#trendSecondsFor})
 * @param horizonSeconds the measured run's length, over which the window's trend is carried on
 */
public record WatchSettings(
    Supplier<Document> serverStatus,
    Supplier<Long> pageCacheBytes,
    Supplier<Long> deviceReads,
    Supplier<CgroupIoStats.Io> deviceIo,
    LimitsBind limitsBind,
    LongSupplier clientJitMillis,
    int trendSeconds,
    double horizonSeconds) {

  /** Whether the disk limits would hold the server back at a device rate. */
  @FunctionalInterface
  public interface LimitsBind {
    /** Unknown limits: taken to bind, so the device never counts as below them. */
    LimitsBind ALWAYS = (opsPerSec, bytesPerSec, readsPerSec) -> true;

    /**
     * @param opsPerSec reads and writes per second
     * @param bytesPerSec bytes read and written per second
     * @param readsPerSec reads per second, NaN when unknown
     */
    boolean at(double opsPerSec, double bytesPerSec, double readsPerSec);
  }

  public WatchSettings {
    Objects.requireNonNull(serverStatus, "serverStatus");
    Objects.requireNonNull(pageCacheBytes, "pageCacheBytes");
    Objects.requireNonNull(deviceReads, "deviceReads");
    Objects.requireNonNull(deviceIo, "deviceIo");
    Objects.requireNonNull(limitsBind, "limitsBind");
    Objects.requireNonNull(clientJitMillis, "clientJitMillis");
  }

  /** This JVM's total JIT compilation time in ms, or -1 when it does not keep one. */
  public static long thisJvmJitMillis() {
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    return jit != null && jit.isCompilationTimeMonitoringSupported()
        ? jit.getTotalCompilationTime()
        : -1;
  }
}
