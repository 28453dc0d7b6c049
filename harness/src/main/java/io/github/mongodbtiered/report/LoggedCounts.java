package io.github.mongodbtiered.report;

import io.github.mongodbtiered.intervals.HistogramLogs;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * An ok cell's counts against its HdrHistogram logs (every repeat's), the record they were worked
 * out from: each latency type's {@code count} is exactly what its logs hold, and {@code operations}
 * is the logged operations plus the failed ones (which YCSB logs apart, as {@code READ-FAILED}),
 * within {@link #OPERATIONS_TOLERANCE} (at least one operation), since it comes from YCSB's own
 * total rather than the logs. A cell whose logs are all gone, or one of which does not decode,
 * cannot be checked and is not (a merge, which reads them, fails such a cell naming the log).
 */
final class LoggedCounts {
  /** How far a cell's operations may be from its logged ones, as a fraction of the larger. */
  static final double OPERATIONS_TOLERANCE = 0.001;

  /** The binding's log of whole insert batches: its entries are batches, not operations. */
  private static final String INSERT_BATCH = "INSERT-BATCH";

  private LoggedCounts() {}

  /** Each count of {@code cell} its logs do not bear out, as {@code field value: why}. */
  static List<String> problems(CellResult cell, ReportLayout layout) throws IOException {
    if (!cell.ok()) {
      return List.of();
    }
    Map<String, Long> logged;
    try {
      logged = logged(cell, layout);
    } catch (IOException e) {
      // A log that does not decode bears nothing out; a merge that needs it fails its cell.
      return List.of();
    }
    if (logged.isEmpty()) {
      return List.of();
    }
    List<String> p = new ArrayList<>();
    Map<String, Long> stated = new TreeMap<>();
    cell.latencies().forEach((op, s) -> stated.put(op, s.count()));
    cell.intendedLatencies()
        .forEach((op, s) -> stated.put(LatencyStats.INTENDED_PREFIX + op, s.count()));
    for (String op : union(stated, logged)) {
      long says = stated.getOrDefault(op, 0L);
      long holds = logged.getOrDefault(op, 0L);
      if (says != holds) {
        p.add(field(op) + " " + says + " while its logs hold " + holds + " operations");
      }
    }
    long expected = cell.failedOperations().values().stream().mapToLong(Long::longValue).sum();
    for (Map.Entry<String, Long> e : logged.entrySet()) {
      if (!e.getKey().startsWith(LatencyStats.INTENDED_PREFIX)
          && !e.getKey().equals(INSERT_BATCH)) {
        expected += e.getValue();
      }
    }
    long slack = Math.max(1, Math.round(OPERATIONS_TOLERANCE * Math.max(expected, 0)));
    if (Math.abs(cell.operations() - expected) > slack) {
      p.add(
          "operations "
              + cell.operations()
              + " while its logs hold "
              + expected
              + " (failed ones included)");
    }
    return p;
  }

  /** Operations each type's logs hold, every repeat's; types that logged none left out. */
  private static Map<String, Long> logged(CellResult cell, ReportLayout layout) throws IOException {
    Map<String, Long> logged = new TreeMap<>();
    for (Map.Entry<String, List<Path>> e :
        layout.histogramsOfAllRepeats(cell.recordCount(), cell.profile()).entrySet()) {
      long n = 0;
      for (Path log : e.getValue()) {
        for (Histogram h : HistogramLogs.intervals(log)) {
          n += h.getTotalCount();
        }
      }
      if (n > 0) {
        logged.put(e.getKey(), n);
      }
    }
    return logged;
  }

  private static List<String> union(Map<String, Long> a, Map<String, Long> b) {
    TreeMap<String, Long> all = new TreeMap<>(a);
    all.putAll(b);
    return new ArrayList<>(all.keySet());
  }

  private static String field(String op) {
    return op.startsWith(LatencyStats.INTENDED_PREFIX)
        ? "intendedLatencies." + op.substring(LatencyStats.INTENDED_PREFIX.length()) + ".count"
        : "latencies." + op + ".count";
  }
}
