package io.github.mongodbtiered.intervals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IntervalLogTest {
  @TempDir Path dir;

  private static final long T0 = 1_700_000_000_000L;

  /** A log with one interval per {@code counts} entry, each {@code counts[i]} values of micros. */
  private Path log(String op, long firstStart, long[] ends, int[] counts, long micros)
      throws IOException {
    long[] starts = new long[ends.length];
    for (int i = 0; i < ends.length; i++) {
      starts[i] = i == 0 ? firstStart : ends[i - 1];
    }
    return log(op, starts, ends, counts, micros);
  }

  /** As above, each interval starting at {@code starts[i]}: gaps between them allowed. */
  private Path log(String op, long[] starts, long[] ends, int[] counts, long micros)
      throws IOException {
    long firstStart = starts[0];
    Path p = dir.resolve(op + ".hdr");
    try (PrintStream out = new PrintStream(Files.newOutputStream(p))) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputLogFormatVersion();
      w.outputStartTime(firstStart);
      w.setBaseTime(firstStart);
      w.outputLegend();
      for (int i = 0; i < ends.length; i++) {
        Histogram h = new Histogram(3);
        for (int k = 0; k < counts[i]; k++) {
          h.recordValue(micros);
        }
        h.setStartTimeStamp(starts[i]);
        h.setEndTimeStamp(ends[i]);
        w.outputIntervalHistogram(h);
      }
    }
    return p;
  }

  @Test
  void linesUpEachReportAcrossOperationTypesAndLeavesIntendedTimesOut() throws IOException {
    Path read =
        log(
            "READ",
            T0,
            new long[] {T0 + 1000, T0 + 2001, T0 + 2500},
            new int[] {900, 800, 300},
            500);
    // UPDATE's first operation came in the second second; its ends differ by a few ms.
    Path update =
        log("UPDATE", T0 + 1400, new long[] {T0 + 2003, T0 + 2502}, new int[] {100, 10}, 9000);
    Path intended =
        log(
            "Intended-READ",
            T0,
            new long[] {T0 + 1000, T0 + 2001, T0 + 2500},
            new int[] {1, 1, 1},
            1);

    List<Interval> intervals =
        IntervalLog.read(Map.of("READ", read, "UPDATE", update, "Intended-READ", intended));

    assertEquals(3, intervals.size());
    assertEquals(900, intervals.get(0).operations());
    assertEquals(900.0, intervals.get(0).opsPerSec(), 1e-9);
    Interval second = intervals.get(1);
    assertEquals(T0 + 1000, second.startMillis());
    assertEquals(T0 + 2003, second.endMillis());
    assertEquals(900, second.operations());
    assertEquals(900 / 1.003, second.opsPerSec(), 1e-6);
    // 100 of 900 operations took 9 ms: the interval's p99 is theirs, READ's alone is 0.5 ms.
    assertEquals(9000, second.p99Micros(), 9000 * 0.001);
    assertEquals(500, second.p99Micros("READ"), 1);
    assertEquals(0, intervals.get(0).p99Micros("UPDATE"));
    assertFalse(intervals.get(0).byOperation().containsKey("Intended-READ"));
    assertEquals(310, intervals.get(2).operations());
    assertEquals(0.499, intervals.get(2).seconds(), 1e-9);
  }

  @Test
  void anAlternatingArmsIntervalAfterAGapStartsWhenItsSliceDid() throws IOException {
    // An arm measured in [0, 1 s) and [2 s, 2.5 s): the other arm held the second in between.
    Path read =
        log(
            "READ",
            new long[] {T0, T0 + 2000},
            new long[] {T0 + 1000, T0 + 2500},
            new int[] {1000, 500},
            500);

    List<Interval> intervals = IntervalLog.read(Map.of("READ", read));

    assertEquals(2, intervals.size());
    assertEquals(T0 + 2000, intervals.get(1).startMillis());
    assertEquals(1000.0, intervals.get(1).opsPerSec(), 1e-9, "500 operations in its 0.5 s");
  }

  @Test
  void noLogsNoIntervals() throws IOException {
    assertEquals(List.of(), IntervalLog.read(Map.of()));
  }
}
