package io.github.mongodbtiered.capacity;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellSettings;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cells made by a known model, shaped like the study's: three disks (5000 IOPS; 600 and 150 IOPS +
 * 7 ms), 16 threads, 1M-5M records in a 7634 MB server with the study's reads per operation (0 at
 * 1M-2M, 0.02 at 3M, 0.19 at 4M, 0.318 at 5M), a throttle that delivers 80% of its cap and the
 * in-memory rate of 12,000 then 11,000 ops/s. The model fitted on them must give them back.
 */
public final class SyntheticReport {
  static final int THREADS = 16;
  static final double EFFICIENCY = 0.8;

  /** CPU time a device read costs: the model must find it in the cells that read without limit. */
  static final double CPU_MICROS_PER_READ = 250;

  static final long MEMORY = 7634L << 20;
  static final long CACHE = 3305L << 20;
  static final double LIVE_BYTES_PER_RECORD = 1100;
  static final double IN_MEMORY_P99_MICROS = 3_000;
  static final Map<Long, Double> READS_PER_OP =
      Map.of(
          1_000_000L, 0.0, 2_000_000L, 0.0, 3_000_000L, 0.02, 4_000_000L, 0.19, 5_000_000L, 0.318);
  static final Map<Long, Double> IN_MEMORY_OPS = Map.of(1_000_000L, 12_000.0, 2_000_000L, 11_000.0);
  static final List<Long> COUNTS =
      List.of(1_000_000L, 2_000_000L, 3_000_000L, 4_000_000L, 5_000_000L);

  static final List<DiskProfile> PROFILES =
      List.of(profile("io1-5000", 5000, 0), profile("san-600", 600, 7), profile("hdd-150", 150, 7));

  private SyntheticReport() {}

  private static DiskProfile profile(String name, long iops, double latencyMs) {
    return DiskProfile.named(name)
        .iops(iops)
        .addedLatencyMillis(latencyMs)
        .memoryBytes(MEMORY)
        .wiredTigerCacheBytes(CACHE)
        .build();
  }

  static Map<String, DiskProfile> profilesByName() {
    Map<String, DiskProfile> m = new LinkedHashMap<>();
    PROFILES.forEach(p -> m.put(p.name(), p));
    return m;
  }

  /** The in-memory rate the generator used at {@code count}: its own, else 2M's. */
  static double inMemoryOps(long count) {
    return IN_MEMORY_OPS.getOrDefault(count, IN_MEMORY_OPS.get(2_000_000L));
  }

  /** The generator's loop for a disk at {@code count} (reads per operation interpolated). */
  static ClosedLoop loop(double readsPerOp, long count, double iops, double latencyMs) {
    return new ClosedLoop(
        1e6 / inMemoryOps(count) + CPU_MICROS_PER_READ * readsPerOp,
        readsPerOp,
        latencyMs * 1000 + CapacityModel.DEVICE_READ_MICROS,
        iops > 0 ? EFFICIENCY * iops : Double.POSITIVE_INFINITY);
  }

  /** Every count on every profile. */
  static List<CellResult> cells() {
    List<CellResult> cells = new ArrayList<>();
    for (DiskProfile p : PROFILES) {
      for (long count : COUNTS) {
        cells.add(cell(count, p));
      }
    }
    return cells;
  }

  static CellResult cell(long count, DiskProfile p) {
    return cell(count, p, READS_PER_OP.get(count));
  }

  /** The cell at {@code count} on {@code p} with reads per operation {@code r} (its own memory). */
  static CellResult cell(long count, DiskProfile p, double r) {
    ClosedLoop loop = loop(r, count, p.readIops(), p.addedLatencyMillis());
    ClosedLoop.Flow flow = loop.solve(THREADS);
    double ops = flow.opsPerSec();
    long operations = Math.round(ops * 60);
    // The in-memory p99 grows with the time at the CPU, as the model has it.
    double inMemoryResidence =
        loop(0, count, p.readIops(), p.addedLatencyMillis()).solve(THREADS).cpuResidenceMicros();
    double cpuP99 = IN_MEMORY_P99_MICROS * flow.cpuResidenceMicros() / inMemoryResidence;
    long p99 = Math.round(loop.p99Micros(flow, cpuP99, THREADS));
    return CellResult.builder(count, p.name(), ServerKind.DOCKER)
        .run(operations, 60_000, ops)
        .latency("READ", new LatencyStats(operations, p99 / 3.0, p99 / 4, p99 / 2, p99, p99, p99))
        .metric(Metric.DEVICE_READ_OPS, r * operations)
        .metric(Metric.DEVICE_BYTES_READ, r * operations * 4096)
        .metric(Metric.FILE_LIVE_BYTES, LIVE_BYTES_PER_RECORD * count)
        .metric(Metric.WT_CACHE_MAX_BYTES, CACHE)
        .metric(Metric.STEADY_STATE, 1)
        .metric(Metric.UNSTABLE, 0)
        .metric(Metric.OPS_PER_SEC_CI95_LOW, ops * 0.98)
        .metric(Metric.OPS_PER_SEC_CI95_HIGH, ops * 1.02)
        .latencyApplied(true)
        .settings(settings(p))
        .build();
  }

  static CellSettings settings(DiskProfile p) {
    return new CellSettings(
        "tiered-read-uniform",
        new java.util.TreeMap<>(),
        CellSettings.RunShape.closedLoop(THREADS, 0, 60, 30),
        p,
        ServerKind.DOCKER,
        "mongo:7.0",
        "7.0.0",
        "auto",
        "0.1.0");
  }

  /**
   * Writes the report with its 4M row on the tier's edge: san-600's page cache held the files there
   * (0.005 device reads per operation) while the other disks read 0.19.
   */
  public static void writeOnTheEdge(Path dir) throws IOException {
    write(dir, ServerKind.DOCKER);
    new CellStore(dir).save(cell(4_000_000L, PROFILES.get(1), 0.005));
  }

  /** Writes the cells and a run.json naming {@code server} into {@code dir}, as a sweep does. */
  public static void write(Path dir, ServerKind server) throws IOException {
    Files.createDirectories(dir);
    Instant started = Instant.parse("2026-01-01T00:00:00Z");
    RunManifest.builder()
        .toolVersion("mongodb-tiered 0.1.0")
        .startedAt(started)
        .finishedAt(started.plusSeconds(3600))
        .commandLine(List.of("mongodb-tiered", "sweep"))
        .server(server, "", "")
        .profiles(PROFILES)
        .enforcement(Map.of())
        .warnings(List.of())
        .recordCounts(COUNTS)
        .workloadProperties(Map.of("threadcount", String.valueOf(THREADS)))
        .build()
        .write(dir);
    CellStore store = new CellStore(dir);
    for (CellResult c : cells()) {
      store.save(c);
    }
  }

  static CapacityInputs inputs(List<CellResult> cells, Target target) {
    return new CapacityInputs(cells, profilesByName(), ServerKind.DOCKER, THREADS, target, false);
  }
}
