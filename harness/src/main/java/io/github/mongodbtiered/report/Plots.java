package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.XYStyler;

/**
 * The report's three plots, against record count with one series per profile: throughput with its
 * 95% confidence interval as bars, p99 latency of the main operation (log scale) with its spread
 * over batches or repeats as bars, and the WiredTiger and filesystem cache hit ratios. Only cells
 * with status ok are drawn, and a figure a cell lacks is left out of its series, never drawn as 0.
 */
public final class Plots {
  /** The plots' names: their files are {@code plots/<name>.svg} and {@code .png}. */
  public static final String THROUGHPUT = "throughput";

  public static final String P99 = "p99-latency";
  public static final String CACHE_HIT = "cache-hit-ratio";

  private Plots() {}

  /**
   * One rendered plot.
   *
   * @param name file name without extension, e.g. {@code throughput}
   * @param title what it shows, as its heading
   * @param series the series drawn, in legend order (empty when there was nothing to draw)
   * @param svg the SVG document
   * @param png the same plot as PNG
   */
  public record Plot(String name, String title, List<Series> series, String svg, byte[] png) {
    public Plot {
      series = List.copyOf(series);
    }

    /** True when at least one value was drawn. */
    public boolean hasData() {
      return !series.isEmpty();
    }

    public List<String> seriesNames() {
      return series.stream().map(Series::name).toList();
    }
  }

  /** One line of a plot: its points, x the record count, y in the plot's unit. */
  public record Series(String name, List<Double> x, List<Double> y) {
    public Series {
      x = List.copyOf(x);
      y = List.copyOf(y);
    }
  }

  /**
   * The three plots of {@code cells}, series in {@code profileOrder} (profiles not in it follow in
   * order of first appearance).
   *
   * @throws IOException when an encoder fails or a plot is not drawn in time; AWT errors (no fonts,
   *     say) propagate as they are
   */
  public static List<Plot> render(List<CellResult> cells, List<String> profileOrder)
      throws IOException {
    List<String> missing = new ArrayList<>();
    List<Plot> plots = render(cells, profileOrder, missing);
    if (!missing.isEmpty()) {
      throw new IOException(missing.get(0));
    }
    return plots;
  }

  /**
   * As {@link #render(List, List)}, leaving out a plot not drawn within {@link
   * PlotTimeLimit#DRAW_LIMIT} and adding to {@code missing} which and why.
   */
  public static List<Plot> render(
      List<CellResult> cells, List<String> profileOrder, List<String> missing) throws IOException {
    List<CellResult> ok = cells.stream().filter(c -> c.ok()).toList();
    Map<String, List<CellResult>> byProfile = new LinkedHashMap<>();
    profileOrder.forEach(p -> byProfile.put(p, new ArrayList<>()));
    for (CellResult c : CellResult.inProfileOrder(ok, profileOrder)) {
      byProfile.computeIfAbsent(c.profile(), p -> new ArrayList<>()).add(c);
    }
    byProfile.values().removeIf(List::isEmpty);
    Map<String, Color> colours = new HashMap<>();
    for (String p : byProfile.keySet()) {
      colours.put(p, Charts.colour(colours.size()));
    }
    String op = mainOperation(ok);
    List<Drawing> drawings =
        List.of(
            () -> throughput(byProfile, colours),
            () -> p99(byProfile, colours, op),
            () -> cacheHit(byProfile, colours));
    List<Plot> plots = new ArrayList<>();
    for (Drawing d : drawings) {
      try {
        plots.add(d.draw());
      } catch (PlotTimeLimit.PlotTimeoutException e) {
        missing.add(e.getMessage());
      }
    }
    return plots;
  }

  private interface Drawing {
    Plot draw() throws IOException;
  }

  /**
   * The operation whose p99 is plotted: the main one ({@link LatencyStats#mainOperation}) over all
   * cells together; empty when no cell has latencies.
   */
  public static String mainOperation(List<CellResult> cells) {
    Map<String, Long> counts = new HashMap<>();
    for (CellResult c : cells) {
      c.latencies().forEach((op, s) -> counts.merge(op, s.count(), Long::sum));
    }
    String main = LatencyStats.mainOperation(counts);
    return main == null ? "" : main;
  }

  private static Plot throughput(Map<String, List<CellResult>> byProfile, Map<String, Color> col)
      throws IOException {
    XYChart chart =
        Charts.chart(
            "Throughput vs record count (bars: 95% confidence interval)", "operations per second");
    chart.getStyler().setYAxisMin(0.0);
    chart.setCustomYAxisTickLabelsFormatter(Charts::plain);
    List<Series> names = new ArrayList<>();
    byProfile.forEach(
        (profile, cells) ->
            Charts.add(
                chart,
                names,
                profile,
                cells,
                c -> c.throughputOpsPerSec(),
                col.get(profile),
                true));
    byProfile.forEach(
        (profile, cells) ->
            Charts.whiskers(
                chart,
                profile,
                cells,
                c -> metric(c, Metric.OPS_PER_SEC_CI95_LOW),
                c -> metric(c, Metric.OPS_PER_SEC_CI95_HIGH),
                col.get(profile)));
    return Charts.finish(THROUGHPUT, chart, names, "no cell has finished yet");
  }

  private static Plot p99(
      Map<String, List<CellResult>> byProfile, Map<String, Color> col, String op)
      throws IOException {
    String title = op.isEmpty() ? "p99 latency" : "p99 " + op + " latency";
    XYChart chart =
        Charts.chart(
            // The range is over the cell's batches or repeats (docs/method.md); the title must fit
            // the
            // plot.
            title + " vs record count (log scale; bars: p99 range)", "p99 latency (ms, log scale)");
    XYStyler s = chart.getStyler();
    s.setYAxisLogarithmic(true);
    chart.setCustomYAxisTickLabelsFormatter(Charts::plain);
    double min = Double.MAX_VALUE;
    double max = 0;
    List<Series> names = new ArrayList<>();
    for (Map.Entry<String, List<CellResult>> e : byProfile.entrySet()) {
      ToDoubleFunction<CellResult> p99Millis =
          c -> {
            LatencyStats l = c.latencies().get(op);
            // A log axis cannot show 0; a 0 p99 is below the histogram's resolution anyway.
            return l == null || l.count() == 0 || l.p99Micros() <= 0
                ? Double.NaN
                : l.p99Micros() / 1000.0;
          };
      ToDoubleFunction<CellResult> low = c -> positive(metric(c, Metric.P99_MS_LOW));
      ToDoubleFunction<CellResult> high = c -> positive(metric(c, Metric.P99_MS_HIGH));
      for (CellResult c : e.getValue()) {
        for (double v :
            new double[] {
              p99Millis.applyAsDouble(c), low.applyAsDouble(c), high.applyAsDouble(c)
            }) {
          if (Double.isFinite(v)) {
            min = Math.min(min, v);
            max = Math.max(max, v);
          }
        }
      }
      Charts.add(chart, names, e.getKey(), e.getValue(), p99Millis, col.get(e.getKey()), true);
      Charts.whiskers(chart, e.getKey(), e.getValue(), low, high, col.get(e.getKey()));
    }
    if (max > 0) {
      // Whole decades, so the axis always carries labelled powers of ten.
      double lo = Math.pow(10, Math.floor(Math.log10(min)));
      double hi = Math.pow(10, Math.ceil(Math.log10(max)));
      s.setYAxisMin(lo);
      s.setYAxisMax(hi > lo ? hi : lo * 10);
    }
    return Charts.finish(P99, chart, names, "no latency measured yet");
  }

  private static Plot cacheHit(Map<String, List<CellResult>> byProfile, Map<String, Color> col)
      throws IOException {
    XYChart chart =
        Charts.chart(
            "Cache hit ratios (solid: WiredTiger, dashed: filesystem cache)", "hit ratio (%)");
    chart.getStyler().setYAxisMax(100.0);
    chart.setCustomYAxisTickLabelsFormatter(Charts::plain);
    List<Series> names = new ArrayList<>();
    double min = 100;
    for (Map.Entry<String, List<CellResult>> e : byProfile.entrySet()) {
      for (Metric m : List.of(Metric.WT_HIT_RATIO, Metric.FS_HIT_RATIO)) {
        for (CellResult c : e.getValue()) {
          Double v = c.metrics().get(m);
          if (v != null && Double.isFinite(v)) {
            min = Math.min(min, v * 100);
          }
        }
      }
      String p = e.getKey();
      Charts.add(
          chart,
          names,
          p + " WiredTiger cache",
          e.getValue(),
          c -> percent(c, Metric.WT_HIT_RATIO),
          col.get(p),
          true);
      Charts.add(
          chart,
          names,
          p + " filesystem cache",
          e.getValue(),
          c -> percent(c, Metric.FS_HIT_RATIO),
          col.get(p),
          false);
    }
    chart.getStyler().setYAxisMin(Math.max(0, Math.floor((min - 1) / 10) * 10));
    return Charts.finish(
        CACHE_HIT,
        chart,
        names,
        "not measured: the server reported no cache statistics (e.g. a storage engine other than"
            + " WiredTiger)");
  }

  private static double metric(CellResult c, Metric m) {
    Double v = c.metrics().get(m);
    return v == null ? Double.NaN : v;
  }

  /** A log axis cannot show 0 or less. */
  private static double positive(double v) {
    return v > 0 ? v : Double.NaN;
  }

  private static double percent(CellResult c, Metric m) {
    Double v = c.metrics().get(m);
    return v == null || !Double.isFinite(v) ? Double.NaN : v * 100;
  }
}
