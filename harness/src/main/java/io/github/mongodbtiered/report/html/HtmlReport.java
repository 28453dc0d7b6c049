package io.github.mongodbtiered.report.html;

import io.github.mongodbtiered.report.Plots;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.report.SeriesPlots;
import io.github.mongodbtiered.results.CellResult;
import java.util.List;
import java.util.Map;

/**
 * The report as one self-contained {@code index.html}: styles inline, plots as inline SVG, no
 * script and no external resource (a Content-Security-Policy forbids loading any), so the file can
 * be mailed or archived alone. Every text from the run is escaped. This class is the page's
 * skeleton; each section has a class of its own.
 */
public final class HtmlReport {

  private static final String STYLE =
      """
      body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;\
      margin:0 auto;padding:1em 2em;max-width:1400px;color:#1f2328;line-height:1.45}
      h1{margin-bottom:.2em}h2{border-bottom:1px solid #d0d7de;padding-bottom:.2em;margin-top:1.6em}
      table{border-collapse:collapse;margin:.5em 0;font-size:.9em}
      th,td{border:1px solid #d0d7de;padding:.3em .55em;text-align:right;vertical-align:top}
      th{background:#f6f8fa}td.text,th.text{text-align:left}
      dl.facts{display:grid;grid-template-columns:max-content auto;gap:.15em 1em}
      dl.facts dt{font-weight:600}dl.facts dd{margin:0}
      .tier{display:inline-block;padding:.05em .5em;border-radius:.8em;font-size:.85em;\
      font-weight:600;white-space:nowrap;border:1px solid transparent}
      .tier-wt-cache{background:#dafbe1;color:#116329;border-color:#4ac26b}
      .tier-fs-cache{background:#ddf4ff;color:#0a3069;border-color:#54aeff}
      .tier-slightly-over{background:#fff8c5;color:#7d4e00;border-color:#d4a72c}
      .tier-far-over{background:#ffebe9;color:#82071e;border-color:#ff8182}
      .tier-unclassified{background:#f6f8fa;color:#57606a;border-color:#d0d7de}
      .predicted,.basis{color:#57606a;font-size:.85em}
      ul.warnings li{margin:.2em 0}.source{font-weight:600}
      .failed{color:#82071e;font-weight:600}.muted{color:#57606a}
      #plot-grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(560px,1fr));gap:1em}
      figure.plot{margin:0;max-width:900px}figure.plot svg{width:100%;height:auto;display:block}
      figure.plot figcaption{color:#57606a;font-size:.9em}
      .series-grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(380px,1fr));gap:.8em}
      figure.series{margin:0}figure.series svg{width:100%;height:auto;display:block}
      figure.series figcaption{color:#57606a;font-size:.85em}.series-status{font-weight:600}
      code{background:#f6f8fa;padding:0 .25em}
      .time-bar{display:inline-block;height:.8em;background:#54aeff}
      """;

  private HtmlReport() {}

  /**
   * The page for {@code cells}.
   *
   * @param plots the plots to embed; empty when they could not be drawn
   * @param reportWarnings problems writing this report itself (e.g. why the plots are missing)
   */
  public static String render(
      RunManifest m, List<CellResult> cells, List<Plots.Plot> plots, List<String> reportWarnings) {
    return render(m, cells, plots, Map.of(), reportWarnings);
  }

  /**
   * The page for {@code cells} with their time series.
   *
   * @param series each cell's time-series chart by {@link SeriesPlots#name}
   */
  public static String render(
      RunManifest m,
      List<CellResult> cells,
      List<Plots.Plot> plots,
      Map<String, SeriesPlots.Chart> series,
      List<String> reportWarnings) {
    List<String> order = m.profileNames();
    List<CellResult> rows = CellResult.inProfileOrder(cells, order);
    StringBuilder h = new StringBuilder(1 << 16);
    h.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        .append(
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none';"
                + " style-src 'unsafe-inline'; img-src data:\">\n")
        .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        .append("<title>mongodb-tiered report: ")
        .append(Html.esc(String.join(", ", order)))
        .append("</title>\n<style>\n")
        .append(STYLE)
        .append("</style>\n</head>\n<body>\n");
    List<Warnings.Warning> warnings = Warnings.collect(m, rows, reportWarnings);
    RunSummary.render(h, m, rows, warnings.size());
    howToRead(h);
    PlotSection.render(h, plots, reportWarnings);
    SeriesSection.render(h, rows, series);
    StudyTable.render(h, rows, order);
    Warnings.render(h, warnings);
    TierLegend.render(h, rows);
    CellTable.render(h, rows);
    TimeSection.render(h, rows);
    CapacitySection.renderCheck(h, m, rows);
    SetupSection.profiles(h, m);
    SetupSection.baselines(h, m);
    SetupSection.environment(h, m.environment(), m.volume());
    files(h);
    h.append("</body>\n</html>\n");
    return h.toString();
  }

  private static void howToRead(StringBuilder h) {
    h.append(
        """
        <section id="how-to-read">
        <h2>How to read this report</h2>
        <p>Each <em>cell</em> is one record count measured under one disk profile: the server \
        started cold, warmed up, then ran the workload for the measured time. The plots show, \
        per profile, how throughput falls and the 99th-percentile latency rises (log scale: \
        one grid line per factor of ten) as the data set grows, and the hit ratios that explain \
        why: while the WiredTiger cache serves (nearly) every read, the disk does not matter; \
        once the data outgrows it the filesystem cache takes over, and when that is outgrown \
        too, reads wait for the disk, and the slower the disk, the steeper the fall. The \
        <em>tier</em> badge says where the working set lived: <em>predicted</em> from the data \
        and cache sizes before the run, <em>observed</em> from the measured hit ratios; a \
        mismatch is listed under Warnings. A figure the server did not report is shown as \
        &ldquo;&ndash;&rdquo;, never as 0, and failed cells are neither plotted nor averaged \
        in. Latencies are per operation, from HdrHistogram logs of the whole measured run.</p>
        </section>
        """);
  }

  private static void files(StringBuilder h) {
    h.append(
        """
        <section id="files">
        <h2>Files of this report</h2>
        <p><code>summary.csv</code> (one row per cell, every figure, units in the column names), \
        <code>tier-*.csv</code> (the rows by observed tier), <code>plots/*.svg</code> and \
        <code>plots/*.png</code>, <code>series/*.csv</code> (throughput and p99 per second of \
        each cell, preload and warm-up marked), <code>histograms/*.hdr</code> (HdrHistogram logs per cell and \
        operation), <code>cells/*.json</code> and <code>run.json</code>. \
        <code>scripts/mongodb-tiered report DIR</code> rebuilds this page from them; \
        <code>report DIR1 DIR2 --out DIR</code> merges the reports of several client machines.</p>
        </section>
        """);
  }
}
