package io.github.mongodbtiered.intervals;

import io.github.mongodbtiered.results.LatencyStats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/**
 * One measured run's HdrHistogram logs (one per operation type), each decoded once into what the
 * cell needs of them: the latencies of the whole run, the intended-time latencies of a run driven
 * at {@code --target} (kept apart: they count the same operations a second time), and the intervals
 * the series, the run's confidence interval and its drift come from. Repeats of a cell are combined
 * from these in memory, {@link #together}, not read from disk again.
 */
public final class RunLogs {
  private final Map<String, List<Histogram>> service;
  private final Map<String, List<Histogram>> intended;
  private List<Interval> intervals;

  private RunLogs(Map<String, List<Histogram>> service, Map<String, List<Histogram>> intended) {
    this.service = service;
    this.intended = intended;
  }

  /**
   * Decodes each of the run's logs.
   *
   * @param logsByOperation each operation type's log, as {@code ReportLayout.histogramsOf} gives,
   *     intended-time ones ({@code Intended-READ}) included
   * @throws IOException when a log is missing, corrupt or truncated, naming it
   */
  public static RunLogs read(Map<String, Path> logsByOperation) throws IOException {
    Map<String, List<Histogram>> service = new TreeMap<>();
    Map<String, List<Histogram>> intended = new TreeMap<>();
    for (Map.Entry<String, Path> e : logsByOperation.entrySet()) {
      String op = e.getKey();
      List<Histogram> decoded = HistogramLogs.intervals(e.getValue());
      if (op.startsWith(IntervalLog.INTENDED_PREFIX)) {
        intended.put(op.substring(IntervalLog.INTENDED_PREFIX.length()), decoded);
      } else {
        service.put(op, decoded);
      }
    }
    return new RunLogs(service, intended);
  }

  /** The logs of several runs of one cell as if one run had logged them all (for latencies). */
  public static RunLogs together(List<RunLogs> runs) {
    Map<String, List<Histogram>> service = new TreeMap<>();
    Map<String, List<Histogram>> intended = new TreeMap<>();
    for (RunLogs r : runs) {
      r.service.forEach((op, hs) -> service.computeIfAbsent(op, k -> new ArrayList<>()).addAll(hs));
      r.intended.forEach(
          (op, hs) -> intended.computeIfAbsent(op, k -> new ArrayList<>()).addAll(hs));
    }
    return new RunLogs(service, intended);
  }

  /**
   * Service-time latency per operation type over the whole run (every interval added up, values in
   * microseconds); types that logged nothing are left out.
   */
  public Map<String, LatencyStats> latencies() {
    return stats(service);
  }

  /** Latency from each operation's intended start ({@code --target}), by operation type. */
  public Map<String, LatencyStats> intendedLatencies() {
    return stats(intended);
  }

  /** The service-time intervals in time order, lined up across operation types. */
  public List<Interval> intervals() {
    if (intervals == null) {
      intervals = IntervalLog.of(service);
    }
    return intervals;
  }

  private static Map<String, LatencyStats> stats(Map<String, List<Histogram>> byOperation) {
    Map<String, LatencyStats> result = new TreeMap<>();
    byOperation.forEach(
        (op, hs) -> {
          Histogram total = new Histogram(3);
          hs.forEach(total::add);
          if (total.getTotalCount() > 0) {
            result.put(op, LatencyStats.of(total));
          }
        });
    return result;
  }
}
