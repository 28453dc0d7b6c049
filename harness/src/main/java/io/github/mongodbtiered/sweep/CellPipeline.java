package io.github.mongodbtiered.sweep;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.intervals.RunLogs;
import io.github.mongodbtiered.servers.BurstThrottle;
import io.github.mongodbtiered.ycsb.PhaseException;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.IOException;
import java.util.List;

/**
 * Measures one cell on the server started (or gone on with) for it, as a pipeline of steps, each of
 * which returns what it found as a value: the {@link WarmUp} to the steady state (with its {@link
 * FillAndPreload} on a cold server), the {@link MeasuredRun} with HdrHistogram logs and the
 * counters read around it, the logs decoded once ({@link RunLogs}), the {@link RunFigures} derived
 * from both, and the {@link CellVerdict}, the only step that makes a cell of them. A step that
 * fails ends the pipeline there, and the verdict keeps what the steps before it found.
 */
final class CellPipeline {
  private final CellContext c;
  private final CellSeries series;

  CellPipeline(CellContext c) {
    this.c = c;
    this.series = new CellSeries(c.layout(), c.recordCount(), c.profile().name());
  }

  /** The cell and the run this pipeline measures. */
  CellContext context() {
    return c;
  }

  /**
   * The cell, and the measured run's decoded logs (null when it did not get that far).
   *
   * @throws IOException when the disk limits or the latency could not be put back, or a fleet's
   *     client did not come: the cell fails with no more than that
   */
  CellRun run(Progress preloadProgress, Progress warmupProgress, Progress runProgress)
      throws IOException {
    try (Warmed w = warm(preloadProgress, warmupProgress)) {
      if (w.done() != null) {
        return w.done();
      }
      MeasuredRun.Readings run;
      try {
        run = MeasuredRun.measure(c, w.db(), runProgress);
      } finally {
        w.release();
      }
      return finish(w, run);
    }
  }

  /**
   * The cell up to its measured run: the server's client open, the data set checked, the binding's
   * client held and the warm-up run. A cell that failed on the way is {@link Warmed#done()}.
   */
  Warmed warm(Progress preloadProgress, Progress warmupProgress) throws IOException {
    MongoClient client = MongoClients.create(c.endpoint().url());
    try {
      MongoDatabase db = client.getDatabase(Endpoint.databaseOf(c.endpoint().url()));
      String gone = ServerLife.processGone(c.endpoint());
      String shortData = gone != null ? gone : shortDataSet(db);
      if (shortData != null) {
        return Warmed.done(
            client, new CellRun(CellVerdict.failed(c, Findings.NONE, shortData), null));
      }
      ServerLife lifeBefore = c.readsServerFigures() ? ServerLife.read(db) : null;
      AutoCloseable held;
      try {
        held = c.phases().holdClient(c.endpoint().url(), c.recordCount());
      } catch (PhaseException e) {
        return Warmed.done(
            client, new CellRun(CellVerdict.failed(c, Findings.NONE, e.getMessage()), null));
      }
      Warmed w = new Warmed(client, db, lifeBefore, held);
      try {
        w.warmUp = warmUpAndMeet(db, preloadProgress, warmupProgress);
      } catch (IOException | RuntimeException e) {
        w.close();
        throw e;
      }
      if (w.warmUp.failed()) {
        w.done = new CellRun(CellVerdict.failed(c, w.warmUp, w.warmUp.failure()), null);
      }
      return w;
    } catch (IOException | RuntimeException e) {
      client.close();
      throw e;
    }
  }

  /** The cell from what its measured run read ({@code run}), once the run has ended. */
  CellRun finish(Warmed w, MeasuredRun.Readings run) throws IOException {
    w.release();
    if (run.failed()) {
      return new CellRun(CellVerdict.failed(c, w.warmUp, run.failure()), null);
    }
    return afterTheRun(w.db(), w.warmUp, run, w.lifeBefore);
  }

  /**
   * A cell warmed up and ready for its measured run: the client of its server and the binding's
   * client held open until {@link #close}.
   */
  static final class Warmed implements AutoCloseable {
    private final MongoClient client;
    private final MongoDatabase db;
    private final ServerLife lifeBefore;
    private AutoCloseable held;
    private Findings warmUp = Findings.NONE;
    private CellRun done;

    private Warmed(
        MongoClient client, MongoDatabase db, ServerLife lifeBefore, AutoCloseable held) {
      this.client = client;
      this.db = db;
      this.lifeBefore = lifeBefore;
      this.held = held;
    }

    private static Warmed done(MongoClient client, CellRun failed) {
      Warmed w = new Warmed(client, null, null, null);
      w.done = failed;
      return w;
    }

    /** The cell, when it failed before its measured run; else null. */
    CellRun done() {
      return done;
    }

    MongoDatabase db() {
      return db;
    }

    /** Lets the binding's client go once the measured run has ended. */
    void release() {
      if (held != null) {
        CellPipeline.release(held);
        held = null;
      }
    }

    @Override
    public void close() {
      release();
      client.close();
    }
  }

  /** The warm-up (unless {@code --warmup 0}), then the fleet's barrier before the run. */
  private Findings warmUpAndMeet(
      MongoDatabase db, Progress preloadProgress, Progress warmupProgress) throws IOException {
    Findings warmUp =
        c.runs().warmupSeconds() > 0
            ? WarmUp.run(c, db, series, preloadProgress, warmupProgress)
            : Findings.NONE;
    if (warmUp.failed()) {
      return warmUp;
    }
    String late = c.meet(db, "run");
    return late == null ? warmUp : warmUp.failing(late);
  }

  /** Reads the server after the run, decodes the logs once and derives the cell from them all. */
  private CellRun afterTheRun(
      MongoDatabase db, Findings warmUp, MeasuredRun.Readings run, ServerLife lifeBefore)
      throws IOException {
    MeasuredRun.After after = MeasuredRun.after(c, db, lifeBefore);
    if (after.failed()) {
      return new CellRun(CellVerdict.failedAfter(c, warmUp, run, after.failure()), null);
    }
    RunLogs logs =
        RunLogs.read(c.layout().histogramsOf(c.recordCount(), c.profile().name(), c.repeat()));
    BurstThrottle burst = c.server().burst();
    List<String> seriesNotes =
        series
            .append(c.repeat(), logs.intervals(), burst == null ? List.of() : burst.ticks())
            .stream()
            .toList();
    RunFigures figures = RunFigures.derive(c, run, after, warmUp.figures(), logs);
    return new CellRun(CellVerdict.of(c, warmUp, run, after, seriesNotes, figures), logs);
  }

  /**
   * Why the data set is short of the cell's record count, or null when it is not: a cell is never
   * measured on less data than it claims. The estimated count is the collection's metadata, so
   * reading it leaves the cold caches cold.
   */
  private String shortDataSet(MongoDatabase db) {
    long documents = db.getCollection(c.workload().table()).estimatedDocumentCount();
    return documents < c.recordCount()
        ? "data set holds " + documents + " documents, the marker says " + c.recordCount()
        : null;
  }

  /** Lets the warm-up's and the run's client go; a failure to close it loses no result. */
  private static void release(AutoCloseable held) {
    try {
      held.close();
    } catch (Exception e) {
      // The client's connections close with it or with the server that stops next.
    }
  }
}
