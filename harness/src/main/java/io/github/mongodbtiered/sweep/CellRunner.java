package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;

/**
 * One cell's server lifecycle: starts the target's server cold under the profile, has the cell
 * measured on it, and stops it. It never throws: whatever goes wrong becomes a failed cell, so a
 * failure in one cell loses nothing measured before it.
 */
final class CellRunner {
  private final SweepOptions options;
  private final TargetServer server;
  private final SweepRunner.Listener listener;
  private final SweepReport report;
  private final YcsbPhases phases;

  CellRunner(SweepContext sweep) {
    this.options = sweep.options();
    this.server = sweep.server();
    this.listener = sweep.listener();
    this.report = sweep.report();
    this.phases = new YcsbPhases(options);
  }

  /**
   * @param loadRecordsPerSec the rate of the load step that reached {@code count}, or null
   */
  CellResult measure(long count, DiskProfile profile, Double loadRecordsPerSec) {
    Endpoint e;
    try {
      new ReportLayout(options.outDir()).deleteSeriesOf(count, profile.name());
      e = server.startCell(profile);
    } catch (Exception ex) {
      return CellResult.failed(count, profile.name(), server.kind(), Messages.of(ex));
    }
    try {
      if (e.enforcement() != null) {
        report.enforced(profile, e);
      }
      listener.cellStarted(count, profile, e);
      Long memory = report.environment() == null ? null : report.environment().memoryBytes();
      CellResult cell =
          new CellMeasurement(
                  options, phases, count, profile, e, server, memory == null ? 0 : memory)
              .run(
                  listener.preloadProgress(count, profile),
                  listener.runProgress(count, profile, true),
                  listener.runProgress(count, profile, false));
      return loadRecordsPerSec == null
          ? cell
          : cell.withMetric(Metric.LOAD_RECORDS_PER_SEC, loadRecordsPerSec);
    } catch (Exception ex) {
      return CellResult.failed(count, profile.name(), server.kind(), Messages.of(ex));
    } finally {
      try {
        server.stopCell();
      } catch (Exception ex) {
        report.warn(
            "stopping the server of " + count + " x " + profile.name() + ": " + Messages.of(ex));
      }
    }
  }
}
