package io.github.mongodbtiered.report.html;

import static io.github.mongodbtiered.report.html.Html.esc;

import io.github.mongodbtiered.report.Plots;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The plots, inline as SVG elements of the page, each with a caption naming its series. */
final class PlotSection {
  private static final Pattern SVG_PROLOG = Pattern.compile("(?s)^.*?(?=<svg[\\s>])");
  private static final Pattern SVG_ID = Pattern.compile("\\bid=\"([^\"]+)\"");
  private static final Pattern SVG_REF = Pattern.compile("(url\\(#|href=\"#)([^\")]+)");

  private PlotSection() {}

  /**
   * @param warnings the report's own problems: when there are no plots, they say why
   */
  static void render(StringBuilder h, List<Plots.Plot> plots, List<String> warnings) {
    h.append("<section id=\"plots\">\n<h2>Plots</h2>\n");
    if (plots.isEmpty()) {
      h.append("<p class=\"failed\">The plots could not be drawn")
          .append(warnings.isEmpty() ? "" : ": " + esc(String.join("; ", warnings)))
          .append(". The tables below hold every figure.</p>\n");
    }
    h.append("<div id=\"plot-grid\">\n");
    for (Plots.Plot p : plots) {
      h.append("<figure class=\"plot\" id=\"plot-")
          .append(esc(p.name()))
          .append("\" data-series=\"")
          .append(p.series().size())
          .append("\">\n")
          .append(inlineSvg(p))
          .append("\n<figcaption>")
          .append(esc(p.title()))
          .append(
              p.hasData()
                  ? ". Series: " + esc(String.join(", ", p.seriesNames())) + "."
                  : ". Nothing drawn: see the message in the plot.")
          .append(" Also as <code>plots/")
          .append(esc(p.name()))
          .append(".svg</code> and <code>.png</code>.</figcaption>\n</figure>\n");
    }
    h.append("</div>\n</section>\n");
  }

  /**
   * The plot's SVG as an element of this page: without its XML prolog and doctype, scaled to the
   * page's width, and with its ids prefixed by the plot's name, since ids must be unique across the
   * page and each plot's clip paths would otherwise capture the others'.
   */
  static String inlineSvg(Plots.Plot p) {
    String svg = SVG_PROLOG.matcher(p.svg()).replaceFirst("");
    String prefix = p.name() + "-";
    svg =
        SVG_ID
            .matcher(svg)
            .replaceAll(r -> "id=\"" + Matcher.quoteReplacement(prefix + r.group(1)) + "\"");
    svg =
        SVG_REF
            .matcher(svg)
            .replaceAll(r -> Matcher.quoteReplacement(r.group(1) + prefix + r.group(2)));
    int end = svg.indexOf('>');
    String open = svg.substring(0, end);
    open =
        open.replaceFirst("\\swidth=\"[^\"]*\"", "")
            .replaceFirst("\\sheight=\"[^\"]*\"", "")
            .replaceFirst("\\sx=\"[^\"]*\"", "")
            .replaceFirst("\\sy=\"[^\"]*\"", "");
    return open
        + " role=\"img\" aria-label=\""
        + esc(p.title())
        + "\"><title>"
        + esc(p.title())
        + "</title>"
        + svg.substring(end + 1).strip();
  }
}
