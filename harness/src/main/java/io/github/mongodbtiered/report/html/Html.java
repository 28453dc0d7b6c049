package io.github.mongodbtiered.report.html;

import java.util.List;

/** The page's HTML building blocks: escaping, table cells and rows, definition-list facts. */
public final class Html {
  /** What a figure that was not measured shows: never 0. */
  static final String NONE = "&ndash;";

  private Html() {}

  /** Text as HTML character data or a quoted attribute value. */
  public static String esc(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder out = new StringBuilder(s.length() + 16);
    for (int i = 0; i < s.length(); i++) {
      char ch = s.charAt(i);
      switch (ch) {
        case '&' -> out.append("&amp;");
        case '<' -> out.append("&lt;");
        case '>' -> out.append("&gt;");
        case '"' -> out.append("&quot;");
        case '\'' -> out.append("&#39;");
        default -> out.append(ch);
      }
    }
    return out.toString();
  }

  /** A right-aligned cell (figures) of HTML. */
  static String td(Object html) {
    return "<td>" + html + "</td>";
  }

  /** A left-aligned cell (words) of HTML. */
  static String text(String html) {
    return "<td class=\"text\">" + html + "</td>";
  }

  /** Appends a row of cells made by {@link #td} and {@link #text}. */
  static void row(StringBuilder h, String... cells) {
    h.append("<tr>");
    for (String c : cells) {
      h.append(c);
    }
    h.append("</tr>\n");
  }

  /** A header row of left-aligned (text) headings; none of them is a figure. */
  static String textHeadings(List<String> names) {
    StringBuilder h = new StringBuilder("<thead><tr>");
    names.forEach(n -> h.append("<th class=\"text\">").append(n).append("</th>"));
    return h.append("</tr></thead>\n").toString();
  }

  /** One fact of a {@code dl.facts} list; an empty or null value reads "unknown". */
  static void fact(StringBuilder h, String name, String value) {
    h.append("<dt>")
        .append(esc(name))
        .append("</dt><dd>")
        .append(
            value == null || value.isEmpty() ? "<span class=\"muted\">unknown</span>" : esc(value))
        .append("</dd>\n");
  }
}
