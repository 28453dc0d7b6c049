package io.github.mongodbtiered.sweep;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.binding.MongoDbTieredClient;
import io.github.mongodbtiered.metrics.CgroupIoStats;
import io.github.mongodbtiered.metrics.ClientCpu;
import io.github.mongodbtiered.metrics.ClientCpuUsage;
import io.github.mongodbtiered.metrics.DataSizes;
import io.github.mongodbtiered.metrics.DeviceActivity;
import io.github.mongodbtiered.metrics.DeviceStats;
import io.github.mongodbtiered.metrics.FsCacheHitRatio;
import io.github.mongodbtiered.metrics.ProcessIo;
import io.github.mongodbtiered.metrics.TierClassifier;
import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellStatus;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.Tier;
import io.github.mongodbtiered.ycsb.PhaseException;
import io.github.mongodbtiered.ycsb.PhaseResult;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.SortedMap;
import java.util.TreeMap;
import org.bson.Document;

/**
 * Measures one cell on a server that has just started cold: an unmeasured warm-up, then the
 * measured run with HdrHistogram logs, and around the measured run the server's cache counters, the
 * server process's and the device's I/O, the data sizes and the client's own CPU.
 */
final class CellMeasurement {
  private final SweepOptions options;
  private final long recordCount;
  private final DiskProfile profile;
  private final Endpoint endpoint;
  private final ServerKind serverKind;
  private final TargetServer server;

  CellMeasurement(
      SweepOptions options,
      long recordCount,
      DiskProfile profile,
      Endpoint endpoint,
      TargetServer server) {
    this.options = options;
    this.recordCount = recordCount;
    this.profile = profile;
    this.endpoint = endpoint;
    this.server = server;
    this.serverKind = server.kind();
  }

  CellResult run(Progress warmupProgress, Progress runProgress) throws IOException {
    List<String> notes = new ArrayList<>(endpoint.notes());
    try (MongoClient client = MongoClients.create(endpoint.url())) {
      MongoDatabase db = client.getDatabase(databaseOf(endpoint.url()));
      if (options.warmupSeconds() > 0) {
        String failure = warmUp(warmupProgress, notes);
        if (failure != null) {
          return failed(failure);
        }
      }
      Snapshot before = snapshot(db);
      ClientCpu cpuBefore = ClientCpu.now();
      long t0 = System.nanoTime();
      PhaseResult r = ycsb(transactionProps(true), runProgress);
      long elapsedNanos = System.nanoTime() - t0;
      Snapshot after = snapshot(db);
      if (r.errors() > 0) {
        return failed(r.errors() + " of " + r.attempts() + " operations failed");
      }

      Map<Metric, Double> m = new EnumMap<>(Metric.class);
      WiredTigerCacheStats wt = after.wt.since(before.wt);
      put(m, Metric.WT_CACHE_MAX_BYTES, wt.cacheMaxBytes());
      put(m, Metric.WT_CACHE_USED_BYTES, wt.cacheUsedBytes());
      put(m, Metric.WT_BYTES_READ_INTO_CACHE, wt.bytesReadIntoCache());
      put(m, Metric.WT_PAGES_READ_INTO_CACHE, wt.pagesReadIntoCache());
      put(m, Metric.WT_PAGES_REQUESTED, wt.pagesRequestedFromCache());
      put(m, Metric.WT_HIT_RATIO, wt.hitRatio());
      put(m, Metric.WT_APP_THREAD_EVICTIONS, wt.pagesEvictedByAppThreads());

      // What the engine asked the file system for: the block manager's count where WiredTiger
      // reports it, else every byte the server process read (rchar, page cache hits included).
      // In an embedded server the client shares the process, and its socket reads count in
      // rchar too: then only the block manager's figure would do.
      boolean sharedProcess =
          Long.valueOf(ProcessHandle.current().pid()).equals(endpoint.serverPid());
      Long requested = wt.blockManagerBytesRead();
      if (requested == null && !sharedProcess && before.io != null && after.io != null) {
        requested = after.io.since(before.io).rcharBytes();
      }
      Long fromDevice = null;
      if (before.cgroup != null && after.cgroup != null) {
        fromDevice = after.cgroup - before.cgroup;
      } else if (before.io != null && after.io != null) {
        fromDevice = after.io.since(before.io).readBytes();
      }
      put(m, Metric.FS_BYTES_REQUESTED, requested);
      put(m, Metric.DEVICE_BYTES_READ, fromDevice);
      put(m, Metric.FS_HIT_RATIO, FsCacheHitRatio.of(requested, fromDevice));
      if (before.disk != null && after.disk != null) {
        DeviceActivity a = after.disk.activitySince(before.disk, elapsedNanos);
        m.put(Metric.DEVICE_READS_PER_SEC, a.readsPerSec());
        put(m, Metric.DEVICE_AWAIT_MS, a.awaitMillis());
        m.put(Metric.DEVICE_UTIL_PCT, a.utilPercent());
      }
      ClientCpuUsage cpu = ClientCpu.now().usageSince(cpuBefore, r.opsDone());
      put(m, Metric.CLIENT_CPU_US_PER_OP, cpu.cpuMicrosPerOp());
      m.put(Metric.CLIENT_CPU_CORES, cpu.coresBusy());
      if (cpu.saturated()) {
        notes.add(
            "client-bound: the client kept "
                + String.format(java.util.Locale.ROOT, "%.2f", cpu.coresBusy())
                + " cores busy; throughput is the client's limit, not the server's");
      }

      DataSizes sizes = sizes(db);
      put(m, Metric.DATA_BYTES, sizes.dataBytes());
      put(m, Metric.INDEX_BYTES, sizes.indexBytes());
      put(m, Metric.STORAGE_BYTES, sizes.storageBytes());

      Tier predicted = predictTier(sizes, wt);
      Tier observed =
          TierClassifier.observe(m.get(Metric.WT_HIT_RATIO), m.get(Metric.FS_HIT_RATIO))
              .orElse(null);
      if (predicted != null && observed != null && predicted != observed) {
        notes.add(
            "tier mismatch: sizes predict "
                + predicted.id()
                + ", hit ratios show "
                + observed.id());
      }

      return new CellResult(
          recordCount,
          profile.name(),
          serverKind,
          CellStatus.OK,
          "",
          r.opsDone(),
          r.runtimeMillis(),
          r.throughputOpsPerSec(),
          latencies(),
          m,
          predicted,
          observed,
          cpu.saturated(),
          false,
          endpoint.pageCacheDropped(),
          notes);
    } catch (PhaseException e) {
      return failed(e.getMessage());
    }
  }

  /**
   * Brings the caches to their steady state after the cold start: with the disk limits lifted (the
   * memory limit, which decides what the caches can hold, stays), one pass over the collection for
   * at most the warm-up time, then the workload itself for the warm-up time.
   *
   * @return why the warm-up failed, or null
   */
  private String warmUp(Progress progress, List<String> notes) throws PhaseException, IOException {
    AutoCloseable lifted;
    try {
      lifted = server.diskLimitsLifted();
    } catch (Exception e) {
      notes.add("warm-up ran under the disk limits: " + e.getMessage());
      lifted = () -> {};
    }
    try (AutoCloseable restore = lifted) {
      PhaseResult warm = ycsb(transactionProps(false), progress);
      if (warm.errors() > 0) {
        return warm.errors() + " of " + warm.attempts() + " warm-up operations failed";
      }
      return null;
    } catch (PhaseException | IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException("could not restore the disk limits after the warm-up", e);
    }
  }

  private CellResult failed(String why) {
    return CellResult.failed(recordCount, profile.name(), serverKind, why);
  }

  /** Sizes say where the data should live: against the profile's cache and memory. */
  private Tier predictTier(DataSizes sizes, WiredTigerCacheStats wt) {
    Long workingSet = sizes.workingSetBytes();
    if (workingSet == null) {
      return null;
    }
    Long onDisk = sizes.onDiskBytes() != null ? sizes.onDiskBytes() : workingSet;
    long cache =
        wt.cacheMaxBytes() != null ? wt.cacheMaxBytes() : profile.effectiveCacheBytes().orElse(0);
    long memory = profile.memoryBytes() > 0 ? profile.memoryBytes() : hostMemoryBytes();
    if (cache == 0 || memory == 0) {
      return null;
    }
    return TierClassifier.predict(workingSet, onDisk, cache, memory);
  }

  private static long hostMemoryBytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
        if (line.startsWith("MemTotal:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
    } catch (IOException | NumberFormatException e) {
      // unknown
    }
    return 0;
  }

  private DataSizes sizes(MongoDatabase db) {
    try {
      return DataSizes.from(db.runCommand(new Document("collStats", options.table())));
    } catch (RuntimeException e) {
      return DataSizes.from(db.runCommand(new Document("dbStats", 1)));
    }
  }

  private static void put(Map<Metric, Double> m, Metric metric, Number value) {
    if (value != null) {
      m.put(metric, value.doubleValue());
    }
  }

  private PhaseResult ycsb(Properties props, Progress progress) throws PhaseException, IOException {
    String phase = props.getProperty("hdrhistogram.fileoutput").equals("true") ? "run" : "warm-up";
    return YcsbConsole.run(
        options.outDir(), phase + " " + recordCount + " x " + profile.name(), props, progress);
  }

  /** The measured (or warm-up) transaction phase over this cell's records. */
  Properties transactionProps(boolean measured) throws IOException {
    Properties p = new Properties();
    p.putAll(options.workload());
    p.setProperty("db", MongoDbTieredClient.class.getName());
    p.setProperty("mongodb.url", endpoint.url());
    p.setProperty("dotransactions", "true");
    p.setProperty("recordcount", Long.toString(recordCount));
    p.setProperty("threadcount", Integer.toString(options.threads()));
    p.remove("insertstart");
    p.remove("insertcount");
    double seconds = measured ? options.runSeconds() : options.warmupSeconds();
    long ops = measured ? options.runOperations() : 0;
    p.setProperty("operationcount", Long.toString(ops > 0 ? ops : Integer.MAX_VALUE));
    p.setProperty("maxexecutiontime", Long.toString((long) Math.ceil(seconds)));
    if (seconds == 0) {
      p.remove("maxexecutiontime");
    }
    if (measured) {
      Path dir = Files.createDirectories(options.outDir().resolve("histograms"));
      deleteOldLogs(dir);
      p.setProperty("measurementtype", "hdrhistogram");
      p.setProperty("hdrhistogram.fileoutput", "true");
      p.setProperty("hdrhistogram.output.path", dir.resolve(prefix()).toString());
    } else {
      p.setProperty("hdrhistogram.fileoutput", "false");
    }
    return p;
  }

  private String prefix() {
    return recordCount + "-" + profile.name() + "-";
  }

  /** A retried cell must not mix its logs with those of the failed attempt. */
  private void deleteOldLogs(Path dir) throws IOException {
    try (DirectoryStream<Path> old = Files.newDirectoryStream(dir, prefix() + "*.hdr")) {
      for (Path f : old) {
        Files.delete(f);
      }
    }
  }

  /** Latency per operation type, from the HdrHistogram logs YCSB wrote. */
  private SortedMap<String, LatencyStats> latencies() throws IOException {
    SortedMap<String, LatencyStats> result = new TreeMap<>();
    Path dir = options.outDir().resolve("histograms");
    try (DirectoryStream<Path> logs = Files.newDirectoryStream(dir, prefix() + "*.hdr")) {
      for (Path f : logs) {
        String name = f.getFileName().toString();
        String op = name.substring(prefix().length(), name.length() - ".hdr".length());
        // YCSB also logs CLEANUP and the latency of failed operations; neither is a result.
        if (op.equals("CLEANUP") || op.endsWith("-FAILED")) {
          continue;
        }
        LatencyStats s = HistogramLogs.read(f);
        if (s.count() > 0) {
          result.put(op, s);
        }
      }
    }
    return result;
  }

  /** Counters read before and after the measured run. */
  private record Snapshot(WiredTigerCacheStats wt, ProcessIo io, DeviceStats disk, Long cgroup) {}

  private Snapshot snapshot(MongoDatabase db) {
    Document status = db.runCommand(new Document("serverStatus", 1));
    ProcessIo io = null;
    Long cgroup = null;
    if (endpoint.serverPid() != null) {
      try {
        io = ProcessIo.read(Path.of("/proc", endpoint.serverPid().toString(), "io"));
      } catch (IOException | RuntimeException e) {
        io = null;
      }
      if (endpoint.enforcement() != null && endpoint.device() != null) {
        cgroup =
            new CgroupIoStats()
                .read(endpoint.serverPid(), endpoint.device().majorMinor())
                .readBytes();
      }
    }
    DeviceStats disk = null;
    if (endpoint.device() != null) {
      try {
        disk =
            DeviceStats.read(
                Path.of("/proc/diskstats"), endpoint.device().path().substring("/dev/".length()));
      } catch (IOException | RuntimeException e) {
        disk = null;
      }
    }
    return new Snapshot(WiredTigerCacheStats.from(status), io, disk, cgroup);
  }

  static String databaseOf(String url) {
    String database = new com.mongodb.ConnectionString(url).getDatabase();
    return database == null || database.isEmpty() || database.equals("admin") ? "ycsb" : database;
  }
}
