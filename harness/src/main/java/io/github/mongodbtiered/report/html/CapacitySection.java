package io.github.mongodbtiered.report.html;

import static io.github.mongodbtiered.report.html.Html.esc;

import io.github.mongodbtiered.capacity.Table;
import java.util.List;

/**
 * The advice as HTML: the target, the notes, then each table with its title and note. Every string
 * is escaped.
 */
public final class CapacitySection {
  private CapacitySection() {}

  /** The section's HTML. */
  public static String html(String target, List<String> notes, List<Table> tables) {
    StringBuilder h = new StringBuilder("<section id=\"capacity\"><h2>What do I need?</h2>");
    h.append("<p>Target: ").append(esc(target)).append(".</p>");
    if (!notes.isEmpty()) {
      h.append("<ul>");
      notes.forEach(n -> h.append("<li>").append(esc(n)).append("</li>"));
      h.append("</ul>");
    }
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
    return h.append("</section>\n").toString();
  }
}
