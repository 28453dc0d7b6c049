package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** The study's table on standard output: throughput and p99 per record count and profile. */
final class ResultTable {
  private ResultTable() {}

  static void print(PrintWriter out, List<CellResult> cells) {
    out.printf(
        Locale.ROOT,
        "%-12s %-10s %12s %12s %10s %10s  %s%n",
        "records",
        "profile",
        "ops/s",
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
          "%-12d %-10s %12.1f %12.2f %10s %10s  %s%n",
          c.recordCount(),
          c.profile(),
          c.throughputOpsPerSec(),
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

  private static String ratio(Double d) {
    return d == null ? "-" : String.format(Locale.ROOT, "%.1f%%", d * 100);
  }
}
