package io.github.mongodbtiered.sweep;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.binding.MongoDbTieredClient;
import io.github.mongodbtiered.binding.Redaction;
import io.github.mongodbtiered.environment.EnvironmentCheck;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.Sizes;
import io.github.mongodbtiered.report.BaselineTable;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.report.ReportWriter;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellStatus;
import io.github.mongodbtiered.results.EnvironmentFacts;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.servers.HostCache;
import io.github.mongodbtiered.servers.LatencyInjection;
import io.github.mongodbtiered.ycsb.PhaseException;
import io.github.mongodbtiered.ycsb.PhaseResult;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import org.bson.Document;

/**
 * The sweep: for each record count (ascending), load the records the data set still lacks, then
 * measure every profile on it, each cell from a cold start. Every finished cell is saved at once
 * and the report rewritten, so an interrupted or failed sweep keeps what it measured, and running
 * the same command again measures only what is missing.
 */
public final class SweepRunner {
  /** What a sweep tells its caller as it goes: progress lines and bars, and test hooks. */
  public interface Listener {
    default void info(String line) {}

    default Progress loadProgress(long fromRecords, long toRecords) {
      return Progress.NONE;
    }

    default Progress runProgress(long recordCount, DiskProfile profile, boolean warmup) {
      return Progress.NONE;
    }

    default void cellStarted(long recordCount, DiskProfile profile, Endpoint endpoint) {}

    default void cellFinished(CellResult cell) {}
  }

  /**
   * @param cells every cell of the report (this run's and earlier runs')
   * @param measured cells measured by this run
   * @param failed cells that failed in this run
   */
  public record Outcome(List<CellResult> cells, int measured, int failed) {}

  /** The run.json key of the bare disk's baseline, for targets that throttle nothing. */
  public static final String HOST_BASELINE = "host";

  private final SweepOptions options;
  private final TargetServer server;
  private final Listener listener;
  private final CellStore store;
  private final Map<Long, Double> loadRates = new TreeMap<>();
  private final List<String> warnings = new ArrayList<>();
  private final Map<String, Map<String, String>> enforcement = new LinkedHashMap<>();
  private final Instant started = Instant.now();
  private final java.util.Set<String> reportProblems = new java.util.HashSet<>();
  private String serverVersion = "";
  private EnvironmentFacts environment;
  private final Map<String, List<BaselineStep>> diskBaselines = new LinkedHashMap<>();
  // --drop-existing applies once per run: to the data set as found, not to each load step.
  private boolean dropped;

  public SweepRunner(SweepOptions options, TargetServer server, Listener listener) {
    this.options = options;
    this.server = server;
    this.listener = listener;
    this.store = new CellStore(options.outDir());
  }

  public Outcome run() throws IOException, PhaseException {
    Files.createDirectories(options.outDir());
    LoadRates.read(options.outDir(), loadRates);
    warnings.add(server.meaning());
    checkEnvironment();
    measureDiskBaselines();
    int measured = 0;
    int failed = 0;
    for (long count : options.recordCounts()) {
      List<DiskProfile> todo = new ArrayList<>();
      for (DiskProfile p : options.profiles()) {
        if (!store.isDone(count, p.name())) {
          todo.add(p);
        }
      }
      if (todo.isEmpty()) {
        listener.info("records " + count + ": all profiles measured earlier, skipped");
        continue;
      }
      load(count);
      for (DiskProfile profile : todo) {
        CellResult cell = measure(count, profile);
        store.save(cell);
        measured++;
        if (!cell.status().equals(CellStatus.OK)) {
          failed++;
        }
        writeReport();
        listener.cellFinished(cell);
      }
    }
    writeReport();
    List<String> order = options.profiles().stream().map(DiskProfile::name).toList();
    return new Outcome(sorted(store.all(), order), measured, failed);
  }

  /** Brings the data set to {@code count} records, loading only the missing ones. */
  private void load(long count) throws IOException, PhaseException {
    Endpoint e;
    try {
      e = server.startLoading();
    } catch (Exception ex) {
      throw new IOException("could not start the server for loading: " + message(ex), ex);
    }
    try (MongoClient client = MongoClients.create(e.url())) {
      MongoDatabase db = client.getDatabase(CellMeasurement.databaseOf(e.url()));
      serverVersion = String.valueOf(db.runCommand(new Document("buildInfo", 1)).get("version"));
      if (environment.storageEngine() == null) {
        environment =
            EnvironmentCheck.withServer(
                environment,
                serverVersion,
                client.getDatabase("admin").runCommand(new Document("serverStatus", 1)),
                server.throttles());
        listener.info(
            "server: "
                + serverVersion
                + ", storage engine "
                + environment.storageEngine()
                + (server.throttles()
                    ? ", cache set per profile"
                    : environment.cacheBytes() == null
                        ? ""
                        : ", cache " + Sizes.format(environment.cacheBytes())));
        environment.warnings().stream()
            .filter(w -> w.contains("storage engine"))
            .forEach(w -> listener.info("warning: " + w));
      }
      DataSetMarker marker =
          DataSetMarker.open(db, options.table(), shape(), options.dropExisting() && !dropped);
      dropped = true;
      if (marker.loadedRecords() > count) {
        throw new IllegalStateException(
            "the data set already holds "
                + marker.loadedRecords()
                + " records, more than the "
                + count
                + " this cell needs: rerun with --drop-existing to measure smaller counts again");
      }
      if (marker.loadedRecords() == count) {
        return;
      }
      long from = marker.loadedRecords();
      // A load interrupted mid-step left some of its records behind: rewrite them, don't fail.
      boolean partial = db.getCollection(options.table()).estimatedDocumentCount() > from;
      listener.info("loading records " + from + " to " + count);
      PhaseResult r =
          YcsbConsole.run(
              options.outDir(),
              "load " + from + "-" + count,
              loadProps(e.url(), from, count, partial),
              listener.loadProgress(from, count));
      if (r.errors() > 0) {
        throw new IOException(
            r.errors() + " of " + r.attempts() + " records failed to load; the sweep stops here");
      }
      double rate = (count - from) * 1000.0 / Math.max(1, r.runtimeMillis());
      loadRates.put(count, rate);
      LoadRates.write(options.outDir(), loadRates);
      marker.loaded(db, options.table(), count);
      listener.info(String.format(java.util.Locale.ROOT, "loaded at %.0f records/s", rate));
    } finally {
      try {
        server.stopLoading();
      } catch (Exception ex) {
        warnings.add("stopping the loading server: " + message(ex));
      }
    }
  }

  private CellResult measure(long count, DiskProfile profile) {
    Endpoint e;
    try {
      e = server.startCell(profile);
    } catch (Exception ex) {
      return CellResult.failed(count, profile.name(), server.kind(), message(ex));
    }
    try {
      if (e.enforcement() != null) {
        Map<String, String> enforced = new LinkedHashMap<>();
        enforced.put("device", e.enforcement().device().path());
        enforced.put("read_iops", Long.toString(e.enforcement().readIops()));
        enforced.put("write_iops", Long.toString(e.enforcement().writeIops()));
        enforced.put("read_bps", Long.toString(e.enforcement().readBytesPerSec()));
        enforced.put("write_bps", Long.toString(e.enforcement().writeBytesPerSec()));
        enforced.put("memory_bytes", Long.toString(e.enforcement().memoryBytes()));
        enforced.put("latency_applied", Boolean.toString(e.enforcement().latencyApplied()));
        enforced.put("notes", String.join("; ", e.enforcement().notes()));
        enforcement.put(profile.name(), enforced);
      }
      listener.cellStarted(count, profile, e);
      CellResult cell =
          new CellMeasurement(options, count, profile, e, server)
              .run(
                  listener.runProgress(count, profile, true),
                  listener.runProgress(count, profile, false));
      return withLoadRate(cell, count);
    } catch (Exception ex) {
      return CellResult.failed(count, profile.name(), server.kind(), message(ex));
    } finally {
      try {
        server.stopCell();
      } catch (Exception ex) {
        warnings.add(
            "stopping the server of " + count + " x " + profile.name() + ": " + message(ex));
      }
    }
  }

  /**
   * Reads the host, file system and device facts and prints them with their warnings before
   * anything is measured; the server's own facts are added when it first answers.
   */
  private void checkEnvironment() {
    EnvironmentFacts host =
        new EnvironmentCheck().host(server.hostDataDir(), server.dockerVersion());
    String pageCacheNote = "";
    if (server.hostDataDir() != null) {
      HostCache.Drop drop = HostCache.drop();
      pageCacheNote = drop.dropped() ? "" : drop.note();
    }
    List<String> w = new ArrayList<>(host.warnings());
    w.addAll(
        EnvironmentCheck.measurementWarnings(
            server.throttles() ? options.profiles() : List.of(),
            LatencyInjection.unavailableReason(),
            pageCacheNote));
    environment =
        new EnvironmentFacts(
            host.kernel(),
            host.cpuModel(),
            host.cpus(),
            host.memoryBytes(),
            host.dataDir(),
            host.filesystem(),
            host.mountOptions(),
            host.device(),
            host.readAheadKb(),
            host.scheduler(),
            host.dockerVersion(),
            null,
            null,
            null,
            w);
    listener.info(
        String.format(
            java.util.Locale.ROOT,
            "environment: kernel %s, %d CPUs (%s), %s RAM%s%s",
            host.kernel(),
            host.cpus(),
            host.cpuModel(),
            host.memoryBytes() == null ? "?" : Sizes.format(host.memoryBytes()),
            host.dockerVersion() == null ? "" : ", Docker " + host.dockerVersion(),
            host.dataDir() == null
                ? ""
                : String.format(
                    java.util.Locale.ROOT,
                    "; data %s on %s (%s), device %s, read-ahead %s KiB, scheduler %s",
                    host.dataDir(),
                    host.filesystem(),
                    host.mountOptions(),
                    host.device(),
                    host.readAheadKb(),
                    host.scheduler())));
    w.forEach(line -> listener.info("warning: " + line));
  }

  /**
   * Measures what each profile's disk delivers before any cell runs on it (the disk-IO study's
   * method, see {@link DiskBaseline}), keeping baselines an earlier run of this report measured. A
   * failed baseline is a warning, not a failed sweep: the cells can still be measured.
   */
  private void measureDiskBaselines() throws IOException {
    DiskBaseline.Settings settings = options.diskBaseline();
    if (settings == null) {
      return;
    }
    if (Files.exists(options.outDir().resolve(ReportLayout.MANIFEST))) {
      try {
        diskBaselines.putAll(RunManifest.read(options.outDir()).diskBaselines());
      } catch (IOException | RuntimeException e) {
        warnings.add("earlier disk baselines not read: " + message(e));
      }
    }
    Path dir = server.hostDataDir();
    if (dir == null) {
      warnings.add("disk baseline skipped: the server's disk is not on this host");
      listener.info("disk baseline: skipped, the server's disk is not on this host");
      return;
    }
    Files.createDirectories(dir);
    Path file = dir.resolve(DiskBaseline.FILE_NAME);
    boolean fileExisted = Files.exists(file);
    List<DiskProfile> todo = new ArrayList<>();
    if (server.throttles()) {
      options.profiles().stream()
          .filter(p -> !diskBaselines.containsKey(p.name()))
          .forEach(todo::add);
    } else if (!diskBaselines.containsKey(HOST_BASELINE)) {
      todo.add(null); // nothing is throttled: the bare disk is every profile's
    }
    try {
      for (DiskProfile p : todo) {
        String key = p == null ? HOST_BASELINE : p.name();
        listener.info(
            String.format(
                Locale.ROOT,
                "disk baseline %s: %d steps of %.0f s (%s, %s, 1 to %d threads)",
                key,
                settings.steps(),
                settings.secondsPerStep(),
                settings.modes().stream().map(DiskBaseline.Mode::label).toList(),
                BaselineTable.blocks(settings.blockMinBytes(), settings.blockMaxBytes()),
                settings.maxThreads()));
        listener.info(BaselineTable.textHeader());
        try {
          List<BaselineStep> steps =
              p == null
                  ? DiskBaseline.onHost(dir, settings, s -> listener.info(BaselineTable.textRow(s)))
                  : DiskBaseline.inContainer(
                      options.probeImage(),
                      p,
                      dir,
                      settings,
                      s -> listener.info(BaselineTable.textRow(s)));
          diskBaselines.put(key, steps);
        } catch (IOException | RuntimeException e) {
          warnings.add("disk baseline " + key + " failed: " + message(e));
          listener.info("warning: disk baseline " + key + " failed: " + message(e));
        }
        writeReport();
      }
    } finally {
      if (!fileExisted) {
        Files.deleteIfExists(file);
      }
    }
  }

  private CellResult withLoadRate(CellResult c, long count) {
    Double rate = loadRates.get(count);
    return rate == null ? c : c.withMetric(Metric.LOAD_RECORDS_PER_SEC, rate);
  }

  private void writeReport() throws IOException {
    List<RunManifest.Profile> profiles =
        options.profiles().stream().map(RunManifest.Profile::of).toList();
    Map<String, String> workload = new TreeMap<>();
    options.workload().forEach((k, v) -> workload.put(k.toString(), v.toString()));
    RunManifest manifest =
        new RunManifest(
            "mongodb-tiered 0.1.0",
            started,
            Instant.now(),
            options.commandLine(),
            server.kind(),
            server.image(),
            serverVersion,
            profiles,
            enforcement,
            warnings,
            options.recordCounts(),
            workload,
            environment,
            diskBaselines);
    List<String> order = options.profiles().stream().map(DiskProfile::name).toList();
    for (String problem :
        ReportWriter.write(options.outDir(), manifest, sorted(store.all(), order))) {
      // Once per run: the report is rewritten after every cell.
      if (reportProblems.add(problem)) {
        listener.info("warning: " + problem);
      }
    }
  }

  private static List<CellResult> sorted(List<CellResult> cells, List<String> order) {
    List<CellResult> s = new ArrayList<>(cells);
    s.sort(
        (a, b) -> {
          int pa = order.indexOf(a.profile());
          int pb = order.indexOf(b.profile());
          if (pa != pb) {
            return Integer.compare(
                pa < 0 ? Integer.MAX_VALUE : pa, pb < 0 ? Integer.MAX_VALUE : pb);
          }
          return Long.compare(a.recordCount(), b.recordCount());
        });
    return s;
  }

  private Properties loadProps(String url, long from, long to, boolean upsert) {
    Properties p = new Properties();
    p.putAll(options.workload());
    p.setProperty("db", MongoDbTieredClient.class.getName());
    p.setProperty("mongodb.url", url);
    p.setProperty("dotransactions", "false");
    p.setProperty("recordcount", Long.toString(to));
    p.setProperty("insertstart", Long.toString(from));
    p.setProperty("insertcount", Long.toString(to - from));
    p.setProperty("threadcount", Integer.toString(options.loadThreads()));
    p.setProperty("batchsize", Integer.toString(options.loadBatchSize()));
    p.setProperty("mongodb.upsert", Boolean.toString(upsert));
    p.setProperty("hdrhistogram.fileoutput", "false");
    p.remove("maxexecutiontime");
    return p;
  }

  /** The record shape: a data set loaded with another shape is not this sweep's. */
  private String shape() {
    Properties w = options.workload();
    return w.getProperty("fieldcount", "10")
        + "x"
        + w.getProperty("fieldlength", "100")
        + " "
        + w.getProperty("insertorder", "hashed");
  }

  private static String message(Exception e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return Redaction.scrub(m, null);
  }
}
