package io.github.mongodbtiered.report.html;

import static io.github.mongodbtiered.report.html.Html.esc;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.TimeBreakdown;
import io.github.mongodbtiered.results.TimeBreakdown.Part;
import java.util.List;
import java.util.Locale;

/** Where the sweep's time went: each part's time and share, drawn as a bar. */
final class TimeSection {
  private TimeSection() {}

  static void render(StringBuilder h, List<CellResult> rows) {
    TimeBreakdown t = TimeBreakdown.of(rows);
    double total = t.totalSeconds();
    h.append("<section id=\"time\">\n<h2>Where the time went</h2>\n");
    if (total <= 0) {
      h.append(
              "<p class=\"muted\">No cell recorded its times (cells saved before they were).</p>\n")
          .append("</section>\n");
      return;
    }
    h.append("<p>The load steps and the cells, ")
        .append(esc(TimeBreakdown.minutes(total)))
        .append(
            " in all (columns <code>load_s</code>, <code>cell_s</code> and the parts'"
                + " of <code>summary.csv</code>); the environment check and disk baselines come"
                + " on top.</p>\n")
        .append(
            "<table>\n<tr><th class=\"text\">part</th><th>time</th><th>share</th>"
                + "<th class=\"text\"></th></tr>\n");
    for (Part p : Part.values()) {
      if (p == Part.CELLS) {
        continue; // the sum of the parts above it, not a part
      }
      double share = t.secondsOf(p) / total;
      h.append("<tr><td class=\"text\">")
          .append(esc(p.label()))
          .append("</td><td>")
          .append(esc(TimeBreakdown.minutes(t.secondsOf(p))))
          .append("</td><td>")
          .append(String.format(Locale.ROOT, "%.0f%%", 100 * share))
          .append("</td><td class=\"text\"><span class=\"time-bar\" style=\"width:")
          .append(String.format(Locale.ROOT, "%.1f", 20 * share))
          .append("em\"></span></td></tr>\n");
    }
    h.append("</table>\n</section>\n");
  }
}
