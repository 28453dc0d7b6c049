package io.github.mongodbtiered.sweep;

import com.mongodb.MongoServerException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.github.mongodbtiered.fleet.Fleet;
import io.github.mongodbtiered.fleet.FleetReports;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.ycsb.PhaseException;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * The sweep: for each record count (ascending), bring the data set to that count, then measure
 * every profile on it, each cell from a cold start or, where only the disk's limits and latency
 * differ from the cell before, going on with that cell's server ({@link CellRunner}). Every
 * finished cell is saved at once and the report rewritten, so an interrupted or failed sweep keeps
 * what it measured, and running the same command again measures only what is missing.
 *
 * <p>It only walks record counts and profiles; each step is a class of its own: {@link
 * EnvironmentStep}, {@link DiskBaselineStep}, {@link DataSetLoader}, {@link CellRunner} (which runs
 * {@link CellMeasurement}) and {@link SweepReport}.
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

    /** The warm-up's preload: documents read of the collection's estimated count. */
    default Progress preloadProgress(long recordCount, DiskProfile profile) {
      return Progress.NONE;
    }

    default void cellStarted(long recordCount, DiskProfile profile, Endpoint endpoint) {}

    default void cellFinished(CellResult cell) {}

    /** A variant's cell finished ({@link VariantSweep}). */
    default void cellFinished(String variant, CellResult cell) {
      cellFinished(cell);
    }
  }

  /**
   * @param cells every cell of the report (this run's and earlier runs'), in report order
   * @param measured cells measured by this run
   * @param failed cells that failed in this run
   */
  public record Outcome(List<CellResult> cells, int measured, int failed) {}

  /** The tool's name and version, as run.json records it. */
  public static final String TOOL_VERSION = SweepReport.TOOL_VERSION;

  /** The run.json key of the bare disk's baseline, for targets that throttle nothing. */
  public static final String HOST_BASELINE = DiskBaselineStep.HOST_BASELINE;

  private final SweepOptions options;
  private final TargetServer server;
  private final Listener listener;

  public SweepRunner(SweepOptions options, TargetServer server, Listener listener) {
    this.options = options;
    this.server = server;
    this.listener = listener;
  }

  public Outcome run() throws IOException, PhaseException {
    Files.createDirectories(options.outDir());
    // Before anything is loaded or written: refuse to mix cells of other settings into the report.
    ResumePlan plan =
        ResumePlan.check(
            options,
            new RunSettings(options, server.kind(), server.image()),
            server.imageIds(),
            new CellStore(options.outDir()));
    SweepReport report = new SweepReport(options, server, listener, plan::shown);
    report.warn(server.meaning());
    SweepContext sweep = new SweepContext(options, server, listener, report);
    EnvironmentStep environment = new EnvironmentStep(sweep);
    environment.checkHost();
    if (plan.needsServerVersion()) {
      environment.askServer();
      plan.serverVersion(report.environment().serverVersion());
    }
    String discarded = plan.discardStale(report.store());
    if (!discarded.isEmpty()) {
      listener.info(discarded);
    }
    new DiskBaselineStep(sweep).run();
    CountByCount cells =
        new CountByCount(
            plan,
            report,
            environment,
            new DataSetLoader(options, server, listener, report::warn),
            new CellRunner(sweep));
    for (long count : options.recordCounts()) {
      cells.measure(count);
    }
    report.write();
    if (!options.fleet().alone()) {
      storeReport();
    }
    return new Outcome(report.cells(), cells.measured, cells.failed);
  }

  /** The sweep's cells, measured count by count, each saved and reported as it finishes. */
  private final class CountByCount {
    private final ResumePlan plan;
    private final SweepReport report;
    private final EnvironmentStep environment;
    private final DataSetLoader loader;
    private final CellRunner runner;
    private int measured;
    private int failed;

    CountByCount(
        ResumePlan plan,
        SweepReport report,
        EnvironmentStep environment,
        DataSetLoader loader,
        CellRunner runner) {
      this.plan = plan;
      this.report = report;
      this.environment = environment;
      this.loader = loader;
      this.runner = runner;
    }

    /** Every profile of {@code count} not measured earlier. */
    void measure(long count) throws IOException, PhaseException {
      List<DiskProfile> todo = notYetMeasured(plan, count);
      if (todo.isEmpty()) {
        listener.info("records " + count + ": all profiles measured earlier, skipped");
        return;
      }
      boolean checkDataSet = true;
      for (int i = 0; i < todo.size(); i++) {
        DiskProfile profile = todo.get(i);
        DiskProfile next = i + 1 < todo.size() ? todo.get(i + 1) : null;
        CellResult cell = measure(count, profile, next, checkDataSet);
        cell = plan.measured(cell, profile, report.environment().serverVersion());
        checkDataSet = !cell.ok();
        report.save(cell);
        measured++;
        failed += cell.ok() ? 0 : 1;
        report.write();
        listener.cellFinished(cell);
      }
    }

    /**
     * One cell, on a data set checked first when {@code checkDataSet}: before the first cell of a
     * count, and again after a failed cell, a short data set is reloaded (or the cell fails), never
     * measured as if it were whole.
     */
    private CellResult measure(
        long count, DiskProfile profile, DiskProfile next, boolean checkDataSet)
        throws IOException, PhaseException {
      try {
        if (checkDataSet) {
          loader.bring(count, environment::serverAnswered);
        }
        return runner.measure(
            count, profile, next, loader.loadRate(count), loader.loadSeconds(count));
      } catch (IOException | MongoServerException e) {
        if (!options.fleet().alone()) {
          // A fleet whose clients could not all bring the data set to the count has nothing
          // to measure together, and a retry of the step could not tell its barriers apart.
          throw e;
        }
        // The data set could not be brought to the count (a full disk, a server that lost
        // writes): this cell is not a result, the sweep goes on.
        return CellResult.failed(
            count, profile.name(), server.kind(), Messages.cellFailure(e, options.localDataDir()));
      }
    }
  }

  /**
   * A fleet client's report goes into the database under test, where {@code fleet collect} finds
   * it: a pod's own file system goes with the pod.
   */
  private void storeReport() throws IOException {
    Fleet fleet = options.fleet();
    try (MongoClient client = MongoClients.create(options.server().mongodbUrl())) {
      long bytes =
          FleetReports.upload(
              client.getDatabase(Endpoint.databaseOf(options.server().mongodbUrl())),
              fleet.id(),
              fleet.slot(),
              options.outDir());
      listener.info(
          "stored this client's report ("
              + bytes
              + " bytes) for `fleet collect --fleet-id "
              + fleet.id()
              + "`");
    } catch (RuntimeException e) {
      throw new IOException(
          "could not store this client's report in the database: " + Messages.of(e), e);
    }
  }

  private List<DiskProfile> notYetMeasured(ResumePlan plan, long count) {
    List<DiskProfile> todo = new ArrayList<>();
    for (DiskProfile p : options.profiles()) {
      if (!plan.reusable(count, p.name())) {
        todo.add(p);
      }
    }
    return todo;
  }
}
