package io.github.mongodbtiered.report;

import io.github.mongodbtiered.profiles.Sizes;
import io.github.mongodbtiered.results.CellResult;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
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
 * How the report's plots look and are encoded, on XChart: one style for all of them (size, fonts,
 * colours, legend, tick labels), series added without their missing values, and the finished chart
 * as SVG and PNG. {@link Plots} decides what each plot shows.
 */
final class Charts {
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

  private static final BasicStroke WHISKER =
      new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER);

  static {
    // Rendering needs no display; without this AWT may try to reach an X server named in DISPLAY.
    if (System.getProperty("java.awt.headless") == null) {
      System.setProperty("java.awt.headless", "true");
    }
  }

  /**
   * The largest value, either way, a plot takes: a thousand times any validated figure, and far
   * below where XChart's tick calculation never finishes (it spun forever on 1e308).
   */
  static final double MAX_PLOTTED = 1e12;

  /** A value no plot can show; the plots are left out and the page says why. */
  static final class UnplottableValueException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    UnplottableValueException(String series, CellResult cell, double value) {
      super(
          series
              + " at "
              + cell.key()
              + ": "
              + value
              + " is beyond what a plot can show (at most "
              + String.format(Locale.ROOT, "%.0e", MAX_PLOTTED)
              + ")");
    }
  }

  private Charts() {}

  /** {@code v}, or the exception when it is finite but out of the plots' range. */
  private static double plottable(String series, CellResult cell, double v) {
    if (Math.abs(v) > MAX_PLOTTED || cell.recordCount() > MAX_PLOTTED) {
      throw new UnplottableValueException(series, cell, v);
    }
    return v;
  }

  /** The colour of the {@code i}th profile, repeating after the palette's eight. */
  static Color colour(int i) {
    return PALETTE[i % PALETTE.length];
  }

  static XYChart chart(String title, String yTitle) {
    return chart(title, yTitle, WIDTH, HEIGHT);
  }

  /** A chart of the report's style, of another size (the time series' small multiples). */
  static XYChart chart(String title, String yTitle, int width, int height) {
    XYChart chart =
        new XYChartBuilder()
            .width(width)
            .height(height)
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
    chart.setCustomXAxisTickLabelsFormatter(Charts::count);
    return chart;
  }

  /** Adds the series when at least one cell has a value; NaN values are left out. */
  static void add(
      XYChart chart,
      List<Plots.Series> names,
      String name,
      List<CellResult> cells,
      ToDoubleFunction<CellResult> value,
      Color colour,
      boolean solid) {
    List<Double> xs = new ArrayList<>();
    List<Double> ys = new ArrayList<>();
    for (CellResult c : cells) {
      double v = value.applyAsDouble(c);
      if (Double.isFinite(v) && Double.isFinite(plottable(name, c, v))) {
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
    names.add(new Plots.Series(name, xs, ys));
  }

  /**
   * A vertical bar from {@code low} to {@code high} at each cell's record count, in the series'
   * colour and left out of the legend (the plot's title says what the bars are); cells lacking
   * either end get none. Drawn as whiskers rather than XChart's error bars, which are symmetric
   * around the point while an interval or a range need not be.
   */
  static void whiskers(
      XYChart chart,
      String name,
      List<CellResult> cells,
      ToDoubleFunction<CellResult> low,
      ToDoubleFunction<CellResult> high,
      Color colour) {
    for (CellResult c : cells) {
      double lo = low.applyAsDouble(c);
      double hi = high.applyAsDouble(c);
      if (!Double.isFinite(lo) || !Double.isFinite(hi)) {
        continue;
      }
      plottable(name + " bar", c, lo);
      plottable(name + " bar", c, hi);
      double x = c.recordCount();
      XYSeries s =
          chart.addSeries(name + " bar " + c.recordCount(), List.of(x, x), List.of(lo, hi));
      s.setLineColor(colour);
      s.setLineStyle(WHISKER);
      s.setMarker(SeriesMarkers.PLUS); // its bar crosses the line: a cap at each end
      s.setMarkerColor(colour);
      s.setShowInLegend(false);
    }
  }

  static Plots.Plot finish(String name, XYChart chart, List<Plots.Series> names, String emptyText)
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
    AxisRanges.keepDrawable(chart);
    return PlotTimeLimit.bounded(
        name,
        () -> {
          byte[] png = BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
          return new Plots.Plot(name, chart.getTitle(), names, encodeSvg(chart), png);
        });
  }

  /** The chart as an SVG document, drawn within {@link PlotTimeLimit#DRAW_LIMIT}. */
  static String svg(String name, XYChart chart) throws IOException {
    AxisRanges.keepDrawable(chart);
    return PlotTimeLimit.bounded(name, () -> encodeSvg(chart));
  }

  private static String encodeSvg(XYChart chart) throws IOException {
    ByteArrayOutputStream svg = new ByteArrayOutputStream();
    VectorGraphicsEncoder.saveVectorGraphic(
        chart, svg, VectorGraphicsEncoder.VectorGraphicsFormat.SVG);
    return svg.toString(StandardCharsets.UTF_8);
  }

  /** 2000000 as "2M", 500000 as "500k", 2500 as "2.5k". */
  static String count(double records) {
    if (records >= 1e6) {
      return Sizes.trim(records / 1e6) + "M";
    }
    if (records >= 1e3) {
      return Sizes.trim(records / 1e3) + "k";
    }
    return Sizes.trim(records);
  }

  /** Tick labels without exponent notation: 0.5, 10, 12000. */
  static String plain(double v) {
    if (v >= 10 || v == 0) {
      return String.format(Locale.ROOT, "%.0f", v);
    }
    return Sizes.trim(v);
  }
}
