package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.intervals.RunLogs;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import java.util.ArrayList;
import java.util.List;

/**
 * One cell's server lifecycle: starts the target's server cold under the profile, has the cell
 * measured on it, and stops it, once per repeat ({@code --repeats}). It never throws: whatever goes
 * wrong becomes a failed cell, so a failure in one cell loses nothing measured before it.
 *
 * <p>Where the next cell of the count could go on with this server ({@link
 * TargetServer#canContinue}: the same server and memory, only the disk's limits and latency
 * different) and this cell's caches held its working set ({@link #cachesHeldIt}), a cell measured
 * once and ok leaves it running, and the next one takes it over with its caches in the steady
 * state, instead of a cold start that would fill them again. A cold start only moves where the
 * warm-up begins: every cell still warms up until its own steady state under its own limits, which
 * is the cell before's when that cell ended steady and its device stays idle under the new limits
 * ({@link io.github.mongodbtiered.warmup.WatchMode.CarryOver}). {@code --cold-cells}, {@code
 * --repeats} above 1 (whose runs measure the spread between cold starts) and a fleet keep every
 * cell cold.
 */
final class CellRunner {
  private final SweepOptions options;
  private final TargetServer server;
  private final SweepRunner.Listener listener;
  private final SweepReport report;
  private final YcsbPhases phases;

  /** The profile whose cell's server was left running for the next cell, or null. */
  private DiskProfile kept;

  /** Whether the cell that left its server running ended steady (warm-up and run). */
  private boolean keptSteady;

  CellRunner(SweepContext sweep) {
    this.options = sweep.options();
    this.server = sweep.server();
    this.listener = sweep.listener();
    this.report = sweep.report();
    this.phases = new YcsbPhases(options);
  }

  /**
   * Measures the cell {@code --repeats} times, each on a server started cold as the first is; a
   * failed repeat fails the cell, naming it.
   *
   * @param loadRecordsPerSec the rate of the load step that reached {@code count}, or null
   * @param loadSeconds that step's seconds, or null
   */
  CellResult measure(
      long count,
      DiskProfile profile,
      DiskProfile next,
      Double loadRecordsPerSec,
      Double loadSeconds) {
    return withLoad(measureRepeats(count, profile, next), loadRecordsPerSec, loadSeconds);
  }

  /**
   * Device reads per operation at or above which a cell's caches did not hold its working set, and
   * the next cell starts cold: what the caches then hold depends on the disk they were filled
   * through. A 5M-record san-600 cell that went on from io1-5000 read 0.171 per operation (and
   * hdd-150 after it 0.171), where cold starts read 0.141-0.149 and a cold one run for 10 minutes
   * 0.123, flat throughout: 13-28% fewer operations a second, from history, not from the disk.
   */
  static final double QUIET_READS_PER_OP = 0.01;

  /**
   * Whether {@code cell} read (next to) nothing from its device, so its caches' content owes
   * nothing to the disk's speed and the next cell may take them over. A cell without device figures
   * counts as quiet: only targets that read them go on.
   */
  static boolean cachesHeldIt(CellResult cell) {
    Double reads = cell.metrics().get(Metric.DEVICE_READ_OPS);
    return reads == null
        || cell.operations() <= 0
        || reads / cell.operations() < QUIET_READS_PER_OP;
  }

  /** Whether cells may go on with the server of the one before (see the class comment). */
  private boolean continues() {
    return !options.runs().coldCells() && options.runs().repeats() == 1 && options.fleet().alone();
  }

  private CellResult measureRepeats(long count, DiskProfile profile, DiskProfile next) {
    int repeats = Math.max(1, options.runs().repeats());
    List<CellResult> runs = new ArrayList<>();
    List<RunLogs> logs = new ArrayList<>();
    String stopped = null;
    for (int repeat = 1; repeat <= repeats && stopped == null; repeat++) {
      CellResult run = measureOnce(count, profile, repeat, logs, next);
      if (!run.ok() && repeats > 1) {
        run =
            run.toBuilder()
                .failed("repeat " + repeat + " of " + ofHowMany(repeats) + ": " + run.error())
                .build();
      }
      if (!run.ok()) {
        return saidFull(run);
      }
      runs.add(run);
      if (options.runs().repeatsAuto()) {
        stopped =
            Repeats.autoStop(runs.stream().map(CellResult::throughputOpsPerSec).toList(), repeats);
      }
    }
    if (runs.size() == 1) {
      return runs.get(0);
    }
    try {
      CellResult cell = Repeats.combine(runs, RunLogs.together(logs));
      return stopped == null ? cell : cell.toBuilder().note(stopped).build();
    } catch (RuntimeException ex) {
      return CellResult.failed(count, profile.name(), server.kind(), Messages.of(ex));
    }
  }

  private String ofHowMany(int repeats) {
    return options.runs().repeatsAuto() ? "at most " + repeats : Integer.toString(repeats);
  }

  /** A failed run's reason, naming the data directory's file system when it is full. */
  private CellResult saidFull(CellResult failed) {
    String full = Messages.noSpaceLeft(options.localDataDir());
    return full.isEmpty() ? failed : failed.toBuilder().failed(failed.error() + full).build();
  }

  private static CellResult withLoad(
      CellResult cell, Double loadRecordsPerSec, Double loadSeconds) {
    CellResult with =
        loadRecordsPerSec == null
            ? cell
            : cell.withMetric(Metric.LOAD_RECORDS_PER_SEC, loadRecordsPerSec);
    return loadSeconds == null ? with : with.withMetric(Metric.LOAD_S, loadSeconds);
  }

  /**
   * One measured run of the cell on a server started cold for it, with the seconds its server took
   * to start and stop and the run's wall-clock seconds ({@code cell_s}).
   *
   * @param logs where the run's decoded logs go, for the repeats' latencies
   */
  private CellResult measureOnce(
      long count, DiskProfile profile, int repeat, List<RunLogs> logs, DiskProfile next) {
    long startedNanos = System.nanoTime();
    // Read before start() takes the kept server over: a continued endpoint is that cell's server.
    boolean steadyBefore = kept != null && keptSteady;
    Endpoint e;
    try {
      if (repeat == 1) {
        // Later repeats append to the first one's series.
        new ReportLayout(options.outDir()).deleteSeriesOf(count, profile.name());
      }
      e = start(profile);
    } catch (Exception ex) {
      return timed(
          CellResult.failed(count, profile.name(), server.kind(), Messages.of(ex)),
          startedNanos,
          null,
          null);
    }
    long upNanos = System.nanoTime();
    CellResult result = measureOn(e, count, profile, repeat, logs, steadyBefore && e.continued());
    if (result.ok()
        && next != null
        && continues()
        && cachesHeldIt(result)
        && server.canContinue(profile, next)) {
      kept = profile;
      keptSteady = Double.valueOf(1).equals(result.metrics().get(Metric.STEADY_STATE));
      return timed(result, startedNanos, seconds(startedNanos, upNanos), null);
    }
    long stoppingNanos = System.nanoTime();
    try {
      server.stopCell();
    } catch (Exception ex) {
      report.warn(
          "stopping the server of " + count + " x " + profile.name() + ": " + Messages.of(ex));
    }
    return timed(
        result,
        startedNanos,
        seconds(startedNanos, upNanos),
        seconds(stoppingNanos, System.nanoTime()));
  }

  /**
   * The cell's server: the one the cell before left running, given this profile's limits, or one
   * started cold, also when going on failed (the endpoint's notes then say why).
   */
  private Endpoint start(DiskProfile profile) throws Exception {
    DiskProfile from = kept;
    kept = null;
    if (from == null) {
      return server.startCell(profile);
    }
    try {
      return server
          .continueCell(profile)
          .withNotes(
              List.of(
                  "continued the "
                      + from.name()
                      + " cell's server with its caches warm: disk limits and latency changed in"
                      + " place"));
    } catch (Exception ex) {
      try {
        server.stopCell();
      } catch (Exception stopping) {
        // The cold start below begins by taking down whatever is left of the server.
      }
      return server
          .startCell(profile)
          .withNotes(
              List.of(
                  "started cold: the "
                      + from.name()
                      + " cell's server could not go on ("
                      + Messages.of(ex)
                      + ")"));
    }
  }

  /**
   * @param handedSteady whether {@code e} goes on from a cell that ended steady
   */
  private CellResult measureOn(
      Endpoint e,
      long count,
      DiskProfile profile,
      int repeat,
      List<RunLogs> logs,
      boolean handedSteady) {
    try {
      if (e.enforcement() != null) {
        report.enforced(profile, e);
      }
      listener.cellStarted(count, profile, e);
      Long memory = report.environment() == null ? null : report.environment().memoryBytes();
      CellMeasurement measurement =
          new CellMeasurement(
              new CellContext(
                  options,
                  phases,
                  count,
                  profile,
                  e,
                  server,
                  memory == null ? 0 : memory,
                  repeat,
                  handedSteady));
      CellResult result =
          measurement.run(
              listener.preloadProgress(count, profile),
              listener.runProgress(count, profile, true),
              listener.runProgress(count, profile, false));
      if (measurement.logs() != null) {
        logs.add(measurement.logs());
      }
      return result;
    } catch (Exception ex) {
      return CellResult.failed(count, profile.name(), server.kind(), Messages.of(ex));
    }
  }

  /** The run's times as figures: a failed start or stop still took its time. */
  private static CellResult timed(
      CellResult run, long startedNanos, Double startSeconds, Double stopSeconds) {
    CellResult timed = run.withMetric(Metric.CELL_S, seconds(startedNanos, System.nanoTime()));
    if (startSeconds != null) {
      timed = timed.withMetric(Metric.SERVER_START_S, startSeconds);
    }
    return stopSeconds == null ? timed : timed.withMetric(Metric.SERVER_STOP_S, stopSeconds);
  }

  private static double seconds(long fromNanos, long toNanos) {
    return (toNanos - fromNanos) / 1e9;
  }
}
