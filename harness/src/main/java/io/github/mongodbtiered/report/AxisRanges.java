package io.github.mongodbtiered.report;

import java.util.Collection;
import java.util.TreeSet;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.XYStyler;

/**
 * Axis ranges XChart can draw. XChart 4.0.3's tick calculation never finishes on an axis whose span
 * is a sliver of its values (record counts 2147483646 and 2147483647, or throughputs equal to the
 * 13th digit), and its drawing thread ignores interrupts: {@link PlotTimeLimit} can give up on it,
 * but not stop it, and it spun at 100% CPU for the rest of a sweep. So every axis is widened to at
 * least {@link #MIN_RELATIVE_SPAN} of its values before drawing, and no such loop can start.
 */
final class AxisRanges {
  /**
   * The smallest span an axis may have, relative to its largest value: XChart spun below 1e-9
   * (measured from 1e3 to 1e12); a millionth leaves room and is still finer than any plot shows.
   */
  static final double MIN_RELATIVE_SPAN = 1e-6;

  /** How far a too narrow axis is widened either way, relative to its values. */
  private static final double PAD = 0.05;

  private AxisRanges() {}

  /** Widens each axis of {@code chart} whose range (set or from the data) is too narrow. */
  static void keepDrawable(XYChart chart) {
    Collection<XYSeries> series = chart.getSeriesCollection();
    if (series.isEmpty()) {
      return;
    }
    XYStyler s = chart.getStyler();
    double xLo = series.stream().mapToDouble(XYSeries::getXMin).min().orElse(0);
    double xHi = series.stream().mapToDouble(XYSeries::getXMax).max().orElse(0);
    double[] x = widened(s.getXAxisMin(), s.getXAxisMax(), xLo, xHi, s.isXAxisLogarithmic());
    if (x != null) {
      s.setXAxisMin(x[0]);
      s.setXAxisMax(x[1]);
    }
    TreeSet<Integer> groups = new TreeSet<>();
    series.forEach(e -> groups.add(e.getYAxisGroup()));
    for (int g : groups) {
      double lo = ofGroup(series, g).mapToDouble(XYSeries::getYMin).min().orElse(0);
      double hi = ofGroup(series, g).mapToDouble(XYSeries::getYMax).max().orElse(0);
      double[] y = widened(s.getYAxisMin(g), s.getYAxisMax(g), lo, hi, s.isYAxisLogarithmic());
      if (y != null) {
        s.setYAxisMin(g, y[0]);
        s.setYAxisMax(g, y[1]);
      }
    }
  }

  private static java.util.stream.Stream<XYSeries> ofGroup(Collection<XYSeries> series, int g) {
    return series.stream().filter(e -> e.getYAxisGroup() == g);
  }

  /**
   * The axis's new {@code [min, max]}, or null when its range, {@code setMin}/{@code setMax} where
   * the plot set one, else the data's, is wide enough (or not finite: the values' checks refuse
   * those before a plot is drawn).
   */
  static double[] widened(
      Double setMin, Double setMax, double dataMin, double dataMax, boolean log) {
    double lo = setMin != null ? setMin : dataMin;
    double hi = setMax != null ? setMax : dataMax;
    double magnitude = Math.max(Math.abs(lo), Math.abs(hi));
    if (!Double.isFinite(lo) || !Double.isFinite(hi) || hi - lo >= magnitude * MIN_RELATIVE_SPAN) {
      return null;
    }
    if (log) {
      return new double[] {lo / (1 + PAD), hi * (1 + PAD)};
    }
    return new double[] {lo - magnitude * PAD, hi + magnitude * PAD};
  }
}
