package io.github.mongodbtiered.report.html;

import static io.github.mongodbtiered.report.html.Html.esc;

import io.github.mongodbtiered.compare.CellComparison;
import io.github.mongodbtiered.compare.Comparison;
import io.github.mongodbtiered.compare.RatioInterval;
import io.github.mongodbtiered.results.Tier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * {@code compare.html}: one self-contained page, one row per cell, each ratio drawn on a log axis
 * with its interval and the band, verdicts coloured; cells not compared and settings that differ
 * listed above the table. Every string from the reports is escaped.
 */
public final class ComparePage {
  public static final String FILE = "compare.html";

  /** The axis of the drawings: ratios from 1/8 to 8, log scale; beyond, clipped with an arrow. */
  private static final double AXIS_MIN = 0.125;

  private static final double AXIS_MAX = 8;
  private static final int WIDTH = 240;
  private static final int HEIGHT = 18;

  private static final String STYLE =
      "body{font-family:sans-serif;margin:1.5em;max-width:75em}"
          + "table{border-collapse:collapse}td,th{padding:.25em .6em;border-bottom:1px solid #ddd;"
          + "text-align:right}td.l,th.l{text-align:left}"
          + ".faster,.lower{background:#d7f2d7}.slower,.higher{background:#f8d0d0}"
          + ".equivalent{background:#e4e8f4}.unsure{background:#fdf0c4}"
          + "code{font-size:90%}";

  private ComparePage() {}

  /**
   * The page's text.
   *
   * @param baseLabel what BASE is (its directory), shown as given
   * @param newLabel what NEW is
   */
  public static String page(Comparison c, String baseLabel, String newLabel) {
    StringBuilder h = new StringBuilder();
    h.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>compare: ")
        .append(esc(baseLabel))
        .append(" → ")
        .append(esc(newLabel))
        .append("</title><style>")
        .append(STYLE)
        .append("</style></head><body>");
    h.append("<h1>Did it change?</h1><p>BASE <code>")
        .append(esc(baseLabel))
        .append("</code>, NEW <code>")
        .append(esc(newLabel))
        .append("</code>: ")
        .append(c.cells().size())
        .append(" cells compared; ")
        .append(c.countsByVerdict())
        .append(".</p>");
    list(h, "Rules", c.rules().describe());
    list(h, "Settings that differ (BASE → NEW)", c.settingsDifferences());
    list(
        h,
        "Cells not compared",
        c.unmatched().stream().map(u -> u.key() + ": " + u.why()).toList());
    table(h, c);
    return h.append("</body></html>\n").toString();
  }

  /** Writes {@code dir/compare.html}. */
  public static Path write(Path dir, Comparison c, String baseLabel, String newLabel)
      throws IOException {
    Path file = dir.resolve(FILE);
    Files.writeString(file, page(c, baseLabel, newLabel), StandardCharsets.UTF_8);
    return file;
  }

  private static void list(StringBuilder h, String title, List<String> items) {
    if (items.isEmpty()) {
      return;
    }
    h.append("<h2>").append(esc(title)).append("</h2><ul>");
    items.forEach(i -> h.append("<li>").append(esc(i)).append("</li>"));
    h.append("</ul>");
  }

  private static void table(StringBuilder h, Comparison c) {
    h.append("<h2>Cells</h2><table><tr><th class=\"l\">records</th><th class=\"l\">profile</th>")
        .append("<th class=\"l\">tier BASE → NEW</th><th>runs</th><th>ops/s BASE → NEW</th>")
        .append("<th>throughput NEW/BASE [95%]</th><th class=\"l\"></th><th>verdict</th>")
        .append("<th title=\"the smallest change the verdict calls with 80% power\">MDE</th>")
        .append("<th>p99 ms BASE → NEW</th><th>p99 NEW/BASE [95%]</th><th class=\"l\"></th>")
        .append("<th>p99</th><th class=\"l\">settings differ</th></tr>");
    double band = c.rules().band();
    for (CellComparison cell : c.cells()) {
      String verdict = cell.verdict();
      String p99Word = cell.p99() == null ? "" : cell.p99().change().latencyWord();
      h.append("<tr><td class=\"l\">")
          .append(cell.recordCount())
          .append("</td><td class=\"l\">")
          .append(esc(cell.profile()))
          .append("</td><td class=\"l\">")
          .append(esc(Tier.idOf(cell.base().tier())))
          .append(" → ")
          .append(esc(Tier.idOf(cell.next().tier())))
          .append("</td><td>")
          .append(cell.base().runs())
          .append(" / ")
          .append(cell.next().runs())
          .append("</td><td>")
          .append(fmt("%.0f → %.0f", cell.base().opsPerSec(), cell.next().opsPerSec()))
          .append("</td><td>")
          .append(ratioText(cell.throughput().interval()))
          .append("</td><td class=\"l\">")
          .append(svg(cell.throughput().interval(), band))
          .append("</td><td class=\"")
          .append(esc(verdict))
          .append("\">")
          .append(esc(verdict))
          .append("</td><td>")
          .append(detectable(cell.throughput().interval().minimumDetectable(band)))
          .append("</td>");
      latencyCells(h, cell, band, p99Word);
      h.append("<td class=\"l\">")
          .append(esc(String.join("; ", cell.settingsDifferences())))
          .append("</td></tr>");
    }
    h.append("</table>");
  }

  private static void latencyCells(StringBuilder h, CellComparison cell, double band, String word) {
    if (cell.p99() == null) {
      h.append("<td></td><td></td><td></td><td></td>");
      return;
    }
    h.append("<td>")
        .append(fmt("%.2f → %.2f", cell.base().p99Ms(), cell.next().p99Ms()))
        .append("</td><td>")
        .append(ratioText(cell.p99().interval()))
        .append("</td><td class=\"l\">")
        .append(svg(cell.p99().interval(), band))
        .append("</td><td class=\"")
        .append(esc(word))
        .append("\">")
        .append(esc(word))
        .append("</td>");
  }

  /** "±4.8%", or "–" where the interval rests on no sampled spread. */
  static String detectable(double fraction) {
    return Double.isFinite(fraction) ? fmt("±%.1f%%", fraction * 100) : "–";
  }

  /** "0.87 [0.78-0.96]" and, for a single run, a mark saying so. */
  static String ratioText(RatioInterval r) {
    return esc(r.text())
        + (r.basis() == RatioInterval.Basis.SINGLE_RUN ? " <small>(single run)</small>" : "")
        + (r.basis() == RatioInterval.Basis.PAIRED ? " <small>(paired)</small>" : "");
  }

  /** The ratio as a dot on its interval, the band shaded and 1 marked, on a log axis. */
  static String svg(RatioInterval r, double band) {
    StringBuilder s = new StringBuilder();
    s.append(fmt("<svg width=\"%d\" height=\"%d\" role=\"img\" aria-label=\"", WIDTH, HEIGHT))
        .append(esc("ratio " + r.text() + ", its 95% interval in brackets"))
        .append("\">");
    double b0 = x(1 - band);
    double b1 = x(1 + band);
    s.append(
            fmt(
                "<rect x=\"%.1f\" y=\"0\" width=\"%.1f\" height=\"%d\" fill=\"#e4e8f4\"/>",
                b0, Math.max(0.5, b1 - b0), HEIGHT))
        .append(
            fmt(
                "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"0\" y2=\"%d\" stroke=\"#888\"/>",
                x(1), x(1), HEIGHT))
        .append(
            fmt(
                "<line x1=\"%.1f\" x2=\"%.1f\" y1=\"9\" y2=\"9\" stroke=\"#222\" stroke-width=\"2\"/>",
                x(r.low()), x(r.high())))
        .append(fmt("<circle cx=\"%.1f\" cy=\"9\" r=\"3.5\" fill=\"#222\"/>", x(r.ratio())));
    return s.append("</svg>").toString();
  }

  /** The ratio's position on the axis, clipped to it. */
  private static double x(double ratio) {
    double clipped = Math.max(AXIS_MIN, Math.min(AXIS_MAX, ratio));
    double f = Math.log(clipped / AXIS_MIN) / Math.log(AXIS_MAX / AXIS_MIN);
    return 2 + f * (WIDTH - 4);
  }

  private static String fmt(String format, Object... args) {
    return String.format(Locale.ROOT, format, args);
  }
}
