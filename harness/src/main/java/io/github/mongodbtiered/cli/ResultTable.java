package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** The study's table on standard output: throughput and p99 per record count and profile. */
final class ResultTable {
  private ResultTable() {}

  /**
   * A rebuilt or merged report as the user sees it at the end: the cells' table, the report's
   * problems as warnings, and the line naming its page.
   *
   * @param clients how many clients a merge took, or 0 to leave that out
   * @return how many cells failed
   */
  static long printReport(
      PrintWriter out, PrintWriter err, Path dir, List<String> problems, int clients) {
    List<CellResult> cells = ReportDirs.cellsInSweepOrder(dir);
    print(out, cells);
    problems.forEach(p -> err.println("[WARN] " + p));
    err.flush();
    long failed = cells.stream().filter(c -> !c.ok()).count();
    out.printf(
        Locale.ROOT,
        "report: %s (%s%d cells, %d failed)%n",
        dir.resolve(ReportLayout.PAGE),
        clients > 0 ? clients + " clients, " : "",
        cells.size(),
        failed);
    out.flush();
    return failed;
  }

  static void print(PrintWriter out, List<CellResult> cells) {
    out.printf(
        Locale.ROOT,
        "%-12s %-10s %12s %19s %6s %12s %10s %10s  %s%n",
        "records",
        "profile",
        "ops/s",
        "95% interval",
        "CV",
        "p99 (ms)",
        "WT hit",
        "FS hit",
        "tier");
    for (CellResult c : cells) {
      if (!c.ok()) {
        out.printf(
            Locale.ROOT, "%-12d %-10s FAILED: %s%n", c.recordCount(), c.profile(), c.error());
        continue;
      }
      long p99 = c.latencies().values().stream().mapToLong(l -> l.p99Micros()).max().orElse(0);
      out.printf(
          Locale.ROOT,
          "%-12d %-10s %12.1f %19s %6s %12.2f %10s %10s  %s%n",
          c.recordCount(),
          c.profile(),
          c.throughputOpsPerSec(),
          interval(c),
          cv(c),
          p99 / 1000.0,
          ratio(c.metrics().get(Metric.WT_HIT_RATIO)),
          ratio(c.metrics().get(Metric.FS_HIT_RATIO)),
          tier(c));
    }
    out.flush();
  }

  private static String tier(CellResult c) {
    if (c.observedTier() != null) {
      return c.observedTier().id()
          + (c.tierMismatch() ? " (predicted " + c.predictedTier().id() + ")" : "");
    }
    return c.predictedTier() == null ? "-" : "predicted " + c.predictedTier().id();
  }

  /** The throughput's 95% interval, "9876-10123"; "-" when the run was too short for one. */
  private static String interval(CellResult c) {
    Double low = c.metrics().get(Metric.OPS_PER_SEC_CI95_LOW);
    Double high = c.metrics().get(Metric.OPS_PER_SEC_CI95_HIGH);
    return low == null || high == null ? "-" : String.format(Locale.ROOT, "%.0f-%.0f", low, high);
  }

  /** The coefficient of variation, with a "!" when the cell is unstable. */
  private static String cv(CellResult c) {
    Double cv = c.metrics().get(Metric.OPS_PER_SEC_CV_PCT);
    Double unstable = c.metrics().get(Metric.UNSTABLE);
    return cv == null
        ? "-"
        : String.format(Locale.ROOT, "%.1f%%", cv) + (unstable != null && unstable > 0 ? "!" : "");
  }

  private static String ratio(Double d) {
    return d == null ? "-" : String.format(Locale.ROOT, "%.1f%%", d * 100);
  }
}
