package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.intervals.Interval;
import io.github.mongodbtiered.intervals.RunLogs;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.report.SeriesCsv;
import io.github.mongodbtiered.report.SeriesCsv.Phase;
import io.github.mongodbtiered.report.SeriesCsv.Row;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given HdrHistogram logs of a warm-up and of a measured run with known intervals, and a preload of
 * known length, when the cell's series is written, then series/RECORDS-PROFILE.csv holds a preload
 * row, then one row per second of each phase with its throughput and p99, times counted from the
 * start of the warm-up; the warm-up's logs are gone and never counted as the run's.
 */
class CellSeriesTest {
  private static final long T0 = 1_700_000_000_000L;
  private static final long RECORDS = 2000;
  private static final String PROFILE = "fast-small";

  @TempDir Path dir;

  /** One value repeated: {@code counts[i]} operations of {@code micros} in interval i. */
  private record Values(int[] counts, long micros) {}

  private static void log(Path file, long firstStart, long[] ends, Values... values)
      throws IOException {
    Files.createDirectories(file.getParent());
    try (PrintStream out = new PrintStream(Files.newOutputStream(file))) {
      HistogramLogWriter w = new HistogramLogWriter(out);
      w.outputLogFormatVersion();
      w.outputStartTime(firstStart);
      w.setBaseTime(firstStart);
      w.outputLegend();
      long start = firstStart;
      for (int i = 0; i < ends.length; i++) {
        Histogram h = new Histogram(3);
        for (Values v : values) {
          h.recordValueWithCount(v.micros(), v.counts()[i]);
        }
        h.setStartTimeStamp(start);
        h.setEndTimeStamp(ends[i]);
        w.outputIntervalHistogram(h);
        start = ends[i];
      }
    }
  }

  /** The measured run's intervals, as the cell's measurement decodes them. */
  private static List<Interval> run(ReportLayout layout) throws IOException {
    return RunLogs.read(layout.histogramsOf(RECORDS, PROFILE)).intervals();
  }

  private ReportLayout layoutWithLogs() throws IOException {
    ReportLayout layout = new ReportLayout(dir);
    Path warm = layout.warmupHistogramOutputPrefix(RECORDS, PROFILE);
    log(
        Path.of(warm + "READ.hdr"),
        T0,
        new long[] {T0 + 1000, T0 + 2000},
        new Values(new int[] {1000, 2000}, 500));
    Path run = layout.histogramOutputPrefix(RECORDS, PROFILE);
    // The run's second second: 2900 reads of 1 ms and 100 of 20 ms, so its p99 is 20 ms.
    log(
        Path.of(run + "READ.hdr"),
        T0 + 2500,
        new long[] {T0 + 3500, T0 + 4500},
        new Values(new int[] {3000, 2900}, 1000),
        new Values(new int[] {0, 100}, 20_000));
    log(
        Path.of(run + "UPDATE.hdr"),
        T0 + 2500,
        new long[] {T0 + 3502, T0 + 4501},
        new Values(new int[] {100, 0}, 5000));
    return layout;
  }

  @Test
  void eachSecondOfTheWarmUpAndTheRunIsARowAfterThePreload() throws IOException {
    ReportLayout layout = layoutWithLogs();
    // The warm-up's logs are in a directory of their own: the run's latencies never see them.
    assertEquals(Set.of("READ", "UPDATE"), layout.histogramsOf(RECORDS, PROFILE).keySet());

    CellSeries series = new CellSeries(layout, RECORDS, PROFILE);
    series.preloaded(T0 - 200, 1.5);
    assertEquals(Optional.empty(), series.append(1, run(layout)));

    Path file = dir.resolve("series/2000-fast-small.csv");
    String text = Files.readString(file);
    assertTrue(
        text.startsWith(
            "repeat,phase,start_s,end_s,operations,ops_per_sec,p99_ms,main_operation,main_p99_ms,"
                + "warmup_stage,warmup_waiting_on,burst_credits\r\n"
                + "1,preload,-1.700,-0.200,,,,,,,,\r\n"
                + "1,warmup,0.000,1.000,1000,1000.0,"),
        text);
    List<Row> rows = SeriesCsv.read(file);
    assertEquals(
        List.of(Phase.PRELOAD, Phase.WARMUP, Phase.WARMUP, Phase.RUN, Phase.RUN),
        rows.stream().map(Row::phase).toList());
    Row warm2 = rows.get(2);
    assertEquals(1.0, warm2.startSeconds(), 1e-9);
    assertEquals(2000L, warm2.operations());
    assertEquals(2000.0, warm2.opsPerSec(), 1e-9);
    assertEquals(0.5, warm2.p99Millis(), 0.001);
    Row run1 = rows.get(3);
    assertEquals(2.5, run1.startSeconds(), 1e-9);
    assertEquals(3.502, run1.endSeconds(), 1e-9);
    assertEquals(3100L, run1.operations());
    assertEquals(3100 / 1.002, run1.opsPerSec(), 0.05);
    assertEquals(5.0, run1.p99Millis(), 0.01);
    assertEquals("READ", run1.mainOperation());
    assertEquals(1.0, run1.mainP99Millis(), 0.001);
    Row run2 = rows.get(4);
    assertEquals(3000L, run2.operations());
    assertEquals(20.0, run2.p99Millis(), 0.02);
    assertEquals(20.0, run2.mainP99Millis(), 0.02);
    assertTrue(layout.warmupHistogramsOf(RECORDS, PROFILE).isEmpty(), "warm-up logs removed");
    assertEquals(Set.of("READ", "UPDATE"), layout.histogramsOf(RECORDS, PROFILE).keySet());
  }

  @Test
  void aLaterRepeatIsAppendedAndTheFirstStartsTheFileAfresh() throws IOException {
    ReportLayout layout = layoutWithLogs();
    new CellSeries(layout, RECORDS, PROFILE).append(1, run(layout));
    layoutWithLogs();
    new CellSeries(layout, RECORDS, PROFILE).append(2, run(layout));
    List<Row> both = SeriesCsv.read(layout.series(RECORDS, PROFILE));
    assertEquals(List.of(1, 2), both.stream().map(Row::repeat).distinct().toList());
    assertEquals(8, both.size(), "two warm-up and two run rows per repeat, no preload");

    layoutWithLogs();
    new CellSeries(layout, RECORDS, PROFILE).append(1, run(layout));
    List<Row> again = SeriesCsv.read(layout.series(RECORDS, PROFILE));
    assertEquals(List.of(1), again.stream().map(Row::repeat).distinct().toList());
    assertFalse(again.stream().anyMatch(r -> r.phase() == Phase.PRELOAD));
  }

  @Test
  void withoutAWarmUpTheRunCountsFromItsOwnStart() throws IOException {
    ReportLayout layout = layoutWithLogs();
    layout.deleteWarmupHistogramsOf(RECORDS, PROFILE);
    new CellSeries(layout, RECORDS, PROFILE).append(1, run(layout));
    List<Row> rows = SeriesCsv.read(layout.series(RECORDS, PROFILE));
    assertEquals(List.of(Phase.RUN, Phase.RUN), rows.stream().map(Row::phase).toList());
    assertEquals(0.0, rows.get(0).startSeconds(), 1e-9);
  }

  /**
   * Given a warm-up whose first second ran with the disk limits lifted and whose detector waited on
   * the trend window, then found the steady state, the warm-up rows name the stage and the tests.
   */
  @Test
  void warmUpRowsSayTheirStageAndWhatTheWarmUpWaitedOn() throws IOException {
    ReportLayout layout = layoutWithLogs();
    CellSeries series = new CellSeries(layout, RECORDS, PROFILE);
    java.util.TreeMap<Long, List<String>> waits = new java.util.TreeMap<>();
    waits.put(1_010L, List.of("ops-step", "jit"));
    waits.put(2_000L, List.of());
    series.warmedUp(waits, 1_000);
    series.append(1, run(layout));

    List<Row> rows = SeriesCsv.read(layout.series(RECORDS, PROFILE));
    assertEquals("lifted", rows.get(0).warmup().stage());
    assertEquals("ops-step;jit", rows.get(0).warmup().waitingOn());
    assertEquals("limited", rows.get(1).warmup().stage());
    assertEquals("", rows.get(1).warmup().waitingOn(), "the second found steady waits on nothing");
    assertEquals(null, rows.get(2).warmup().stage(), "a run's row has no stage");
    assertEquals(null, rows.get(2).warmup().waitingOn());
    assertTrue(
        Files.readString(layout.series(RECORDS, PROFILE))
            .contains("main_p99_ms,warmup_stage,warmup_waiting_on,burst_credits\r\n"));
  }

  /** A series written before the stage and waits were kept is still read. */
  @Test
  void aSeriesWithoutTheWarmUpsWaitsIsStillRead() throws IOException {
    Path file = dir.resolve("old.csv");
    Files.writeString(
        file,
        "repeat,phase,start_s,end_s,operations,ops_per_sec,p99_ms,main_operation,main_p99_ms\r\n"
            + "1,warmup,0.000,1.000,1000,1000.0,0.500,READ,0.500\r\n");
    Row r = SeriesCsv.read(file).get(0);
    assertEquals(1000L, r.operations());
    assertEquals(null, r.warmup().waitingOn());
  }
}
