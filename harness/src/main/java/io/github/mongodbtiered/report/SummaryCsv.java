package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * One row per cell as RFC 4180 CSV (CRLF line ends), every header naming its unit: the columns
 * {@link CellColumn} declares, the metrics' among them ({@link CellColumn#inCsvOrder}).
 *
 * <p>Empty means "not measured", never 0: a metric a cell lacks, a latency block for an operation
 * it did not run, and every measured figure of a cell whose status is not ok. Decimals are fixed
 * per column (never exponent notation, always {@link Locale#ROOT}): throughput 1, mean latency 1,
 * each {@link Metric} its {@link Metric#decimals()}; a {@link Metric#flag()} is true or false. A
 * non-finite value (a 0/0 ratio) is empty too.
 */
public final class SummaryCsv {
  /** Operation types with a failure column, in column order (the declaration's). */
  static final List<String> FAILURE_TYPES = CellColumn.FAILURE_TYPES;

  private SummaryCsv() {}

  /** Rows by profile in order of first appearance in {@code cells}, then by record count. */
  public static String render(List<CellResult> cells) {
    return render(cells, List.of());
  }

  /**
   * Rows by profile in {@code profileOrder} (the sweep's; profiles not in it follow in order of
   * first appearance), then by record count.
   */
  public static String render(List<CellResult> cells, List<String> profileOrder) {
    return render(CellResult.inProfileOrder(cells, profileOrder), operations(cells));
  }

  /** The CSV of {@code rows} as ordered, with latency columns for {@code ops}. */
  static String render(List<CellResult> rows, SortedSet<String> ops) {
    StringBuilder out = new StringBuilder();
    Csv.line(out, header(ops));
    for (CellResult cell : rows) {
      Csv.line(out, row(cell, ops));
    }
    return out.toString();
  }

  /** Operation types run by any cell: each gets latency columns, so all files share a header. */
  public static SortedSet<String> operations(List<CellResult> cells) {
    SortedSet<String> ops = new TreeSet<>();
    cells.forEach(c -> ops.addAll(c.latencies().keySet()));
    return ops;
  }

  /** The header for latency columns of {@code ops}; {@link SummaryColumns} documents it. */
  static List<String> header(SortedSet<String> ops) {
    return CellColumn.inCsvOrder(ops, CellColumn::column, Metric::column);
  }

  /** {@code c}'s fields, each column's as its {@link CellColumn} or {@link Metric} reads it. */
  private static List<String> row(CellResult c, SortedSet<String> ops) {
    // A failed run's zeros are placeholders, not measurements.
    boolean measured = c.ok();
    return CellColumn.inCsvOrder(
        ops,
        (column, type) -> column.value(c, type),
        m -> metric(m, measured ? c.metrics().get(m) : null));
  }

  /** {@code v} as {@code m}'s column has it: a flag as true or false, else its decimals. */
  static String metric(Metric m, Double v) {
    if (v == null) {
      return "";
    }
    // A yes or no, read as one.
    return m.flag() ? Boolean.toString(v > 0) : fixed(v, m.decimals());
  }

  static String fixed(double v, int decimals) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "";
  }
}
