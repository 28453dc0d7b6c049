package io.github.mongodbtiered.sweep;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.fleet.FleetBarrier;
import io.github.mongodbtiered.intervals.Interval;
import io.github.mongodbtiered.intervals.IntervalLog;
import io.github.mongodbtiered.metrics.ClientCpu;
import io.github.mongodbtiered.metrics.ClientCpuUsage;
import io.github.mongodbtiered.metrics.DataSizes;
import io.github.mongodbtiered.metrics.PageCache;
import io.github.mongodbtiered.metrics.RunMetrics;
import io.github.mongodbtiered.metrics.ServerSnapshot;
import io.github.mongodbtiered.metrics.TierClassifier;
import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.HistogramLogMerge;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.Tier;
import io.github.mongodbtiered.variation.CellVariation;
import io.github.mongodbtiered.variation.Drift;
import io.github.mongodbtiered.warmup.PageCacheFill;
import io.github.mongodbtiered.warmup.Preload;
import io.github.mongodbtiered.warmup.SteadyStateDetector;
import io.github.mongodbtiered.warmup.SteadyStateWatch;
import io.github.mongodbtiered.ycsb.PhaseException;
import io.github.mongodbtiered.ycsb.PhaseResult;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.IOException;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.bson.Document;

/**
 * Measures one cell on a server that has just started cold: an unmeasured warm-up to the steady
 * state, then the measured run with HdrHistogram logs, with the server's counters and the client's
 * CPU read just before and just after it; the figures and tiers are derived from those readings.
 */
final class CellMeasurement {
  private final SweepOptions options;
  private final YcsbPhases phases;
  private final long recordCount;
  private final DiskProfile profile;
  private final Endpoint endpoint;
  private final TargetServer server;
  private final long hostMemoryBytes;
  private final CellSeries series;
  private final int repeat;

  /**
   * @param hostMemoryBytes memory of this host, for profiles without a memory limit; 0 if unknown
   * @param repeat which of the cell's measured runs this is, from 1 ({@code --repeats})
   */
  CellMeasurement(
      SweepOptions options,
      YcsbPhases phases,
      long recordCount,
      DiskProfile profile,
      Endpoint endpoint,
      TargetServer server,
      long hostMemoryBytes,
      int repeat) {
    this.options = options;
    this.phases = phases;
    this.recordCount = recordCount;
    this.profile = profile;
    this.endpoint = endpoint;
    this.server = server;
    this.hostMemoryBytes = hostMemoryBytes;
    this.series = new CellSeries(new ReportLayout(options.outDir()), recordCount, profile.name());
    this.repeat = repeat;
  }

  CellResult run(Progress preloadProgress, Progress warmupProgress, Progress runProgress)
      throws IOException {
    CellResult.Builder cell =
        CellResult.builder(recordCount, profile.name(), server.kind())
            .notes(endpoint.notes())
            .pageCacheDropped(endpoint.pageCacheDropped())
            .latencyApplied(endpoint.latencyApplied())
            .latencyMethod(endpoint.latencyMethod());
    try (MongoClient client = MongoClients.create(endpoint.url())) {
      MongoDatabase db = client.getDatabase(Endpoint.databaseOf(endpoint.url()));
      String shortData = shortDataSet(db);
      if (shortData != null) {
        return cell.failed(shortData).build();
      }
      // In a fleet only client 0 reads the server's own figures: the others' would repeat them.
      boolean serverFigures = options.fleet().slot().readsServerFigures();
      ServerLife lifeBefore = serverFigures ? ServerLife.read(db) : null;
      Map<Metric, Double> warmFigures = new EnumMap<>(Metric.class);
      SnapshotReader counters = new SnapshotReader(endpoint);
      ServerSnapshot before;
      ClientCpu cpuBefore;
      PhaseResult r;
      long elapsedNanos;
      long startedMillis;
      AutoCloseable held = phases.holdClient(endpoint.url(), recordCount);
      try {
        if (options.warmupSeconds() > 0) {
          String failure = warmUp(db, preloadProgress, warmupProgress, cell, warmFigures);
          if (failure != null) {
            return cell.failed(failure).build();
          }
        }
        String late = meet(db, "run");
        if (late != null) {
          return cell.failed(late).build();
        }
        before = serverFigures ? counters.read(db) : NO_SERVER_FIGURES;
        cpuBefore = ClientCpu.now();
        startedMillis = System.currentTimeMillis();
        long t0 = System.nanoTime();
        r = phases.measure(endpoint.url(), recordCount, profile.name(), repeat, runProgress);
        elapsedNanos = System.nanoTime() - t0;
      } finally {
        release(held);
      }
      FailedOperations failures = FailedOperations.of(r);
      // Kept for diagnosis even when the cell fails; the report shows them as not a result.
      cell.run(r.opsDone(), r.runtimeMillis(), r.throughputOpsPerSec())
          .failedOperations(failures.failed());
      series.append(repeat).ifPresent(cell::note);
      ServerSnapshot after;
      String restarted;
      try {
        after = serverFigures ? counters.read(db) : NO_SERVER_FIGURES;
        restarted = serverFigures ? ServerLife.read(db).restartedSince(lifeBefore) : null;
      } catch (RuntimeException e) {
        return cell.failed("the server stopped answering after the run: " + Messages.of(e)).build();
      }
      ClientCpuUsage cpu = ClientCpu.now().usageSince(cpuBefore, r.opsDone());
      DataSizes sizes = serverFigures ? sizes(db) : DataSizes.from(new Document());
      boolean embedded = embedded();
      Map<Metric, Double> m =
          new EnumMap<>(RunMetrics.derive(before, after, elapsedNanos, embedded, cpu, sizes));
      m.putAll(warmFigures);
      m.put(Metric.RUN_STARTED_EPOCH_MS, (double) startedMillis);
      m.put(Metric.CLIENTS, (double) options.fleet().slot().clients());
      if (!options.fleet().alone()) {
        m.put(Metric.CLIENT_INDEX, (double) options.fleet().slot().index());
      }
      Map<String, LatencyStats> latencies = latencies(cell);
      List<Interval> intervals =
          IntervalLog.read(
              new ReportLayout(options.outDir()).histogramsOf(recordCount, profile.name(), repeat));
      CellVariation variation =
          CellVariation.ofRun(
              intervals, LatencyStats.mainOperation(LatencyStats.counts(latencies)));
      m.putAll(variation.figures());
      Drift drift = Drift.ofRun(intervals);
      if (drift != null) {
        m.put(Metric.RUN_DRIFT_PCT, drift.pct());
        if (drift.drifting()) {
          // The warm-up's test looks back over seconds; this one sees the whole measured run.
          m.put(Metric.STEADY_STATE, 0.0);
          cell.note(drift.note());
        }
      }
      cell.metrics(m).clientBound(cpu.saturated());
      String shortfall = TargetShortfall.note(options.targetOpsPerSec(), r.throughputOpsPerSec());
      if (shortfall != null) {
        cell.note(shortfall);
      }
      if (variation.unstable()) {
        cell.note(variation.note());
      }
      if (cpu.saturated()) {
        cell.note(
            String.format(
                Locale.ROOT,
                "client-bound: the client kept %.2f cores busy; throughput is the client's"
                    + " limit, not the server's",
                cpu.coresBusy()));
      }
      classify(cell, sizes, m);
      String tooMany = failures.beyond(options.maxErrors());
      if (restarted != null || tooMany != null) {
        return cell.failed(restarted != null ? restarted : tooMany).build();
      }
      if (failures.total() > 0) {
        cell.note(
            failures.total()
                + " of "
                + failures.attemptedTotal()
                + " operations failed (within --max-errors "
                + options.maxErrors()
                + ")");
      }
      return cell.build();
    } catch (PhaseException e) {
      return cell.failed(e.getMessage()).build();
    }
  }

  /**
   * Brings the caches to their steady state after the cold start, with the disk limits lifted (the
   * memory limit, which decides what the caches can hold, stays) so that a slow profile does not
   * take hours to get there: a {@link Preload} pass over the {@code _id} index and the documents,
   * then the workload until {@link SteadyStateWatch} finds the caches steady (at most half of
   * {@code --warmup}), and then, with the limits back, until it finds the steady state the measured
   * run will start in, for at most {@code --warmup} seconds in all. The times and the outcome go
   * into {@code figures}; a warm-up that ran out of time first is noted, so the cell is never taken
   * for a steady one.
   *
   * @return why the warm-up failed, or null
   */
  private String warmUp(
      MongoDatabase db,
      Progress preloadProgress,
      Progress progress,
      CellResult.Builder cell,
      Map<Metric, Double> figures)
      throws PhaseException, IOException {
    AutoCloseable lifted;
    boolean liftedAny = server.throttles();
    try {
      lifted = server.diskLimitsLifted();
    } catch (Exception e) {
      cell.note("warm-up ran under the disk limits: " + e.getMessage());
      lifted = () -> {};
      liftedAny = false;
    }
    try (OnceClosed restore = new OnceClosed(lifted)) {
      PageCacheFill.Outcome fill = fillPageCache();
      if (fill != null && fill.skipped() != null) {
        cell.note("page cache not filled before the preload: " + fill.skipped());
      }
      double fillSeconds = fill == null ? 0 : fill.seconds();
      boolean serverFigures = options.fleet().slot().readsServerFigures();
      // One pass fills the server's caches; a fleet's other clients wait for it at the barrier.
      if (serverFigures) {
        Preload.Outcome preload;
        try {
          preload = Preload.run(db, options.table(), preloadProgress);
        } catch (RuntimeException e) {
          return "warm-up: the preload could not read the data set: " + Messages.of(e);
        }
        figures.put(Metric.WARMUP_PRELOAD_S, fillSeconds + preload.seconds());
        series.preloaded(System.currentTimeMillis(), fillSeconds + preload.seconds());
      }
      String late = meet(db, "warmup");
      if (late != null) {
        return late;
      }
      SteadyStateWatch watch =
          new SteadyStateWatch(
              progress,
              () -> serverFigures ? db.runCommand(new Document("serverStatus", 1)) : null,
              // A container's page cache is its own (its memory cgroup); the embedded server's is
              // the host's, shared with everything else, so not a figure of this cell.
              () ->
                  endpoint.serverPid() == null || embedded()
                      ? null
                      : PageCache.bytesOf(endpoint.serverPid()),
              SteadyStateDetector.trendSecondsFor(options.warmupSeconds()),
              options.runSeconds(),
              liftedAny ? restore::close : null,
              (long) (options.warmupSeconds() * 1000 / 2));
      watch.deviceReads(new SnapshotReader(endpoint)::cgroupReadOps);
      PhaseResult warm =
          phases.warmUp(
              endpoint.url(), recordCount, profile.name(), options.warmupSeconds(), watch);
      if (watch.restoreFailure() != null) {
        throw watch.restoreFailure();
      }
      figures.put(
          Metric.WARMUP_S,
          (watch.steady() ? watch.steadyAtMillis() : warm.runtimeMillis()) / 1000.0);
      figures.put(Metric.STEADY_STATE, watch.steady() ? 1.0 : 0.0);
      if (liftedAny) {
        figures.put(
            Metric.WARMUP_LIFTED_S,
            (watch.liftedMillis() >= 0 ? watch.liftedMillis() : warm.runtimeMillis()) / 1000.0);
      }
      if (!watch.steady()) {
        String stage =
            !liftedAny
                ? ""
                : watch.liftedMillis() < 0
                    ? "; the disk limits were still lifted when it ended"
                    : watch.liftedSteady()
                        ? "; under the disk limits after the caches settled"
                        : "; the caches were still changing when the disk limits went back";
        cell.note(
            String.format(
                Locale.ROOT,
                "not steady: the warm-up did not reach the steady state within --warmup %s s"
                    + " (%s%s); the measured run may still be warming",
                trim(options.warmupSeconds()),
                watch.describe(),
                stage));
      } else if (watch.throughputOnly() && serverFigures) {
        cell.note("steady state judged from throughput alone: the server gives no cache figures");
      }
      String tooMany = FailedOperations.of(warm).beyond(options.maxErrors());
      return tooMany == null ? null : "warm-up: " + tooMany;
    } catch (PhaseException | IOException | RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IOException("could not restore the disk limits after the warm-up", e);
    }
  }

  /**
   * Reads the data files into the page cache of a server on this host (see {@link PageCacheFill}):
   * a local container's, bounded by its memory limit, or for the embedded server the host's own,
   * which no limit bounds, as the label-only memory of an embedded profile says. Null for a remote
   * server, whose files are out of reach.
   */
  private PageCacheFill.Outcome fillPageCache() {
    if (server.hostDataDir() == null || endpoint.serverPid() == null) {
      return null;
    }
    try {
      return embedded()
          ? PageCacheFill.intoHostCache(server.hostDataDir())
          : PageCacheFill.run(server.hostDataDir(), endpoint.serverPid());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt(); // the sweep is being stopped: its own checks see it
      return new PageCacheFill.Outcome(0, 0, "interrupted");
    }
  }

  /** Whether the server runs in this JVM (the embedded stand-in). */
  private boolean embedded() {
    return Long.valueOf(ProcessHandle.current().pid()).equals(endpoint.serverPid());
  }

  /** Counters of a client that reads none of the server's: every figure from them is unknown. */
  private static final ServerSnapshot NO_SERVER_FIGURES =
      new ServerSnapshot(WiredTigerCacheStats.from(new Document()), null, null, null, null);

  /**
   * Meets the fleet's other clients before the cell's {@code phase} (alone: at once).
   *
   * @return why this client cannot take part (it came back after the fleet had started the phase
   *     without it), or null
   * @throws IOException when a client did not come in time: the cell fails, naming it
   */
  private String meet(MongoDatabase db, String phase) throws IOException {
    String barrier = "cell-" + recordCount + "-" + profile.name() + "-" + repeat + "/" + phase;
    try {
      return options.fleet().meet(db, barrier).late()
          ? "client "
              + options.fleet().slot().index()
              + " came back after the fleet had started this cell's "
              + phase
              + " without it (a retried client): its share is missing"
          : null;
    } catch (FleetBarrier.TimeoutException e) {
      throw new IOException(e.getMessage(), e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted at fleet barrier " + barrier, e);
    }
  }

  /**
   * Closes what it holds once, whoever asks first: the warm-up's watch or the end of the warm-up.
   */
  private static final class OnceClosed implements AutoCloseable {
    private final AutoCloseable held;
    private boolean closed;

    OnceClosed(AutoCloseable held) {
      this.held = held;
    }

    @Override
    public synchronized void close() throws Exception {
      if (!closed) {
        closed = true;
        held.close();
      }
    }
  }

  /** Lets the warm-up's and the run's client go; a failure to close it loses no result. */
  private static void release(AutoCloseable held) {
    try {
      held.close();
    } catch (Exception e) {
      // The client's connections close with it or with the server that stops next.
    }
  }

  private static String trim(double seconds) {
    return seconds == Math.rint(seconds)
        ? Long.toString((long) seconds)
        : String.format(Locale.ROOT, "%s", seconds);
  }

  /**
   * Why the data set is short of the cell's record count, or null when it is not: a cell is never
   * measured on less data than it claims. The estimated count is the collection's metadata, so
   * reading it leaves the cold caches cold.
   */
  private String shortDataSet(MongoDatabase db) {
    long documents = db.getCollection(options.table()).estimatedDocumentCount();
    return documents < recordCount
        ? "data set holds " + documents + " documents, the marker says " + recordCount
        : null;
  }

  /**
   * Predicted tier from the sizes (the files' live bytes where known), observed from the hit
   * ratios; a mismatch is noted, naming the bytes the prediction used.
   */
  private void classify(CellResult.Builder cell, DataSizes sizes, Map<Metric, Double> m) {
    Double cacheMax = m.get(Metric.WT_CACHE_MAX_BYTES);
    long cacheBytes =
        cacheMax != null ? cacheMax.longValue() : profile.effectiveCacheBytes().orElse(0);
    long memoryBytes = profile.memoryBytes() > 0 ? profile.memoryBytes() : hostMemoryBytes;
    TierClassifier.Prediction prediction =
        TierClassifier.prediction(sizes, cacheBytes, memoryBytes).orElse(null);
    Tier predicted = prediction == null ? null : prediction.tier();
    TierClassifier.Observation seen = TierClassifier.observe(m);
    Tier observed = seen.tier();
    cell.tiers(predicted, observed).fsHitBasis(seen.fsHitBasis());
    cell.predictedTierBasis(prediction == null ? null : prediction.basis());
    if (predicted != null && observed != null && predicted != observed) {
      cell.note(
          "tier mismatch: sizes predict "
              + predicted.id()
              + " (from "
              + prediction.basis().label()
              + "), hit ratios show "
              + observed.id());
    }
  }

  private DataSizes sizes(MongoDatabase db) {
    try {
      return DataSizes.from(db.runCommand(new Document("collStats", options.table())));
    } catch (RuntimeException e) {
      return DataSizes.from(db.runCommand(new Document("dbStats", 1)));
    }
  }

  /**
   * Latency per operation type, from the HdrHistogram logs YCSB wrote in this run: service times,
   * and with {@code --target} the same operations timed from their intended start ({@code
   * Intended-READ}, ...), kept apart so that no operation counts twice.
   *
   * @return the service times
   */
  private Map<String, LatencyStats> latencies(CellResult.Builder cell) throws IOException {
    Map<String, LatencyStats> result = new TreeMap<>();
    ReportLayout layout = new ReportLayout(options.outDir());
    for (Map.Entry<String, Path> log :
        layout.histogramsOf(recordCount, profile.name(), repeat).entrySet()) {
      LatencyStats s = HistogramLogMerge.read(log.getValue());
      String op = log.getKey();
      if (s.count() == 0) {
        continue;
      }
      if (op.startsWith(IntervalLog.INTENDED_PREFIX)) {
        cell.intendedLatency(op.substring(IntervalLog.INTENDED_PREFIX.length()), s);
      } else {
        cell.latency(op, s);
        result.put(op, s);
      }
    }
    return result;
  }
}
