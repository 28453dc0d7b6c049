package io.github.mongodbtiered.report.html;

import static io.github.mongodbtiered.report.html.Html.esc;

import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.CellResult;
import java.util.ArrayList;
import java.util.List;

/**
 * Every warning on one list: the report's own, the run's, the environment's, then the cells' (each
 * said once, with the cells it concerns).
 */
final class Warnings {
  /**
   * One warning and where it comes from: "report", "run", "environment", a cell's key, or the cells
   * it holds for.
   */
  record Warning(String source, String text) {}

  private Warnings() {}

  static List<Warning> collect(RunManifest m, List<CellResult> rows, List<String> reportWarnings) {
    List<Warning> items = new ArrayList<>();
    reportWarnings.forEach(w -> items.add(new Warning("report", w)));
    m.warnings().forEach(w -> items.add(new Warning("run", w)));
    if (m.environment() != null) {
      m.environment().warnings().forEach(w -> items.add(new Warning("environment", w)));
    }
    items.addAll(CellWarnings.saidOnce(rows));
    return items;
  }

  static void render(StringBuilder h, List<Warning> items) {
    h.append("<section id=\"warnings\">\n<h2>Warnings</h2>\n");
    if (items.isEmpty()) {
      h.append("<p class=\"muted\">No warnings.</p>\n");
    } else {
      h.append("<ul class=\"warnings\">\n");
      for (Warning w : items) {
        h.append("<li class=\"warning\"><span class=\"source\">")
            .append(esc(w.source()))
            .append(":</span> ")
            .append(esc(w.text()))
            .append("</li>\n");
      }
      h.append("</ul>\n");
    }
    h.append("</section>\n");
  }
}
