package io.github.mongodbtiered.metrics;

import io.github.mongodbtiered.results.Metric;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * A measured run's figures, derived from what was read around it: a pure function, so each rule
 * (which counter means what) is tested without a server. A figure that cannot be derived is left
 * out, never 0.
 */
public final class RunMetrics {
  private RunMetrics() {}

  /**
   * The figures that need the data-bearing server's own counters: through a router (mongos) they
   * stay empty, since its {@code serverStatus} has no WiredTiger section and its process, cgroup
   * and disk are not where the data is read.
   */
  public static final List<Metric> SERVER_FIGURES =
      List.of(
          Metric.WT_CACHE_MAX_BYTES,
          Metric.WT_CACHE_USED_BYTES,
          Metric.WT_BYTES_READ_INTO_CACHE,
          Metric.WT_PAGES_READ_INTO_CACHE,
          Metric.WT_PAGES_REQUESTED,
          Metric.WT_HIT_RATIO,
          Metric.WT_APP_THREAD_EVICTIONS,
          Metric.FS_BYTES_REQUESTED,
          Metric.DEVICE_BYTES_READ,
          Metric.FS_HIT_RATIO,
          Metric.FS_READ_OPS_REQUESTED,
          Metric.DEVICE_READ_OPS,
          Metric.FS_HIT_RATIO_OPS,
          Metric.DEVICE_READS_PER_SEC,
          Metric.DEVICE_AWAIT_MS,
          Metric.DEVICE_UTIL_PCT);

  /**
   * @param elapsedNanos the run's wall time, for per-second rates
   * @param serverSharesClientProcess the server runs in the client's JVM (embedded): the process's
   *     rchar then counts the client's socket reads too, so only WiredTiger's block manager can say
   *     what the engine asked the file system for
   */
  public static Map<Metric, Double> derive(
      ServerSnapshot before,
      ServerSnapshot after,
      long elapsedNanos,
      boolean serverSharesClientProcess,
      ClientCpuUsage clientCpu,
      DataSizes sizes) {
    Map<Metric, Double> m = new EnumMap<>(Metric.class);
    if (dataServerFigures(before) && dataServerFigures(after)) {
      putServerFigures(m, before, after, elapsedNanos, serverSharesClientProcess);
    }
    put(m, Metric.CLIENT_CPU_US_PER_OP, clientCpu.cpuMicrosPerOp());
    put(m, Metric.CLIENT_CPU_CORES, clientCpu.coresBusy());
    put(m, Metric.DATA_BYTES, sizes.dataBytes());
    put(m, Metric.INDEX_BYTES, sizes.indexBytes());
    put(m, Metric.STORAGE_BYTES, sizes.storageBytes());
    put(m, Metric.FILE_LIVE_BYTES, sizes.liveBytes());
    return m;
  }

  /**
   * The figures of this host's disk under the server: a remote shard's are not on this host, so
   * with {@code --shard-url} they stay empty beside the shards' WiredTiger figures.
   */
  public static final List<Metric> HOST_DISK_FIGURES =
      List.of(
          Metric.DEVICE_BYTES_READ,
          Metric.FS_HIT_RATIO,
          Metric.DEVICE_READ_OPS,
          Metric.FS_HIT_RATIO_OPS,
          Metric.DEVICE_READS_PER_SEC,
          Metric.DEVICE_AWAIT_MS,
          Metric.DEVICE_UTIL_PCT);

  /** A data-bearing server's snapshot, or a router's whose shards were read beside it. */
  private static boolean dataServerFigures(ServerSnapshot s) {
    return !s.fromRouter() || s.fromShards();
  }

  /**
   * The {@link #SERVER_FIGURES}: never a part of them, as from a router alone, which would mislead.
   * A router's shards give the WiredTiger ones added up; their snapshots have no host figures.
   */
  private static void putServerFigures(
      Map<Metric, Double> m,
      ServerSnapshot before,
      ServerSnapshot after,
      long elapsedNanos,
      boolean serverSharesClientProcess) {
    WiredTigerCacheStats wt = after.wiredTigerSince(before);
    put(m, Metric.WT_CACHE_MAX_BYTES, wt.cacheMaxBytes());
    put(m, Metric.WT_CACHE_USED_BYTES, wt.cacheUsedBytes());
    put(m, Metric.WT_BYTES_READ_INTO_CACHE, wt.bytesReadIntoCache());
    put(m, Metric.WT_PAGES_READ_INTO_CACHE, wt.pagesReadIntoCache());
    put(m, Metric.WT_PAGES_REQUESTED, wt.pagesRequestedFromCache());
    put(m, Metric.WT_HIT_RATIO, wt.hitRatio());
    put(m, Metric.WT_APP_THREAD_EVICTIONS, wt.pagesEvictedByAppThreads());
    if (after.fromShards()) {
      put(m, Metric.WT_SHARDS, after.shards().size());
    }

    Long requested = bytesRequestedFromFs(before, after, wt, serverSharesClientProcess);
    Long fromDevice = bytesReadFromDevice(before, after);
    put(m, Metric.FS_BYTES_REQUESTED, requested);
    put(m, Metric.DEVICE_BYTES_READ, fromDevice);
    put(m, Metric.FS_HIT_RATIO, FsCacheHitRatio.of(requested, fromDevice));
    Long readsRequested = wt.blockManagerBlocksRead();
    Long readsFromDevice = readOpsFromDevice(before, after);
    put(m, Metric.FS_READ_OPS_REQUESTED, readsRequested);
    put(m, Metric.DEVICE_READ_OPS, readsFromDevice);
    put(m, Metric.FS_HIT_RATIO_OPS, FsCacheHitRatio.ofOps(readsRequested, readsFromDevice));
    if (before.device() != null && after.device() != null) {
      DeviceActivity a = after.device().activitySince(before.device(), elapsedNanos);
      put(m, Metric.DEVICE_READS_PER_SEC, a.readsPerSec());
      put(m, Metric.DEVICE_AWAIT_MS, a.awaitMillis());
      put(m, Metric.DEVICE_UTIL_PCT, a.utilPercent());
    }
  }

  /**
   * What the engine asked the file system for: WiredTiger's block manager count where it reports
   * one, else every byte the server process read (rchar: page cache hits included).
   */
  static Long bytesRequestedFromFs(
      ServerSnapshot before,
      ServerSnapshot after,
      WiredTigerCacheStats wtDelta,
      boolean serverSharesClientProcess) {
    if (wtDelta.blockManagerBytesRead() != null) {
      return wtDelta.blockManagerBytesRead();
    }
    if (serverSharesClientProcess || before.serverIo() == null || after.serverIo() == null) {
      return null;
    }
    return after.serverIo().since(before.serverIo()).rcharBytes();
  }

  /** The cgroup's device reads where throttled (exact per server), else the process's. */
  static Long bytesReadFromDevice(ServerSnapshot before, ServerSnapshot after) {
    if (before.cgroupReadBytes() != null && after.cgroupReadBytes() != null) {
      return after.cgroupReadBytes() - before.cgroupReadBytes();
    }
    if (before.serverIo() != null && after.serverIo() != null) {
      return after.serverIo().since(before.serverIo()).readBytes();
    }
    return null;
  }

  /**
   * The cgroup's read requests to the data device; null without cgroup counters (the process's
   * {@code /proc} counters have no device requests, only system calls, which count socket reads).
   */
  static Long readOpsFromDevice(ServerSnapshot before, ServerSnapshot after) {
    return Counters.delta(after.cgroupReadOps(), before.cgroupReadOps());
  }

  private static void put(Map<Metric, Double> m, Metric metric, Number value) {
    if (value != null) {
      m.put(metric, value.doubleValue());
    }
  }
}
