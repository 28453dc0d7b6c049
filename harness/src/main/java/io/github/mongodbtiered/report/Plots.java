package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.VectorGraphicsEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's three plots, against record count with one series per profile: throughput, p99
 * latency of the main operation (log scale), and the WiredTiger and filesystem cache hit ratios.
 * Only cells with status ok are drawn, and a figure a cell lacks is left out of its series, never
 * drawn as 0.
 */
public final class Plots {
  /** Directory of the plot files inside the report directory. */
  public static final String THROUGHPUT = "throughput";

  public static final String P99 = "p99-latency";
  public static final String CACHE_HIT = "cache-hit-ratio";

  private static final int WIDTH = 900;
  private static final int HEIGHT = 500;

  /** Okabe-Ito: distinguishable with the common colour-vision deficiencies. */
  private static final Color[] PALETTE = {
    new Color(0x0072B2),
    new Color(0xD55E00),
    new Color(0x009E73),
    new Color(0xCC79A7),
    new Color(0xE69F00),
    new Color(0x56B4E9),
    new Color(0x000000),
    new Color(0xF0E442)
  };

  private static final BasicStroke SOLID =
      new BasicStroke(2f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
  private static final BasicStroke DASHED =
      new BasicStroke(
          2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {8f, 5f}, 0f);

  static {
    // Rendering needs no display; without this AWT may try to reach an X server named in DISPLAY.
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

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
   * @throws IOException when an encoder fails; AWT errors (no fonts, say) propagate as they are
   */
  public static List<Plot> render(List<CellResult> cells, List<String> profileOrder)
      throws IOException {
    List<CellResult> ok = cells.stream().filter(c -> c.ok()).toList();
    Map<String, List<CellResult>> byProfile = new LinkedHashMap<>();
    profileOrder.forEach(p -> byProfile.put(p, new ArrayList<>()));
    for (CellResult c : CellResult.inProfileOrder(ok, profileOrder)) {
      byProfile.computeIfAbsent(c.profile(), p -> new ArrayList<>()).add(c);
    }
    byProfile.values().removeIf(List::isEmpty);
    Map<String, Color> colours = new HashMap<>();
    for (String p : byProfile.keySet()) {
      colours.put(p, PALETTE[colours.size() % PALETTE.length]);
    }
    String op = mainOperation(ok);
    return List.of(
        throughput(byProfile, colours), p99(byProfile, colours, op), cacheHit(byProfile, colours));
  }

  /**
   * The operation whose p99 is plotted: the one with the most operations over all cells (READ for
   * the study's read-only workload), ties broken by name; empty when no cell has latencies.
   */
  public static String mainOperation(List<CellResult> cells) {
    Map<String, Long> counts = new HashMap<>();
    for (CellResult c : cells) {
      c.latencies().forEach((op, s) -> counts.merge(op, s.count(), Long::sum));
    }
    return counts.entrySet().stream()
        .sorted(
            Map.Entry.<String, Long>comparingByValue()
                .reversed()
                .thenComparing(Map.Entry.comparingByKey()))
        .map(Map.Entry::getKey)
        .findFirst()
        .orElse("");
  }

  private static Plot throughput(Map<String, List<CellResult>> byProfile, Map<String, Color> col)
      throws IOException {
    XYChart chart = chart("Throughput vs record count", "operations per second");
    chart.getStyler().setYAxisMin(0.0);
    chart.setCustomYAxisTickLabelsFormatter(Plots::plain);
    List<Series> names = new ArrayList<>();
    byProfile.forEach(
        (profile, cells) ->
            add(
                chart,
                names,
                profile,
                cells,
                c -> c.throughputOpsPerSec(),
                col.get(profile),
                true));
    return finish(THROUGHPUT, chart, names, "no cell has finished yet");
  }

  private static Plot p99(
      Map<String, List<CellResult>> byProfile, Map<String, Color> col, String op)
      throws IOException {
    String title = op.isEmpty() ? "p99 latency" : "p99 " + op + " latency";
    XYChart chart = chart(title + " vs record count (log scale)", "p99 latency (ms, log scale)");
    XYStyler s = chart.getStyler();
    s.setYAxisLogarithmic(true);
    chart.setCustomYAxisTickLabelsFormatter(Plots::plain);
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
      for (CellResult c : e.getValue()) {
        double v = p99Millis.applyAsDouble(c);
        if (!Double.isNaN(v)) {
          min = Math.min(min, v);
          max = Math.max(max, v);
        }
      }
      add(chart, names, e.getKey(), e.getValue(), p99Millis, col.get(e.getKey()), true);
    }
    if (max > 0) {
      // Whole decades, so the axis always carries labelled powers of ten.
      double lo = Math.pow(10, Math.floor(Math.log10(min)));
      double hi = Math.pow(10, Math.ceil(Math.log10(max)));
      s.setYAxisMin(lo);
      s.setYAxisMax(hi > lo ? hi : lo * 10);
    }
    return finish(P99, chart, names, "no latency measured yet");
  }

  private static Plot cacheHit(Map<String, List<CellResult>> byProfile, Map<String, Color> col)
      throws IOException {
    XYChart chart =
        chart("Cache hit ratios (solid: WiredTiger, dashed: filesystem cache)", "hit ratio (%)");
    chart.getStyler().setYAxisMax(100.0);
    chart.setCustomYAxisTickLabelsFormatter(Plots::plain);
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
      add(
          chart,
          names,
          p + " WiredTiger cache",
          e.getValue(),
          c -> percent(c, Metric.WT_HIT_RATIO),
          col.get(p),
          true);
      add(
          chart,
          names,
          p + " filesystem cache",
          e.getValue(),
          c -> percent(c, Metric.FS_HIT_RATIO),
          col.get(p),
          false);
    }
    chart.getStyler().setYAxisMin(Math.max(0, Math.floor((min - 1) / 10) * 10));
    return finish(
        CACHE_HIT,
        chart,
        names,
        "not measured: the server reported no cache statistics (e.g. a storage engine other than"
            + " WiredTiger)");
  }

  private static double percent(CellResult c, Metric m) {
    Double v = c.metrics().get(m);
    return v == null || !Double.isFinite(v) ? Double.NaN : v * 100;
  }

  private static XYChart chart(String title, String yTitle) {
    XYChart chart =
        new XYChartBuilder()
            .width(WIDTH)
            .height(HEIGHT)
            .title(title)
            .xAxisTitle("records")
            .yAxisTitle(yTitle)
            .build();
    XYStyler s = chart.getStyler();
    s.setChartBackgroundColor(Color.WHITE);
    s.setPlotBackgroundColor(Color.WHITE);
    s.setPlotBorderColor(Color.GRAY);
    s.setChartTitleBoxVisible(false);
    s.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 16));
    s.setAxisTitleFont(new Font(Font.SANS_SERIF, Font.PLAIN, 13));
    s.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    s.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 12));
    s.setAnnotationTextFont(new Font(Font.SANS_SERIF, Font.PLAIN, 15));
    s.setAnnotationTextFontColor(Color.DARK_GRAY);
    s.setLegendPosition(Styler.LegendPosition.OutsideS);
    s.setLegendLayout(Styler.LegendLayout.Horizontal);
    s.setLegendBorderColor(Color.WHITE);
    s.setLegendSeriesLineLength(32);
    s.setMarkerSize(9);
    s.setAntiAlias(true);
    chart.setCustomXAxisTickLabelsFormatter(Plots::count);
    return chart;
  }

  /** Adds the series when at least one cell has a value; NaN values are left out. */
  private static void add(
      XYChart chart,
      List<Series> names,
      String name,
      List<CellResult> cells,
      ToDoubleFunction<CellResult> value,
      Color colour,
      boolean solid) {
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (CellResult c : cells) {
      double v = value.applyAsDouble(c);
      if (Double.isFinite(v)) {
        xs.add((double) c.recordCount());
        ys.add(v);
      }
    }
    if (xs.isEmpty()) {
      return;
    }
    XYSeries s = chart.addSeries(name, xs, ys);
    s.setLineColor(colour);
    s.setMarkerColor(colour);
    s.setLineStyle(solid ? SOLID : DASHED);
    s.setMarker(solid ? SeriesMarkers.CIRCLE : SeriesMarkers.DIAMOND);
    names.add(new Series(name, xs, ys));
  }

  private static Plot finish(String name, XYChart chart, List<Series> names, String emptyText)
      throws IOException {
    if (names.isEmpty()) {
      chart.getStyler().setXAxisMin(0.0);
      chart.getStyler().setXAxisMax(1.0);
      chart.getStyler().setYAxisMin(0.0);
      chart.getStyler().setYAxisMax(1.0);
      chart.getStyler().setYAxisLogarithmic(false);
      chart.getStyler().setAxisTicksVisible(false);
      chart.addAnnotation(new AnnotationText(emptyText, 0.5, 0.5, false));
    }
    if (names.size() > 3) {
      // One row below the plot cannot hold more names (XChart does not wrap): a column beside it.
      chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
      chart.getStyler().setLegendLayout(Styler.LegendLayout.Vertical);
    }
    ByteArrayOutputStream svg = new ByteArrayOutputStream();
    VectorGraphicsEncoder.saveVectorGraphic(
        chart, svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    return new Plot(name, chart.getTitle(), names, svg.toString(StandardCharsets.UTF_8), png);
  }

  /** 2000000 as "2M", 500000 as "500k", 2500 as "2.5k". */
  static String count(double records) {
    if (records >= 1e6) {
      return Units.trim(records / 1e6) + "M";
    }
    if (records >= 1e3) {
      return Units.trim(records / 1e3) + "k";
    }
    return Units.trim(records);
  }

  /** Tick labels without exponent notation: 0.5, 10, 12000. */
  static String plain(double v) {
    if (v >= 10 || v == 0) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    return Units.trim(v);
  }
}
