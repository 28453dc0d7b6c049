package io.github.mongodbtiered.report.html;

import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind.Capability;
import io.github.mongodbtiered.results.Tier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The page's first lines: what the reader is looking at, in words drawn from the cells themselves
 * (per profile, where the data lived and what throughput did from the smallest to the largest
 * record count, with its interval where one was measured), then how far to trust it.
 */
final class Lead {
  private Lead() {}

  static void render(StringBuilder h, RunManifest m, List<CellResult> rows) {
    List<CellResult> ok = rows.stream().filter(CellResult::ok).toList();
    h.append("<div class=\"lead\" id=\"lead\">\n<p>");
    if (ok.isEmpty()) {
      h.append("No cell has been measured yet: the tables below list what failed and why.</p>\n");
      h.append("</div>\n");
      return;
    }
    h.append(Html.esc(whatWasMeasured(m, ok))).append("</p>\n<ul>\n");
    Map<String, List<CellResult>> byProfile = new LinkedHashMap<>();
    for (String p : m.profileNames()) {
      byProfile.put(p, new ArrayList<>());
    }
    ok.forEach(c -> byProfile.computeIfAbsent(c.profile(), p -> new ArrayList<>()).add(c));
    byProfile.forEach(
        (profile, cells) -> {
          if (!cells.isEmpty()) {
            h.append("<li>").append(Html.esc(profileLine(profile, cells))).append("</li>\n");
          }
        });
    h.append("</ul>\n<p>").append(Html.esc(trust(rows, m))).append("</p>\n</div>\n");
  }

  private static String whatWasMeasured(RunManifest m, List<CellResult> ok) {
    long counts = ok.stream().mapToLong(CellResult::recordCount).distinct().count();
    long profiles = ok.stream().map(CellResult::profile).distinct().count();
    String server =
        m.serverKind().has(Capability.IN_THIS_JVM)
            ? "the stand-in server (not MongoDB: the figures show the tool at work, not MongoDB's"
                + " speed; of each profile only the WiredTiger cache and added latency apply)"
            : m.serverKind().id() + (m.serverImage().isEmpty() ? "" : " " + m.serverImage());
    return String.format(
        Locale.ROOT,
        "What this page shows: throughput and tail latency of %d cell%s (%d record count%s x %d"
            + " disk profile%s) on %s, and where each cell's data lived: in the WiredTiger cache,"
            + " the filesystem cache, or on disk.",
        ok.size(),
        ok.size() == 1 ? "" : "s",
        counts,
        counts == 1 ? "" : "s",
        profiles,
        profiles == 1 ? "" : "s",
        server);
  }

  /** "hdd-150: wt-cache at 2,000,000 (70,100 ops/s) ... ; throughput -63% from ... to ...". */
  static String profileLine(String profile, List<CellResult> cells) {
    List<CellResult> sorted =
        cells.stream().sorted(Comparator.comparingLong(CellResult::recordCount)).toList();
    List<String> parts = new ArrayList<>();
    for (CellResult c : sorted) {
      parts.add(
          Figures.grouped(c.recordCount())
              + " records: "
              + throughput(c)
              + ", "
              + (c.observedTier() == null ? "tier not observed" : c.observedTier().id()));
    }
    String line = profile + ": " + String.join("; ", parts);
    if (sorted.size() > 1) {
      CellResult first = sorted.get(0);
      CellResult last = sorted.get(sorted.size() - 1);
      double change = last.throughputOpsPerSec() / first.throughputOpsPerSec() - 1;
      line +=
          String.format(
              Locale.ROOT,
              ". From the smallest to the largest count throughput %s %.0f%%%s",
              change < 0 ? "falls" : "rises",
              Math.abs(change) * 100,
              tierChange(first.observedTier(), last.observedTier()));
    }
    return line + ".";
  }

  private static String tierChange(Tier from, Tier to) {
    if (from == null || to == null || from == to) {
      return "";
    }
    return ", as the data moves from " + from.id() + " to " + to.id();
  }

  private static String throughput(CellResult c) {
    Double low = c.metrics().get(Metric.OPS_PER_SEC_CI95_LOW);
    Double high = c.metrics().get(Metric.OPS_PER_SEC_CI95_HIGH);
    String ops = Figures.opsPerSec(c.throughputOpsPerSec()) + " ops/s";
    if (low == null || high == null) {
      return ops;
    }
    return ops
        + " (95% interval "
        + Figures.opsPerSec(low)
        + " to "
        + Figures.opsPerSec(high)
        + ")";
  }

  private static String trust(List<CellResult> rows, RunManifest m) {
    long failed = rows.stream().filter(c -> !c.ok()).count();
    long notSteady =
        rows.stream()
            .filter(CellResult::ok)
            .filter(c -> Double.valueOf(0).equals(c.metrics().get(Metric.STEADY_STATE)))
            .count();
    long unstable =
        rows.stream()
            .filter(CellResult::ok)
            .filter(c -> Double.valueOf(1).equals(c.metrics().get(Metric.UNSTABLE)))
            .count();
    List<String> caveats = new ArrayList<>();
    if (failed > 0) {
      caveats.add(failed + " failed (no figures)");
    }
    if (notSteady > 0) {
      caveats.add(notSteady + " did not reach the steady state in the warm-up");
    }
    if (unstable > 0) {
      caveats.add(unstable + " varied more than the stability threshold");
    }
    String how =
        "Throughput is the measured run's mean with its 95% confidence interval where one could be"
            + " measured; the time series below show every second of each cell, warm-up included.";
    return caveats.isEmpty()
        ? "Every cell reached the steady state and stayed stable. " + how
        : "Of the cells, " + String.join(", ", caveats) + ": see Warnings. " + how;
  }
}
