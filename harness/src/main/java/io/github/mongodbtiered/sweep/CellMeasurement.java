package io.github.mongodbtiered.sweep;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.intervals.RunLogs;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellResultBuilder;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.ycsb.PhaseException;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;

/**
 * Measures one cell on a server that has just started cold, in steps: the {@link WarmUp} to the
 * steady state, the {@link MeasuredRun} with HdrHistogram logs and the counters read around it, the
 * logs decoded once ({@link RunLogs}), the {@link RunFigures} derived from both, and the {@link
 * CellVerdict}.
 */
final class CellMeasurement {
  private final CellContext c;
  private final CellSeries series;
  private RunLogs logs;

  CellMeasurement(CellContext c) {
    this.c = c;
    this.series = new CellSeries(c.layout(), c.recordCount(), c.profile().name());
  }

  /** The decoded logs of the measured run, or null when it did not get that far. */
  RunLogs logs() {
    return logs;
  }

  CellResult run(Progress preloadProgress, Progress warmupProgress, Progress runProgress)
      throws IOException {
    Endpoint endpoint = c.endpoint();
    CellResultBuilder cell =
        CellResult.builder(c.recordCount(), c.profile().name(), c.server().kind())
            .notes(endpoint.notes())
            .pageCacheDropped(endpoint.pageCacheDropped())
            .continuedFrom(endpoint.continuedFrom())
            .latencyApplied(endpoint.latencyApplied())
            .latencyMethod(endpoint.latencyMethod());
    try (MongoClient client = MongoClients.create(endpoint.url())) {
      MongoDatabase db = client.getDatabase(Endpoint.databaseOf(endpoint.url()));
      String shortData = shortDataSet(db);
      if (shortData != null) {
        return cell.failed(shortData).build();
      }
      ServerLife lifeBefore = c.readsServerFigures() ? ServerLife.read(db) : null;
      Map<Metric, Double> warmFigures = new EnumMap<>(Metric.class);
      MeasuredRun.Readings run;
      AutoCloseable held = c.phases().holdClient(endpoint.url(), c.recordCount());
      try {
        String failure = warmUpAndMeet(db, cell, warmFigures, preloadProgress, warmupProgress);
        if (failure != null) {
          return cell.failed(failure).build();
        }
        run = MeasuredRun.measure(c, db, runProgress);
      } finally {
        release(held);
      }
      return afterTheRun(db, cell, run, lifeBefore, warmFigures);
    } catch (PhaseException e) {
      return cell.failed(e.getMessage()).build();
    }
  }

  /** The warm-up (unless {@code --warmup 0}), then the fleet's barrier before the run. */
  private String warmUpAndMeet(
      MongoDatabase db,
      CellResultBuilder cell,
      Map<Metric, Double> warmFigures,
      Progress preloadProgress,
      Progress warmupProgress)
      throws PhaseException, IOException {
    if (c.options().runs().warmupSeconds() > 0) {
      String failure =
          new WarmUp(c, cell, warmFigures, series).run(db, preloadProgress, warmupProgress);
      if (failure != null) {
        return failure;
      }
    }
    return c.meet(db, "run");
  }

  /** Reads the server after the run, decodes the logs once and derives the cell from them all. */
  private CellResult afterTheRun(
      MongoDatabase db,
      CellResultBuilder cell,
      MeasuredRun.Readings run,
      ServerLife lifeBefore,
      Map<Metric, Double> warmFigures)
      throws IOException {
    FailedOperations failures = FailedOperations.of(run.result());
    // Kept for diagnosis even when the cell fails; the report shows them as not a result.
    cell.run(
            run.result().opsDone(),
            run.result().runtimeMillis(),
            run.result().throughputOpsPerSec())
        .failedOperations(failures.failed());
    MeasuredRun.After after;
    try {
      after = MeasuredRun.after(c, db, lifeBefore);
    } catch (RuntimeException e) {
      return cell.failed("the server stopped answering after the run: " + Messages.of(e)).build();
    }
    logs = RunLogs.read(c.layout().histogramsOf(c.recordCount(), c.profile().name(), c.repeat()));
    series.append(c.repeat(), logs.intervals()).ifPresent(cell::note);
    RunFigures figures = RunFigures.derive(c, run, after, warmFigures, logs, cell);
    return CellVerdict.of(c, cell, run, after, figures, failures);
  }

  /**
   * Why the data set is short of the cell's record count, or null when it is not: a cell is never
   * measured on less data than it claims. The estimated count is the collection's metadata, so
   * reading it leaves the cold caches cold.
   */
  private String shortDataSet(MongoDatabase db) {
    long documents = db.getCollection(c.options().table()).estimatedDocumentCount();
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
