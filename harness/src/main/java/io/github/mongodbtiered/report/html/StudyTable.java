package io.github.mongodbtiered.report.html;

import static io.github.mongodbtiered.report.html.Html.esc;

import io.github.mongodbtiered.report.Plots;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/** The study's table: rows record counts, columns profiles; each cell ops/s, p99 and tier. */
final class StudyTable {
  private StudyTable() {}

  /**
   * @param rows the cells in report order
   * @param order the sweep's profiles; profiles only the cells name follow
   */
  static void render(StringBuilder h, List<CellResult> rows, List<String> order) {
    List<String> profiles = new ArrayList<>(order);
    SortedSet<Long> counts = new TreeSet<>();
    Map<String, CellResult> byKey = new HashMap<>();
    for (CellResult c : rows) {
      if (!profiles.contains(c.profile())) {
        profiles.add(c.profile());
      }
      counts.add(c.recordCount());
      byKey.put(c.recordCount() + "/" + c.profile(), c);
    }
    String op = Plots.mainOperation(rows);
    List<String> headings = new ArrayList<>(List.of("records"));
    profiles.forEach(p -> headings.add(esc(p)));
    h.append("<section id=\"study-table\">\n")
        .append("<h2>Throughput and p99 by record count and profile</h2>\n")
        .append(
            "<p class=\"muted\">As in the study's table: each cell gives operations per second,")
        .append(" the p99 latency of ")
        .append(op.isEmpty() ? "the main operation" : esc(op))
        .append(" and the observed tier.</p>\n")
        .append("<table id=\"pivot\">\n")
        .append(Html.textHeadings(headings))
        .append("<tbody>\n");
    for (long n : counts) {
      h.append("<tr><th class=\"text\">").append(Figures.grouped(n)).append("</th>");
      for (String p : profiles) {
        h.append(Html.text(entry(byKey.get(n + "/" + p), op)));
      }
      h.append("</tr>\n");
    }
    h.append("</tbody>\n</table>\n</section>\n");
  }

  /** One cell of the table, as HTML; {@code c} null when that cell was not measured. */
  private static String entry(CellResult c, String op) {
    if (c == null) {
      return "<span class=\"muted\">not measured</span>";
    }
    if (!c.ok()) {
      return "<span class=\"failed\">failed</span>";
    }
    LatencyStats l = c.latencies().get(op);
    return Figures.opsPerSec(c.throughputOpsPerSec())
        + " ops/s<br>p99 "
        + (l == null ? Html.NONE : Figures.millis(l.p99Micros()) + " ms")
        + "<br>"
        + TierLegend.observedBadge(c);
  }
}
