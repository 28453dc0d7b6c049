package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.compare.CellComparison;
import io.github.mongodbtiered.compare.Comparison;
import io.github.mongodbtiered.compare.RatioInterval;
import io.github.mongodbtiered.results.Tier;
import java.io.PrintWriter;
import java.util.List;
import java.util.Locale;

/** {@code compare}'s console output: the table, then what was not compared, then the rules. */
final class CompareTable {
  private static final String ROW = "%-24s %-27s %17s  %-31s %-10s %7s  %-31s %-10s%n";

  private CompareTable() {}

  static void print(PrintWriter out, Comparison c) {
    out.printf(
        Locale.ROOT,
        ROW,
        "cell",
        "tier BASE -> NEW",
        "ops/s BASE -> NEW",
        "throughput NEW/BASE [95%]",
        "verdict",
        "MDE",
        "p99 NEW/BASE [95%]",
        "p99");
    for (CellComparison cell : c.cells()) {
      out.printf(
          Locale.ROOT,
          ROW,
          cell.key(),
          Tier.idOf(cell.base().tier()) + " -> " + Tier.idOf(cell.next().tier()),
          String.format(
              Locale.ROOT, "%.0f -> %.0f", cell.base().opsPerSec(), cell.next().opsPerSec()),
          ratio(cell.throughput().interval()),
          cell.verdict(),
          detectable(cell.throughput().interval().minimumDetectable(c.rules().band())),
          cell.p99() == null ? "-" : ratio(cell.p99().interval()),
          cell.p99() == null ? "-" : cell.p99().change().latencyWord());
    }
    lines(out, "settings that differ (BASE -> NEW)", c.settingsDifferences());
    lines(out, "not compared", c.unmatched().stream().map(u -> u.key() + ": " + u.why()).toList());
    lines(out, "rules", c.rules().describe());
    out.println(
        "MDE: the smallest throughput change the verdict calls faster or slower with 80% power at"
            + " this cell's spread and runs");
    out.printf(Locale.ROOT, "%d cells compared: %s%n", c.cells().size(), c.countsByVerdict());
    out.flush();
  }

  private static void lines(PrintWriter out, String title, List<String> items) {
    if (!items.isEmpty()) {
      out.println(title + ":");
      items.forEach(i -> out.println("  " + i));
    }
  }

  /** "±4.8%", or "-" where the interval rests on no sampled spread. */
  static String detectable(double fraction) {
    return Double.isFinite(fraction) ? String.format(Locale.ROOT, "±%.1f%%", fraction * 100) : "-";
  }

  private static String ratio(RatioInterval r) {
    return r.text() + (r.basis() == RatioInterval.Basis.SINGLE_RUN ? " 1run" : "");
  }
}
