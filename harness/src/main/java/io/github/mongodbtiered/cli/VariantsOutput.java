package io.github.mongodbtiered.cli;

import static io.github.mongodbtiered.report.html.Html.esc;

import io.github.mongodbtiered.compare.CompareRules;
import io.github.mongodbtiered.compare.Comparison;
import io.github.mongodbtiered.report.CompareCsv;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.report.VariantsManifest;
import io.github.mongodbtiered.report.html.ComparePage;
import io.github.mongodbtiered.results.BuildIds;
import io.github.mongodbtiered.results.CellResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * The top of a sweep of variants' report directory: {@code variants.json}, the paired comparison of
 * its first two variants ({@code compare.csv}, {@code compare.html}) as {@code compare DIR} would
 * write it, and {@code index.html} linking each variant's report and the comparison.
 */
final class VariantsOutput {
  private VariantsOutput() {}

  /**
   * The comparison of variants {@code base} and {@code next} of the report in {@code dir}, their
   * runs paired by round.
   *
   * @throws IllegalArgumentException when a variant is not in the report or holds no cells
   */
  static Comparison compare(Path dir, String base, String next, double band) throws IOException {
    VariantsManifest m = VariantsManifest.read(dir);
    for (String name : List.of(base, next)) {
      if (!m.names().contains(name)) {
        throw new IllegalArgumentException(
            "REPORT " + dir + ": has no variant '" + name + "' (it has " + m.names() + ")");
      }
    }
    if (base.equals(next)) {
      throw new IllegalArgumentException(
          "--base and --new are both '" + base + "': a variant compared with itself says nothing");
    }
    return Comparison.ofRounds(
        cells(dir, base),
        cells(dir, next),
        CompareRules.paired(band),
        builds(dir, base),
        builds(dir, next));
  }

  /** What variant {@code name}'s image names and tool stood for, as its run.json recorded. */
  private static BuildIds builds(Path dir, String name) {
    Path variant = VariantsManifest.variantDir(dir, name);
    return Files.isRegularFile(variant.resolve(ReportLayout.MANIFEST))
        ? ReportDirs.manifest(variant).buildIds()
        : BuildIds.UNKNOWN;
  }

  private static List<CellResult> cells(Path dir, String name) {
    Path variant = VariantsManifest.variantDir(dir, name);
    if (!Files.isDirectory(variant.resolve(ReportLayout.CELLS))) {
      return List.of();
    }
    return ReportDirs.cellsInSweepOrder(variant);
  }

  /** Rewrites the top of {@code dir} from its variants' reports as they stand. */
  static void write(Path dir, VariantsManifest m) throws IOException {
    m.write(dir);
    List<String> names = m.names();
    Comparison c = compare(dir, names.get(0), names.get(1), CompareRules.DEFAULT_PAIRED_BAND);
    CompareCsv.write(dir, c);
    ComparePage.write(dir, c, label(names.get(0)), label(names.get(1)));
    Files.writeString(dir.resolve(ReportLayout.PAGE), index(m), StandardCharsets.UTF_8);
  }

  private static String label(String name) {
    return VariantsManifest.DIR + "/" + name;
  }

  private static String index(VariantsManifest m) {
    StringBuilder h = new StringBuilder();
    h.append("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\">")
        .append("<title>variants</title></head><body><h1>Variants measured side by side</h1>")
        .append("<p>")
        .append(m.rounds())
        .append(" rounds per cell")
        .append(
            m.stoppedEarly()
                ? " (fewer where every verdict was decided sooner: <code>--stop-early</code>)"
                : "")
        .append(", each running every variant once from a cold start, in an")
        .append(" order drawn per round (seed ")
        .append(m.seed())
        .append("). <a href=\"compare.html\">")
        .append(esc(m.names().get(1)))
        .append(" against ")
        .append(esc(m.names().get(0)))
        .append(", paired by round</a>.</p><table><tr><th>variant</th><th>options</th>")
        .append("<th>data set</th></tr>");
    for (VariantsManifest.Entry e : m.variants()) {
      h.append("<tr><td><a href=\"")
          .append(esc(label(e.name())))
          .append("/index.html\">")
          .append(esc(e.name()))
          .append("</a></td><td><code>")
          .append(esc(e.options().isEmpty() ? "(the sweep's own)" : String.join(" ", e.options())))
          .append("</code></td><td>")
          .append(
              esc(
                  e.copyOf() != null
                      ? "a copy of " + e.copyOf() + "'s"
                      : e.dataSet().equals(e.name()) ? "its own" : "shared with " + e.dataSet()))
          .append("</td></tr>");
    }
    return h.append("</table></body></html>\n").toString();
  }
}
