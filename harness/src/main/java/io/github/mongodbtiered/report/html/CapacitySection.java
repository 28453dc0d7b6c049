package io.github.mongodbtiered.report.html;

import static io.github.mongodbtiered.report.html.Html.esc;

import io.github.mongodbtiered.capacity.AdviceTables;
import io.github.mongodbtiered.capacity.Capacity;
import io.github.mongodbtiered.capacity.NotModelableException;
import io.github.mongodbtiered.capacity.Table;
import io.github.mongodbtiered.report.ModelInputs;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.CellResult;
import java.util.List;

/**
 * The capacity model as HTML: on advise's page the target, notes and answers; on a report's page
 * the model's check alone (a sweep has no target). Every string is escaped.
 */
public final class CapacitySection {
  private CapacitySection() {}

  /** advise's section: the target, the notes, then each table. */
  public static String html(String target, List<String> notes, List<Table> tables) {
    StringBuilder h = new StringBuilder("<section id=\"capacity\"><h2>What do I need?</h2>");
    h.append("<p>Target: ").append(esc(target)).append(".</p>");
    notes(h, notes);
    tables(h, tables);
    return h.append("</section>\n").toString();
  }

  /**
   * A report page's section: how well the model predicts each profile from the others here, or why
   * it cannot be built from this report.
   */
  static void renderCheck(StringBuilder h, RunManifest m, List<CellResult> cells) {
    h.append("<section id=\"model\"><h2>Capacity model check</h2>\n<p>The capacity model")
        .append(" (docs/capacity.md) predicts each profile's cells from the other profiles'")
        .append(" reads per operation and its own disk. Its errors here bound how far its")
        .append(" answers can be trusted; <code>scripts/mongodb-tiered advise DIR --p99-ms MS")
        .append(" [--min-ops OPS]</code> asks it what a target needs.</p>\n");
    try {
      Capacity c = Capacity.of(ModelInputs.of(m, cells, null, false));
      notes(h, c.notes());
      tables(h, AdviceTables.check(c));
    } catch (NotModelableException e) {
      h.append("<p class=\"muted\">Not checked on this report: ")
          .append(esc(e.getMessage()))
          .append(".</p>\n");
    } catch (RuntimeException e) {
      // A section of the page: a fault in the model must not cost the reader the rest of it.
      h.append("<p class=\"muted\">Not checked: the model failed on this report (")
          .append(esc(String.valueOf(e)))
          .append("); please report it.</p>\n");
    }
    h.append("</section>\n");
  }

  private static void notes(StringBuilder h, List<String> notes) {
    if (!notes.isEmpty()) {
      h.append("<ul>");
      notes.forEach(n -> h.append("<li>").append(esc(n)).append("</li>"));
      h.append("</ul>");
    }
  }

  private static void tables(StringBuilder h, List<Table> tables) {
    for (Table t : tables) {
      h.append("<h3>").append(esc(t.title())).append("</h3>");
      if (t.rows().isEmpty()) {
        h.append("<p class=\"muted\">none</p>");
      } else {
        h.append("<table>")
            .append(Html.textHeadings(t.headings().stream().map(Html::esc).toList()));
        for (List<String> r : t.rows()) {
          Html.row(h, r.stream().map(c -> Html.text(esc(c))).toArray(String[]::new));
        }
        h.append("</table>");
      }
      if (!t.note().isEmpty()) {
        h.append("<p class=\"muted\">").append(esc(t.note())).append("</p>");
      }
    }
  }
}
