package io.github.mongodbtiered.intervals;

import io.github.mongodbtiered.results.LatencyStats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * A measured run's intervals, read from its HdrHistogram logs (one per operation type) and lined
 * up: YCSB's status thread closes an interval in every type's log at each report, within a few
 * milliseconds, so intervals whose ends lie within {@link #SAME_REPORT_MILLIS} of each other belong
 * to one report. A type first seen later in the run simply has no histogram in the earlier
 * intervals. An interval begins where the one before it ended, unless its histograms start later (a
 * gap: an alternating run's arm is measured only in its own slices).
 *
 * <p>Logs of intended-time latencies ({@code Intended-READ}, ..., written with YCSB's {@code
 * measurement.interval=intended} or {@code both}) are left out: they count the same operations a
 * second time.
 */
public final class IntervalLog {
  /** Interval ends this close together are one status report. */
  static final long SAME_REPORT_MILLIS = 250;

  /** YCSB's prefix for latencies measured from the intended start time. */
  public static final String INTENDED_PREFIX = LatencyStats.INTENDED_PREFIX;

  private IntervalLog() {}

  /**
   * The run's intervals in time order.
   *
   * @param logsByOperation each operation type's log, as {@code ReportLayout.histogramsOf} gives
   * @throws IOException when a log is missing, corrupt or truncated, naming it
   */
  public static List<Interval> read(Map<String, Path> logsByOperation) throws IOException {
    Map<String, List<Histogram>> decoded = new TreeMap<>();
    for (Map.Entry<String, Path> e : logsByOperation.entrySet()) {
      if (!e.getKey().startsWith(INTENDED_PREFIX)) {
        decoded.put(e.getKey(), HistogramLogs.intervals(e.getValue()));
      }
    }
    return of(decoded);
  }

  /**
   * The intervals of logs already decoded, in time order.
   *
   * @param byOperation each service-time operation type's intervals (no intended-time ones)
   */
  static List<Interval> of(Map<String, List<Histogram>> byOperation) {
    record Piece(String operation, Histogram histogram) {}
    List<Piece> pieces = new ArrayList<>();
    byOperation.forEach((op, hs) -> hs.forEach(h -> pieces.add(new Piece(op, h))));
    pieces.sort(Comparator.comparingLong(p -> p.histogram().getEndTimeStamp()));
    List<Interval> result = new ArrayList<>();
    int i = 0;
    long previousEnd = -1;
    while (i < pieces.size()) {
      long firstEnd = pieces.get(i).histogram().getEndTimeStamp();
      long start = Long.MAX_VALUE;
      long end = firstEnd;
      Map<String, Histogram> inReport = new HashMap<>();
      while (i < pieces.size()
          && pieces.get(i).histogram().getEndTimeStamp() - firstEnd <= SAME_REPORT_MILLIS) {
        Histogram h = pieces.get(i).histogram();
        start = Math.min(start, h.getStartTimeStamp());
        end = Math.max(end, h.getEndTimeStamp());
        inReport.merge(pieces.get(i).operation(), h, (a, b) -> add(a, b));
        i++;
      }
      // YCSB's intervals follow each other; an alternating run's arm has gaps (the other arms'
      // slices), and an interval after a gap starts when its own histograms say.
      boolean follows = previousEnd >= 0 && start - previousEnd <= SAME_REPORT_MILLIS;
      result.add(new Interval(follows ? previousEnd : start, end, inReport));
      previousEnd = end;
    }
    return result;
  }

  private static Histogram add(Histogram a, Histogram b) {
    Histogram sum = a.copy();
    sum.add(b);
    return sum;
  }
}
