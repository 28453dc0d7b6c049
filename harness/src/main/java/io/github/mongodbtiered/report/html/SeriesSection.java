package io.github.mongodbtiered.report.html;

import static io.github.mongodbtiered.report.html.Html.esc;

import io.github.mongodbtiered.report.SeriesPlots;
import io.github.mongodbtiered.results.CellResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The "Time series" section: every cell's chart of throughput and p99 per second, small multiples
 * grouped by profile in report order, each labelled ok, failed or not steady.
 */
final class SeriesSection {
  private SeriesSection() {}

  /**
   * @param rows the cells in report order
   * @param charts the cells' charts by {@link SeriesPlots#name}; a cell without one says so
   */
  static void render(
      StringBuilder h, List<CellResult> rows, Map<String, SeriesPlots.Chart> charts) {
    h.append("<section id=\"time-series\">\n<h2>Time series</h2>\n")
        .append(
            "<p>Each cell second by second: throughput (solid, left axis) and the 99th-percentile"
                + " latency of all operations (dashed, right axis, ms), against seconds from the"
                + " start of the warm-up. The grey band is the preload (a read of the data set,"
                + " no workload), the amber band the warm-up (disk limits lifted, not measured);"
                + " what follows is the measured run. A run that drifts or stalls shows here"
                + " before it shows in any average. The figures are in"
                + " <code>series/&lt;records&gt;-&lt;profile&gt;.csv</code>.</p>\n");
    Map<String, List<CellResult>> byProfile = new LinkedHashMap<>();
    for (CellResult c : rows) {
      byProfile.computeIfAbsent(c.profile(), p -> new ArrayList<>()).add(c);
    }
    byProfile.forEach(
        (profile, cells) -> {
          h.append("<h3>").append(esc(profile)).append("</h3>\n<div class=\"series-grid\">\n");
          cells.forEach(
              c -> figure(h, c, charts.get(SeriesPlots.name(c.recordCount(), c.profile()))));
          h.append("</div>\n");
        });
    h.append("</section>\n");
  }

  private static void figure(StringBuilder h, CellResult c, SeriesPlots.Chart chart) {
    String status = SeriesPlots.status(c);
    h.append("<figure class=\"series\" id=\"")
        .append(esc(SeriesPlots.name(c.recordCount(), c.profile())))
        .append("\" data-series-status=\"")
        .append(status.replace(' ', '-'))
        .append("\">\n");
    if (chart != null) {
      h.append(PlotSection.inlineSvg(chart.plot())).append('\n');
    } else {
      h.append("<p class=\"muted\">No time series: the cell ")
          .append(
              c.ok()
                  ? "was measured before series were kept, or its notes say why there is none"
                  : "ended before its run")
          .append(".</p>\n");
    }
    h.append("<figcaption><span class=\"")
        .append(c.ok() ? "series-status" : "series-status failed")
        .append("\">")
        .append(esc(status))
        .append("</span> ")
        .append(Figures.grouped(c.recordCount()))
        .append(" records, ")
        .append(esc(c.profile()));
    if (chart != null && !chart.phases().isEmpty()) {
      h.append(": ").append(esc(chart.phases()));
    }
    if (chart != null && chart.repeats() > 1) {
      h.append(" (repeat 1 of ").append(chart.repeats()).append(" drawn)");
    }
    h.append(".</figcaption>\n</figure>\n");
  }
}
