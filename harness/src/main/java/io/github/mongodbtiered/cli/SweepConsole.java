package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.sweep.SweepOptions;
import io.github.mongodbtiered.sweep.SweepRunner;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.PrintWriter;
import java.util.Locale;

/** What a sweep prints on standard error as it goes: its notes, progress bars and each cell. */
final class SweepConsole implements SweepRunner.Listener {
  private final PrintWriter err;
  private final SweepOptions options;
  private final boolean progress;
  private final boolean terminal;

  /**
   * @param progress show progress bars (not with --no-progress)
   * @param terminal redraw them in place, as on a terminal; else a line every 10%
   */
  SweepConsole(PrintWriter err, SweepOptions options, boolean progress, boolean terminal) {
    this.err = err;
    this.options = options;
    this.progress = progress;
    this.terminal = terminal;
  }

  @Override
  public void info(String line) {
    err.println(line);
    err.flush();
  }

  @Override
  public Progress loadProgress(long from, long to) {
    return progress ? new ProgressBar(err, "load " + from + "-" + to, 0, terminal) : Progress.NONE;
  }

  @Override
  public Progress runProgress(long count, DiskProfile profile, boolean warm) {
    if (!progress) {
      return Progress.NONE;
    }
    String label = (warm ? "warm-up " : "run ") + count + " x " + profile.name();
    double seconds =
        warm
            ? options.runs().warmupSeconds()
            : options.runs().operations() > 0 ? 0 : options.runs().seconds();
    return new ProgressBar(err, label, seconds, terminal);
  }

  @Override
  public Progress preloadProgress(long count, DiskProfile profile) {
    return progress
        ? new ProgressBar(err, "preload " + count + " x " + profile.name(), 0, terminal)
        : Progress.NONE;
  }

  @Override
  public void cellFinished(String variant, CellResult c) {
    cellName = "variant " + variant + ", cell ";
    try {
      cellFinished(c);
    } finally {
      cellName = "cell ";
    }
  }

  /** How a finished cell is named: "cell 2000000 x hdd-150", its variant first in a variant's. */
  private String cellName = "cell ";

  @Override
  public void cellFinished(CellResult c) {
    info(
        c.ok()
            ? String.format(
                Locale.ROOT,
                cellName + "%s: %.0f ops/s%s, tier %s",
                c.key(),
                c.throughputOpsPerSec(),
                openLoop(c),
                c.observedTier() == null ? "(not measured)" : c.observedTier().id())
            : cellName + c.key() + " FAILED: " + c.error());
    if (c.ok()) {
      c.notes().stream()
          .filter(n -> n.startsWith("target not met"))
          .forEach(n -> info("warning: " + cellName + c.key() + " " + n));
    }
    Double steady = c.metrics().get(Metric.STEADY_STATE);
    if (c.ok() && steady != null && steady == 0) {
      // Its figures stand, but nobody should take them for a steady cell's.
      c.notes().stream()
          .filter(n -> n.startsWith("not steady"))
          .forEach(n -> info("warning: " + cellName + c.key() + " " + n));
    }
    Double unstable = c.metrics().get(Metric.UNSTABLE);
    if (c.ok() && unstable != null && unstable > 0) {
      // Real figures, but too variable to be read as one number.
      c.notes().stream()
          .filter(n -> n.startsWith("unstable"))
          .forEach(n -> info("warning: " + cellName + c.key() + " " + n));
    }
  }

  /**
   * " (target 1000), READ p99 2.10 ms, intended 9.80 ms" for a cell of an open-loop run, for each
   * operation; empty for a closed loop.
   */
  private String openLoop(CellResult c) {
    if (options == null
        || options.runs().targetOpsPerSec() <= 0
        || c.intendedLatencies().isEmpty()) {
      return "";
    }
    StringBuilder s =
        new StringBuilder(
            String.format(Locale.ROOT, " (target %.0f)", options.runs().targetOpsPerSec()));
    c.intendedLatencies()
        .forEach(
            (op, intended) -> {
              LatencyStats service = c.latencies().get(op);
              s.append(
                  String.format(
                      Locale.ROOT,
                      ", %s p99 %s ms, intended %.2f ms",
                      op,
                      service == null
                          ? "-"
                          : String.format(Locale.ROOT, "%.2f", service.p99Micros() / 1000.0),
                      intended.p99Micros() / 1000.0));
            });
    return s.toString();
  }
}
