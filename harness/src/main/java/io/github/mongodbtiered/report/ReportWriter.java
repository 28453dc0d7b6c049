package io.github.mongodbtiered.report;

import io.github.mongodbtiered.report.html.HtmlReport;
import io.github.mongodbtiered.results.CellResult;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes a sweep's report files: {@code summary.csv}, one {@code tier-<id>.csv} per observed tier,
 * {@code run.json}, the plots ({@code plots/*.svg}, {@code plots/*.png}) and {@code index.html}.
 * The files are replaced together ({@link AtomicFiles.Batch}), so the report can be rewritten after
 * every cell and read at any time, and a write that fails half-way leaves the old report whole.
 */
public final class ReportWriter {

  /** What draws the plots; tests replace it to see a failure handled. */
  @FunctionalInterface
  interface PlotRenderer {
    /** The plots drawn; a plot left out is named, with why, in {@code missing}. */
    List<Plots.Plot> render(List<CellResult> cells, List<String> profileOrder, List<String> missing)
        throws IOException;
  }

  private static final List<String> PLOT_FILES =
      List.of(Plots.THROUGHPUT, Plots.P99, Plots.CACHE_HIT).stream()
          .flatMap(n -> List.of(n + ".svg", n + ".png").stream())
          .toList();

  private ReportWriter() {}

  /**
   * Writes the report of {@code cells}, rows in the manifest's profile order.
   *
   * <p>The plots never fail the write: when they cannot be drawn (on a host without fonts, say),
   * {@code index.html} is written without them and says why.
   *
   * @return problems with the report itself (e.g. why there are no plots); empty when none
   * @throws IOException when a file cannot be written
   */
  public static List<String> write(Path reportDir, RunManifest manifest, List<CellResult> cells)
      throws IOException {
    return write(reportDir, manifest, cells, Plots::render);
  }

  static List<String> write(
      Path reportDir, RunManifest manifest, List<CellResult> cells, PlotRenderer renderer)
      throws IOException {
    ReportLayout layout = new ReportLayout(reportDir);
    removeLeftoverTempFiles(layout);
    List<String> order = manifest.profileNames();
    // Sorted once into report order; the CSVs keep the order they are given.
    List<CellResult> rows = CellResult.inProfileOrder(cells, order);
    // Everything is worked out before the first file is written: a failure on the way leaves
    // the report as it was, never a summary.csv that the page does not agree with.
    Map<String, String> tiers = TierCsvs.byTier(rows);
    String summary = SummaryCsv.render(rows, SummaryCsv.operations(rows));
    List<String> problems = new ArrayList<>();
    List<Plots.Plot> plots = drawn(renderer, rows, order, problems);
    Map<String, SeriesPlots.Chart> series =
        plots.isEmpty() ? Map.of() : series(layout, rows, problems);
    String page = HtmlReport.render(manifest, rows, plots, series, problems);

    // Staged first, renamed together: a full disk on the way leaves the old report whole.
    try (AtomicFiles.Batch batch = new AtomicFiles.Batch()) {
      for (Map.Entry<String, String> tier : tiers.entrySet()) {
        batch.add(reportDir.resolve(tier.getKey()), tier.getValue());
      }
      batch.add(layout.summary(), summary);
      manifest.stage(batch, reportDir);
      for (Plots.Plot p : plots) {
        batch.add(layout.plot(p.name(), "svg"), p.svg());
        batch.add(layout.plot(p.name(), "png"), p.png());
      }
      batch.add(layout.page(), page);
      batch.commit();
    }
    removeStale(layout, tiers.keySet(), plots);
    return problems;
  }

  /** Tier CSVs and plots this write did not replace: they would describe other cells. */
  private static void removeStale(
      ReportLayout layout, Set<String> tierFiles, List<Plots.Plot> plots) throws IOException {
    // A re-run can re-classify cells, leaving an earlier tier with none: its file would mislead.
    try (DirectoryStream<Path> files =
        Files.newDirectoryStream(
            layout.dir(), ReportLayout.TIER_PREFIX + "*" + ReportLayout.TIER_SUFFIX)) {
      for (Path f : files) {
        if (!tierFiles.contains(f.getFileName().toString())) {
          Files.deleteIfExists(f);
        }
      }
    }
    // Plots of fewer cells than the page shows would mislead: one not drawn now goes.
    List<String> drawn = plots.stream().map(Plots.Plot::name).toList();
    for (String f : PLOT_FILES) {
      if (!drawn.contains(f.substring(0, f.lastIndexOf('.')))) {
        Files.deleteIfExists(layout.plots().resolve(f));
      }
    }
  }

  /**
   * The charts of the cells' time series, where kept; an unreadable file is a problem of the page,
   * never of the cells' figures, which do not depend on it.
   */
  private static Map<String, SeriesPlots.Chart> series(
      ReportLayout layout, List<CellResult> cells, List<String> problems) {
    Map<String, List<SeriesCsv.Row>> rows = new HashMap<>();
    for (CellResult c : cells) {
      Path file = layout.series(c.recordCount(), c.profile());
      if (Files.isRegularFile(file)) {
        try {
          rows.put(SeriesPlots.name(c.recordCount(), c.profile()), SeriesCsv.read(file));
        } catch (IOException e) {
          problems.add("time series not drawn: " + e.getMessage());
        }
      }
    }
    try {
      return SeriesPlots.render(cells, rows);
    } catch (IOException | RuntimeException e) {
      problems.add("the time series could not be drawn (" + e + ")");
      return Map.of();
    }
  }

  private static List<Plots.Plot> drawn(
      PlotRenderer renderer, List<CellResult> cells, List<String> order, List<String> problems) {
    try {
      return renderer.render(cells, order, problems);
    } catch (Exception | Error e) {
      // Out of memory or stack is no rendering problem; InternalError is what AWT throws for
      // broken font set-ups, along with UnsatisfiedLinkError and plain Error("no fonts found").
      if (e instanceof VirtualMachineError && !(e instanceof InternalError)) {
        throw (VirtualMachineError) e;
      }
      if (e instanceof Charts.UnplottableValueException) {
        problems.add("the plots were not drawn: " + e.getMessage());
        return List.of();
      }
      problems.add(
          "the plots could not be drawn ("
              + e.getClass().getSimpleName()
              + (e.getMessage() == null ? "" : ": " + e.getMessage())
              + "); on Linux, install fontconfig and a font (Debian: fonts-dejavu-core), then"
              + " run 'scripts/mongodb-tiered report DIR' to draw them");
      return List.of();
    }
  }

  /** Temporary files a crash left while writing this class's files. */
  private static void removeLeftoverTempFiles(ReportLayout layout) throws IOException {
    if (!Files.isDirectory(layout.dir())) {
      return;
    }
    String glob =
        ".{"
            + String.join(
                ",",
                ReportLayout.SUMMARY,
                ReportLayout.MANIFEST,
                ReportLayout.PAGE,
                ReportLayout.TIER_PREFIX + "*" + ReportLayout.TIER_SUFFIX)
            + "}.*"
            + AtomicFiles.TEMP_SUFFIX;
    deleteMatching(layout.dir(), glob);
    if (Files.isDirectory(layout.plots())) {
      deleteMatching(
          layout.plots(), ".{" + String.join(",", PLOT_FILES) + "}.*" + AtomicFiles.TEMP_SUFFIX);
    }
  }

  private static void deleteMatching(Path dir, String glob) throws IOException {
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, glob)) {
      for (Path f : files) {
        Files.deleteIfExists(f);
      }
    }
  }
}
