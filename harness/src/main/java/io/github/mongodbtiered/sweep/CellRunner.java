package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.servers.HostCache;

/**
 * One cell's server lifecycle: has the server started for each of the cell's runs ({@link
 * CellRepeats}), cold or gone on with from the cell before ({@link ServerHandover}), has the run
 * measured on it ({@link CellPipeline}), and stops it unless the next cell goes on with it. It
 * never throws: whatever goes wrong becomes a failed cell, so a failure in one cell loses nothing
 * measured before it.
 */
final class CellRunner {
  private final SweepOptions options;
  private final TargetServer server;
  private final SweepRunner.Listener listener;
  private final SweepReport report;
  private final YcsbPhases phases;
  private final ServerHandover handover;
  private final CellRepeats repeats;

  CellRunner(SweepContext sweep) {
    this.options = sweep.options();
    this.server = sweep.server();
    this.listener = sweep.listener();
    this.report = sweep.report();
    this.phases = YcsbPhases.of(options);
    this.handover = new ServerHandover(server, options.runs(), options.fleet().alone());
    this.repeats = new CellRepeats(options.runs(), options.localDataDir());
  }

  /**
   * Measures the cell {@code --repeats} times, each on a server started cold as the first is; a
   * failed repeat fails the cell, naming it.
   *
   * @param next the profile of the count's next cell, or null: whether the server may go on
   * @param loadRecordsPerSec the rate of the load step that reached {@code count}, or null
   * @param loadSeconds that step's seconds, or null
   */
  CellResult measure(
      long count,
      DiskProfile profile,
      DiskProfile next,
      Double loadRecordsPerSec,
      Double loadSeconds) {
    CellResult cell = repeats.measure(repeat -> measureOnce(count, profile, repeat, next));
    CellResult with =
        loadRecordsPerSec == null
            ? cell
            : cell.withMetric(Metric.LOAD_RECORDS_PER_SEC, loadRecordsPerSec);
    return loadSeconds == null ? with : with.withMetric(Metric.LOAD_S, loadSeconds);
  }

  /**
   * Run {@code repeat} (from 1) of the cell by itself, on a server started cold for it and stopped
   * after it: a round's run of a variant ({@link VariantSweep}).
   */
  CellRun measureRun(long count, DiskProfile profile, int repeat) {
    return measureOnce(count, profile, repeat, null);
  }

  /**
   * A server started cold for one run of an alternating round ({@link VariantSweep}), or the failed
   * run when it did not start.
   */
  record Started(Endpoint endpoint, long startedNanos, long upNanos, CellRun failed) {}

  /** Starts the server of run {@code repeat} (from 1) of the cell, cold, and no more. */
  Started startRun(long count, DiskProfile profile, int repeat) {
    return startRun(count, profile, repeat, null);
  }

  /**
   * @param dropped the page cache's drop before the first of the servers starting together, which
   *     this one goes without; null: its own cold start drops it
   */
  Started startRun(long count, DiskProfile profile, int repeat, HostCache.Drop dropped) {
    long startedNanos = System.nanoTime();
    try {
      if (repeat == 1) {
        // Later repeats append to the first one's series.
        new ReportLayout(options.outDir()).deleteSeriesOf(count, profile.name());
      }
      Endpoint e = handover.start(profile, dropped);
      return new Started(e, startedNanos, System.nanoTime(), null);
    } catch (Exception ex) {
      CellResult failed = CellResult.failed(count, profile.name(), server.kind(), Messages.of(ex));
      return new Started(
          null, startedNanos, 0, new CellRun(timed(failed, startedNanos, null, null), null));
    }
  }

  /** The pipeline of run {@code repeat} of the cell on the server {@code s} started. */
  CellPipeline pipeline(Started s, long count, DiskProfile profile, int repeat) {
    return pipeline(s.endpoint(), count, profile, repeat, false);
  }

  /**
   * @param handedSteady whether {@code e} goes on from a cell that ended steady
   */
  private CellPipeline pipeline(
      Endpoint e, long count, DiskProfile profile, int repeat, boolean handedSteady) {
    if (e.enforcement() != null) {
      report.enforced(profile, e);
    }
    listener.cellStarted(count, profile, e);
    return new CellPipeline(context(e, count, profile, repeat, handedSteady));
  }

  /**
   * Stops the server {@code s} after its run, the run's times added to it.
   *
   * @param ownNanos the run's own part of its round before the stop (its start, its warm-up, its
   *     share of the run the round's servers alternated in): the cell's time, with the stop
   */
  CellRun stopRun(Started s, CellRun run, long ownNanos) {
    long stoppingNanos = System.nanoTime();
    CellRun stopped = stop(s, run);
    double stopSeconds = seconds(stoppingNanos, System.nanoTime());
    return new CellRun(
        stopped.cell().withMetric(Metric.CELL_S, ownNanos / 1e9 + stopSeconds), stopped.logs());
  }

  /** Stops the server {@code s} after its run, the run's times added to it. */
  private CellRun stop(Started s, CellRun run) {
    long stoppingNanos = System.nanoTime();
    try {
      server.stopCell();
    } catch (Exception ex) {
      report.warn(
          "stopping the server of "
              + run.cell().recordCount()
              + " x "
              + run.cell().profile()
              + ": "
              + Messages.of(ex));
    }
    CellResult timed =
        timed(
            run.cell(),
            s.startedNanos(),
            seconds(s.startedNanos(), s.upNanos()),
            seconds(stoppingNanos, System.nanoTime()));
    return new CellRun(timed, run.logs());
  }

  /**
   * One measured run of the cell on its server, with the seconds its server took to start and stop
   * and the run's wall-clock seconds ({@code cell_s}).
   */
  private CellRun measureOnce(long count, DiskProfile profile, int repeat, DiskProfile next) {
    // Read before start() takes the kept server over: a continued endpoint is that cell's server.
    boolean steadyBefore = handover.handsOnSteady();
    Started s = startRun(count, profile, repeat);
    if (s.failed() != null) {
      return s.failed();
    }
    Endpoint e = s.endpoint();
    CellRun run = measureOn(e, count, profile, repeat, steadyBefore && e.continued());
    if (handover.keeps(run.cell(), profile, next)) {
      return new CellRun(
          timed(run.cell(), s.startedNanos(), seconds(s.startedNanos(), s.upNanos()), null),
          run.logs());
    }
    return stop(s, run);
  }

  /**
   * @param handedSteady whether {@code e} goes on from a cell that ended steady
   */
  private CellRun measureOn(
      Endpoint e, long count, DiskProfile profile, int repeat, boolean handedSteady) {
    try {
      return pipeline(e, count, profile, repeat, handedSteady)
          .run(
              listener.preloadProgress(count, profile),
              listener.runProgress(count, profile, true),
              listener.runProgress(count, profile, false));
    } catch (Exception ex) {
      return new CellRun(
          CellResult.failed(count, profile.name(), server.kind(), Messages.of(ex)), null);
    }
  }

  private CellContext context(
      Endpoint e, long count, DiskProfile profile, int repeat, boolean handedSteady) {
    Long memory = report.environment() == null ? null : report.environment().memoryBytes();
    return new CellContext(
        options,
        phases,
        count,
        profile,
        e,
        server,
        memory == null ? 0 : memory,
        repeat,
        handedSteady);
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
