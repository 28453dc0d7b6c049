package io.github.mongodbtiered.report;

import io.github.mongodbtiered.intervals.HistogramLogs;
import io.github.mongodbtiered.results.LatencyStats;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Reads HdrHistogram interval logs, and combines the logs written by several client processes (or
 * hosts) for the same operation into one: the percentiles of the result are those of every recorded
 * value together, not an average of each client's percentiles.
 *
 * <p>Each log's interval timestamps are relative to its own base time; they are read as absolute
 * times, so intervals from different clients, which overlap in time, interleave in start-time order
 * in the merged log. Logs are read by {@link HistogramLogs}, which refuses and repairs as it says.
 */
public final class HistogramLogMerge {
  private HistogramLogMerge() {}

  /** The log's intervals, with absolute start and end timestamps (ms since the epoch). */
  public static List<Histogram> intervals(Path log) throws IOException {
    return HistogramLogs.intervals(log);
  }

  /**
   * The latency figures of one log, as a sweep records them from YCSB's logs: every interval added
   * up, so the percentiles are those of the whole run, not an average of intervals' (values in
   * microseconds, as YCSB records them). The one reader of these logs, for sweeps and merges alike.
   *
   * @throws IOException when the log is missing, corrupt or truncated, naming it
   */
  public static LatencyStats read(Path log) throws IOException {
    return LatencyStats.of(total(List.of(log)));
  }

  /** Every interval of {@code logs} added into one histogram. */
  public static Histogram total(List<Path> logs) throws IOException {
    Histogram total = new Histogram(3);
    for (Path log : logs) {
      for (Histogram h : intervals(log)) {
        total.add(h);
      }
    }
    return total;
  }

  /**
   * Writes, atomically, one log with the intervals of all {@code logs} in order of absolute start
   * time, its start and base time the earliest interval's start.
   *
   * @return all values together, as {@link #total} would give
   */
  public static Histogram merge(List<Path> logs, Path out) throws IOException {
    List<Histogram> all = new ArrayList<>();
    List<String> names = new ArrayList<>();
    for (Path log : logs) {
      all.addAll(intervals(log));
      names.add(log.getFileName().toString());
    }
    all.sort(Comparator.comparingLong(Histogram::getStartTimeStamp));
    Histogram total = new Histogram(3);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (PrintStream ps = new PrintStream(bytes, false, StandardCharsets.UTF_8)) {
      HistogramLogWriter w = new HistogramLogWriter(ps);
      w.outputComment("[Merged by mongodb-tiered from " + logs.size() + " logs: " + names + "]");
      w.outputLogFormatVersion();
      long base = all.isEmpty() ? 0 : all.get(0).getStartTimeStamp();
      w.outputStartTime(base);
      w.outputBaseTime(base);
      w.setBaseTime(base);
      w.outputLegend();
      for (Histogram h : all) {
        w.outputIntervalHistogram(h);
        total.add(h);
      }
    }
    AtomicFiles.write(out, bytes.toByteArray());
    return total;
  }
}
