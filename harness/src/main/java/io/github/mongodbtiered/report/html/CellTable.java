package io.github.mongodbtiered.report.html;

import static io.github.mongodbtiered.report.html.Html.NONE;
import static io.github.mongodbtiered.report.html.Html.esc;
import static io.github.mongodbtiered.report.html.Html.td;
import static io.github.mongodbtiered.report.html.Html.text;

import io.github.mongodbtiered.compare.RerunRange;
import io.github.mongodbtiered.profiles.Sizes;
import io.github.mongodbtiered.report.SummaryCsv;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.variation.Stability;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;

/**
 * One row per cell, as {@code summary.csv} has them but readable: latencies in milliseconds, sizes
 * in decimal units, a failed cell's figures as dashes.
 */
final class CellTable {
  private CellTable() {}

  static void render(StringBuilder h, List<CellResult> rows) {
    SortedSet<String> ops = SummaryCsv.operations(rows);
    // Only an open-loop run (--target) has them; a closed loop's table stays as it was.
    boolean intended = rows.stream().anyMatch(c -> !c.intendedLatencies().isEmpty());
    // Only a fleet's merged report has them: how many clients ran a cell, and how evenly.
    boolean fleet = rows.stream().anyMatch(c -> c.metrics().getOrDefault(Metric.CLIENTS, 1.0) > 1);
    lead(h, intended);
    h.append("<table id=\"summary-table\">\n<thead><tr>")
        .append("<th>records</th><th class=\"text\">profile</th><th class=\"text\">status</th>")
        .append("<th>ops/s</th><th>ops/s 95% interval</th><th>CV</th>")
        .append("<th>a re-run, 95%</th>")
        .append("<th class=\"text\">failed ops</th>");
    if (fleet) {
      h.append("<th>clients</th><th>ops/s per client, slowest-fastest</th>");
    }
    for (String op : ops) {
      h.append("<th>").append(esc(op)).append(" p50</th><th>").append(esc(op)).append(" p99</th>");
      if (intended) {
        h.append("<th>").append(esc(op)).append(" intended p99</th>");
      }
      h.append("<th>").append(esc(op)).append(" p99.9</th>");
    }
    h.append("<th>data + indexes</th><th>files</th><th>live in files</th><th>WT cache hit</th>")
        .append("<th>FS cache hit, bytes</th><th>FS cache hit, reads</th>")
        .append("<th class=\"text\">predicted tier</th><th class=\"text\">observed tier</th>")
        .append("<th class=\"text\">notes</th></tr></thead>\n<tbody>\n");
    for (CellResult c : rows) {
      row(h, c, ops, intended, fleet);
    }
    h.append("</tbody>\n</table>\n</section>\n");
  }

  /** The section's heading and what the table's figures are. */
  private static void lead(StringBuilder h, boolean intended) {
    h.append("<section id=\"summary\">\n<h2>Summary: one row per cell</h2>\n")
        .append("<p class=\"muted\">Latencies in milliseconds; sizes in decimal units")
        .append(" (1 GB = 10<sup>9</sup> bytes). The filesystem cache hit ratio comes in bytes")
        .append(" and in reads; the observed tier names the one it was classified from. The files")
        .append(" are the collection's and its indexes' on disk, free space included; their live")
        .append(
            " bytes leave out what WiredTiger holds for reuse, and the predicted tier names the")
        .append(" bytes it was decided by (see Tiers). The 95% interval of the throughput and its")
        .append(" coefficient of variation (CV) come from the repeats' means, or with one repeat")
        .append(" from 10 batches of its run; a cell whose CV is above ")
        .append(Sizes.trim(Stability.UNSTABLE_CV_PCT))
        .append("% is flagged unstable. That interval says how sure this sweep's mean is; an")
        .append(" identical sweep can land further off (other JIT decisions, another moment of the")
        .append(" host), and <em>a re-run, 95%</em> is where its throughput is expected, by the")
        .append(" rules <code>compare</code> applies (docs/compare.md): compare two reports by it.")
        .append(
            intended
                ? " An intended p99 times each operation from when the --target schedule meant to"
                    + " start it, so it includes the wait behind a server that fell behind."
                : "")
        .append(" Every")
        .append(" figure, and more, is in <code>summary.csv</code>.</p>\n");
  }

  private static void row(
      StringBuilder h,
      CellResult c,
      SortedSet<String> ops,
      boolean intendedColumns,
      boolean fleetColumns) {
    // A failed cell's zeros are placeholders, not measurements.
    boolean ok = c.ok();
    h.append("<tr class=\"cell\" data-records=\"")
        .append(c.recordCount())
        .append("\" data-profile=\"")
        .append(esc(c.profile()))
        .append("\" data-status=\"")
        .append(esc(c.status().id()))
        .append("\">")
        .append(td(Figures.grouped(c.recordCount())))
        .append(text(esc(c.profile())))
        .append("<td class=\"text")
        .append(ok ? "" : " failed")
        .append("\">")
        .append(esc(c.status().id()))
        .append("</td>")
        .append(td(ok ? Figures.opsPerSec(c.throughputOpsPerSec()) : NONE))
        .append(td(ok ? interval(c) : NONE))
        .append(td(ok ? cv(c) : NONE))
        .append(td(rerun(c)))
        .append(text(failures(c)));
    if (fleetColumns) {
      fleetCells(h, c);
    }
    for (String op : ops) {
      latencyCells(h, c, op, intendedColumns);
    }
    cacheCells(h, c);
    h.append(text(esc(String.join("; ", notes(c))))).append("</tr>\n");
  }

  /** How many clients ran the cell, and the slowest and fastest one's throughput. */
  private static void fleetCells(StringBuilder h, CellResult c) {
    Double clients = c.metrics().get(Metric.CLIENTS);
    Double slowest = c.metrics().get(Metric.CLIENT_OPS_PER_SEC_MIN);
    Double fastest = c.metrics().get(Metric.CLIENT_OPS_PER_SEC_MAX);
    h.append(td(clients == null ? NONE : Figures.grouped(clients.longValue())))
        .append(
            td(
                !c.ok() || slowest == null || fastest == null
                    ? NONE
                    : Figures.opsPerSec(slowest) + "-" + Figures.opsPerSec(fastest)));
  }

  /** One operation's p50, p99, intended p99 (when there are such columns) and p99.9. */
  private static void latencyCells(
      StringBuilder h, CellResult c, String op, boolean intendedColumns) {
    LatencyStats l = c.ok() ? c.latencies().get(op) : null;
    h.append(td(l == null ? NONE : Figures.millis(l.p50Micros())))
        .append(td(l == null ? NONE : Figures.millis(l.p99Micros())));
    if (intendedColumns) {
      LatencyStats i = c.ok() ? c.intendedLatencies().get(op) : null;
      h.append(td(i == null ? NONE : Figures.millis(i.p99Micros())));
    }
    h.append(td(l == null ? NONE : Figures.millis(l.p999Micros())));
  }

  /** Sizes, cache hit ratios and the tiers they put the cell in. */
  private static void cacheCells(StringBuilder h, CellResult c) {
    boolean ok = c.ok();
    h.append(td(ok ? dataSize(c) : NONE))
        .append(td(ok ? fileSize(c) : NONE))
        .append(td(ok ? bytes(c.metrics().get(Metric.FILE_LIVE_BYTES)) : NONE))
        .append(td(ok ? Figures.ratio(c.metrics().get(Metric.WT_HIT_RATIO)) : NONE))
        .append(td(ok ? Figures.ratio(c.metrics().get(Metric.FS_HIT_RATIO)) : NONE))
        .append(td(ok ? Figures.ratio(c.metrics().get(Metric.FS_HIT_RATIO_OPS)) : NONE))
        .append(
            text(
                c.predictedTier() == null
                    ? NONE
                    : TierLegend.badge(c.predictedTier())
                        + TierLegend.predictedBasisNote(c.predictedTierBasis())))
        .append(
            text(
                ok
                    ? TierLegend.badge(c.observedTier()) + TierLegend.basisNote(c.fsHitBasis())
                    : NONE));
  }

  /**
   * "137: READ 137, UPDATE 0", shown for failed cells too (they often say why it failed); a dash
   * when not recorded. As HTML.
   */
  static String failures(CellResult c) {
    Long total = c.failedOperationsTotal();
    if (total == null) {
      return NONE;
    }
    List<String> byType = new ArrayList<>();
    c.failedOperations().forEach((type, n) -> byType.add(type + " " + n));
    return esc(total + ": " + String.join(", ", byType));
  }

  /** "9,870-10,120", or a dash when the run was too short for one. */
  private static String interval(CellResult c) {
    Double low = c.metrics().get(Metric.OPS_PER_SEC_CI95_LOW);
    Double high = c.metrics().get(Metric.OPS_PER_SEC_CI95_HIGH);
    return low == null || high == null
        ? NONE
        : Figures.opsPerSec(low) + "&ndash;" + Figures.opsPerSec(high);
  }

  /** Where an identical sweep's throughput is expected: "8,870-11,120", or a dash. */
  private static String rerun(CellResult c) {
    RerunRange r = RerunRange.of(c);
    return r == null
        ? NONE
        : Figures.opsPerSec(r.lowOpsPerSec()) + "&ndash;" + Figures.opsPerSec(r.highOpsPerSec());
  }

  /** "1.2%", marked when above the threshold. */
  private static String cv(CellResult c) {
    Double cv = c.metrics().get(Metric.OPS_PER_SEC_CV_PCT);
    if (cv == null) {
      return NONE;
    }
    String shown = String.format(Locale.ROOT, "%.1f%%", cv);
    return Stability.unstable(cv) ? "<strong>" + shown + " unstable</strong>" : shown;
  }

  private static List<String> notes(CellResult c) {
    List<String> notes = new ArrayList<>();
    if (!c.ok()) {
      notes.add("FAILED: " + c.error());
    }
    notes.addAll(c.notes());
    return notes;
  }

  /** The files' size, collection and indexes, free space included. */
  private static String fileSize(CellResult c) {
    Double storage = c.metrics().get(Metric.STORAGE_BYTES);
    Double index = c.metrics().get(Metric.INDEX_BYTES);
    return storage == null || index == null ? NONE : bytes(storage + index);
  }

  private static String bytes(Double value) {
    return value == null ? NONE : Sizes.decimalBytes(value.longValue());
  }

  /** Data plus indexes, as the study sizes a data set. */
  private static String dataSize(CellResult c) {
    Double data = c.metrics().get(Metric.DATA_BYTES);
    Double index = c.metrics().get(Metric.INDEX_BYTES);
    if (data == null) {
      return NONE;
    }
    return Sizes.decimalBytes((long) (data + (index == null ? 0 : index)));
  }
}
