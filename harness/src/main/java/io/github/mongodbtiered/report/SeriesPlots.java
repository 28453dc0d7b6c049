package io.github.mongodbtiered.report;

import io.github.mongodbtiered.report.SeriesCsv.Phase;
import io.github.mongodbtiered.report.SeriesCsv.Row;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import java.awt.BasicStroke;
import java.awt.Color;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToDoubleFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.knowm.xchart.AnnotationText;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.XYStyler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * One small chart per cell of its time series ({@link SeriesCsv}): throughput (left axis) and p99
 * of all operations (right axis) against seconds from the start of the warm-up, with the preload
 * and the warm-up as shaded bands, so a run that drifted or stalled shows at once. The first repeat
 * is drawn; the file holds every repeat's rows.
 */
public final class SeriesPlots {
  private static final int WIDTH = 560;
  private static final int HEIGHT = 300;
  private static final Color THROUGHPUT = new Color(0x0072B2);
  private static final Color P99 = new Color(0xD55E00);
  private static final Color CREDITS = new Color(0x009E73);
  private static final Color PRELOAD_BAND = new Color(0xD0, 0xD7, 0xDE, 160);
  private static final Color WARMUP_BAND = new Color(0xE6, 0x9F, 0x00, 70);
  private static final BasicStroke SOLID =
      new BasicStroke(1.5f, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND);
  private static final BasicStroke DASHED =
      new BasicStroke(
          1.5f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_ROUND, 10f, new float[] {5f, 3f}, 0f);

  private static final Pattern PATH_DATA = Pattern.compile("\\bd=\"([^\"]*)\"");
  private static final Pattern LONG_DECIMAL = Pattern.compile("(\\d\\.\\d{2})\\d+");

  /** The legend's names of the bands, which the page's caption repeats. */
  public static final String PRELOAD = "preload";

  public static final String WARMUP = "warm-up";

  /**
   * A cell's chart and the phases it shows.
   *
   * @param plot the chart ({@code png} empty: the series are drawn only in the page)
   * @param phases the phases' times, e.g. "preload -1.2-0 s, warm-up 0-30.0 s, run 30.1-90.1 s"
   * @param repeats how many repeats the file holds (the first is drawn)
   */
  public record Chart(Plots.Plot plot, String phases, int repeats) {}

  private SeriesPlots() {}

  /** The chart's name, unique in the page: {@code series-<records>-<profile>}. */
  public static String name(long recordCount, String profile) {
    return "series-" + ReportLayout.cellName(recordCount, profile);
  }

  /**
   * The charts of the cells that have a series.
   *
   * @param series each cell's rows by {@link #name}
   * @return the charts by {@link #name}, in the order of {@code cells}
   */
  public static Map<String, Chart> render(List<CellResult> cells, Map<String, List<Row>> series)
      throws IOException {
    Map<String, Chart> charts = new LinkedHashMap<>();
    for (CellResult c : cells) {
      String name = name(c.recordCount(), c.profile());
      List<Row> rows = series.get(name);
      if (rows != null) {
        charts.put(name, chart(name, c, rows));
      }
    }
    return charts;
  }

  static Chart chart(String name, CellResult cell, List<Row> all) throws IOException {
    List<Row> rows = all.stream().filter(r -> r.repeat() == firstRepeat(all)).toList();
    String title =
        Charts.count(cell.recordCount()) + " records, " + cell.profile() + ": " + status(cell);
    XYChart chart = Charts.chart(title, "operations per second", WIDTH, HEIGHT);
    chart.setXAxisTitle("seconds from the start of the warm-up");
    chart.setYAxisGroupTitle(1, "p99 (ms)");
    chart.setCustomXAxisTickLabelsFormatter(Charts::plain);
    chart.setCustomYAxisTickLabelsFormatter(Charts::plain);
    XYStyler s = chart.getStyler();
    s.setChartTitleFont(s.getChartTitleFont().deriveFont(13f));
    s.setAxisTitleFont(s.getAxisTitleFont().deriveFont(11f));
    s.setAxisTickLabelsFont(s.getAxisTickLabelsFont().deriveFont(10f));
    s.setLegendFont(s.getLegendFont().deriveFont(10f));
    s.setYAxisGroupPosition(1, Styler.YAxisPosition.Right);
    s.setYAxisMin(0, 0.0);
    s.setYAxisMin(1, 0.0);
    s.setMarkerSize(3);

    double topOps =
        rows.stream()
            .mapToDouble(r -> value(r.opsPerSec()))
            .filter(Double::isFinite)
            .max()
            .orElse(0);
    double top = topOps > 0 ? topOps * 1.1 : 1;
    s.setYAxisMax(0, top);
    List<Plots.Series> drawn = new ArrayList<>();
    List<String> phases = new ArrayList<>();
    band(chart, drawn, phases, rows, Phase.PRELOAD, PRELOAD, PRELOAD_BAND, top);
    band(chart, drawn, phases, rows, Phase.WARMUP, WARMUP, WARMUP_BAND, top);
    span(rows, Phase.RUN).ifPresent(r -> phases.add("run " + r));
    List<Row> measured = rows.stream().filter(r -> r.operations() != null).toList();
    line(chart, drawn, "ops/s", measured, r -> value(r.opsPerSec()), THROUGHPUT, SOLID, 0);
    line(chart, drawn, "p99 ms", measured, r -> value(r.p99Millis()), P99, DASHED, 1);
    if (rows.stream().anyMatch(r -> r.burstCredits() != null)) {
      // A burst-credit volume: its bucket on an axis of its own, the drop to the baseline beside
      // the throughput that follows it.
      chart.setYAxisGroupTitle(2, "burst credits (I/Os)");
      s.setYAxisGroupPosition(2, Styler.YAxisPosition.Right);
      s.setYAxisMin(2, 0.0);
      List<Row> credited = rows.stream().filter(r -> r.burstCredits() != null).toList();
      line(chart, drawn, "burst credits", credited, r -> r.burstCredits(), CREDITS, SOLID, 2);
    }
    if (measured.isEmpty()) {
      s.setXAxisMin(0.0);
      s.setXAxisMax(1.0);
      s.setAxisTicksVisible(false);
      chart.addAnnotation(new AnnotationText("no second recorded", 0.5, 0.5, false));
    }
    s.setLegendPosition(Styler.LegendPosition.OutsideS);
    s.setLegendLayout(Styler.LegendLayout.Horizontal);
    int repeats = (int) all.stream().mapToInt(Row::repeat).distinct().count();
    Plots.Plot plot =
        new Plots.Plot(name, title, drawn, compact(Charts.svg(name, chart)), new byte[0]);
    return new Chart(plot, String.join(", ", phases), repeats);
  }

  /**
   * The SVG with its path coordinates cut to a hundredth of a pixel: the encoder writes each glyph
   * with eleven decimals, which would nearly double the size of a page with a dozen charts.
   */
  static String compact(String svg) {
    return PATH_DATA
        .matcher(svg)
        .replaceAll(
            m ->
                Matcher.quoteReplacement(
                    "d=\"" + LONG_DECIMAL.matcher(m.group(1)).replaceAll("$1") + "\""));
  }

  /** "ok", "failed" or "not steady": what the page labels the chart with. */
  public static String status(CellResult cell) {
    if (!cell.ok()) {
      return "failed";
    }
    Double steady = cell.metrics().get(Metric.STEADY_STATE);
    return steady != null && steady == 0 ? "not steady" : "ok";
  }

  private static int firstRepeat(List<Row> rows) {
    return rows.stream().mapToInt(Row::repeat).min().orElse(1);
  }

  /** A shaded band over the phase's seconds, as high as the throughput axis. */
  private static void band(
      XYChart chart,
      List<Plots.Series> drawn,
      List<String> phases,
      List<Row> rows,
      Phase phase,
      String name,
      Color colour,
      double top) {
    List<Row> of = rows.stream().filter(r -> r.phase() == phase).toList();
    if (of.isEmpty()) {
      return;
    }
    double from = of.get(0).startSeconds();
    double to = of.get(of.size() - 1).endSeconds();
    phases.add(name + " " + seconds(from) + " to " + seconds(to) + " s");
    List<Double> xs = List.of(from, to);
    List<Double> ys = List.of(top, top);
    XYSeries s = chart.addSeries(name, xs, ys);
    s.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Area);
    s.setFillColor(colour);
    s.setLineColor(colour);
    s.setMarker(SeriesMarkers.NONE);
    drawn.add(new Plots.Series(name, xs, ys));
  }

  private static Optional<String> span(List<Row> rows, Phase phase) {
    List<Row> of = rows.stream().filter(r -> r.phase() == phase).toList();
    return of.isEmpty()
        ? Optional.empty()
        : Optional.of(
            seconds(of.get(0).startSeconds())
                + " to "
                + seconds(of.get(of.size() - 1).endSeconds())
                + " s");
  }

  private static void line(
      XYChart chart,
      List<Plots.Series> drawn,
      String name,
      List<Row> rows,
      ToDoubleFunction<Row> value,
      Color colour,
      BasicStroke stroke,
      int axis) {
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (Row r : rows) {
      double v = value.applyAsDouble(r);
      if (Double.isFinite(v)) {
        // Each second drawn at its end, when its figures were known.
        xs.add(r.endSeconds());
        ys.add(v);
      }
    }
    if (xs.isEmpty()) {
      return;
    }
    XYSeries s = chart.addSeries(name, xs, ys);
    s.setYAxisGroup(axis);
    s.setLineColor(colour);
    s.setMarkerColor(colour);
    s.setLineStyle(stroke);
    s.setMarker(SeriesMarkers.CIRCLE);
    drawn.add(new Plots.Series(name, xs, ys));
  }

  private static double value(Double v) {
    return v == null ? Double.NaN : v;
  }

  private static String seconds(double s) {
    // Adding 0.0 turns a -0.0 (a preload that ended a few ms before the warm-up) into 0.0.
    return String.format(Locale.ROOT, "%.1f", Math.round(s * 10) / 10.0 + 0.0);
  }
}
