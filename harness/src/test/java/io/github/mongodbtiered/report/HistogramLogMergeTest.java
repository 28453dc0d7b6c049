package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.measurements.OneMeasurementHdrHistogram;

class HistogramLogMergeTest {
  @TempDir Path dir;

  /** Latencies in microseconds around {@code medianMicros}, with a long tail. */
  static long[] latencies(Random r, int n, double medianMicros) {
    long[] v = new long[n];
    for (int i = 0; i < n; i++) {
      v[i] = Math.max(1, Math.round(medianMicros * Math.exp(r.nextGaussian() * 0.9)));
    }
    return v;
  }

  @Test
  void mergingTwoClientsLogsGivesThePercentilesOfOneHistogramOfAllValues() throws IOException {
    Random r = new Random(42);
    Histogram reference = new Histogram(3);
    Files.createDirectories(dir.resolve("a"));
    Files.createDirectories(dir.resolve("b"));
    // Two clients with different latency, their intervals interleaved in time.
    OneMeasurementHdrHistogram a = YcsbLogs.open(dir.resolve("a/2000-hdd-"), "READ");
    OneMeasurementHdrHistogram b = YcsbLogs.open(dir.resolve("b/2000-hdd-"), "READ");
    for (int i = 0; i < 5; i++) {
      long[] va = latencies(r, 4000, 300);
      long[] vb = latencies(r, 3000, 2500);
      YcsbLogs.interval(a, va);
      YcsbLogs.interval(b, vb);
      for (long v : va) {
        reference.recordValue(v);
      }
      for (long v : vb) {
        reference.recordValue(v);
      }
    }
    YcsbLogs.close(a);
    YcsbLogs.close(b);
    List<Path> logs =
        List.of(dir.resolve("a/2000-hdd-READ.hdr"), dir.resolve("b/2000-hdd-READ.hdr"));

    Histogram merged = HistogramLogMerge.merge(logs, dir.resolve("merged.hdr"));
    Histogram reread = HistogramLogMerge.total(List.of(dir.resolve("merged.hdr")));
    for (Histogram h : List.of(merged, reread, HistogramLogMerge.total(logs))) {
      assertEquals(reference.getTotalCount(), h.getTotalCount());
      for (double p : new double[] {50, 90, 99, 99.9}) {
        assertEquals(reference.getValueAtPercentile(p), h.getValueAtPercentile(p), "p" + p);
      }
      assertEquals(reference.getMaxValue(), h.getMaxValue());
    }
    // Not what either client alone saw: the merge really combined them.
    Histogram onlyA = HistogramLogMerge.total(logs.subList(0, 1));
    assertTrue(onlyA.getValueAtPercentile(90) < merged.getValueAtPercentile(90));

    List<Histogram> intervals = HistogramLogMerge.intervals(dir.resolve("merged.hdr"));
    int expected =
        HistogramLogMerge.intervals(logs.get(0)).size()
            + HistogramLogMerge.intervals(logs.get(1)).size();
    assertEquals(expected, intervals.size());
    List<Long> starts =
        new ArrayList<>(intervals.stream().map(Histogram::getStartTimeStamp).toList());
    List<Long> sorted = new ArrayList<>(starts);
    sorted.sort(null);
    assertEquals(sorted, starts, "intervals in absolute start-time order");
    long earliest =
        Math.min(
            HistogramLogMerge.intervals(logs.get(0)).get(0).getStartTimeStamp(),
            HistogramLogMerge.intervals(logs.get(1)).get(0).getStartTimeStamp());
    assertEquals(earliest, starts.get(0), "absolute times kept across the re-basing");
  }

  @Test
  void aCorruptIntervalIsRefusedNamingTheFileInsteadOfDroppingTheRest() throws IOException {
    Path log =
        YcsbLogs.write(
            dir.resolve("c-"),
            "READ",
            List.of(latencies(new Random(1), 100, 500), latencies(new Random(2), 100, 500)));
    List<String> lines = new ArrayList<>(Files.readAllLines(log));
    int first = -1;
    for (int i = 0; i < lines.size(); i++) {
      if (!lines.get(i).startsWith("#") && !lines.get(i).startsWith("\"")) {
        first = i;
        break;
      }
    }
    String line = lines.get(first);
    String head = line.substring(0, line.lastIndexOf(',') + 1);
    String payload = line.substring(head.length());
    for (String bad : List.of("not!base64", payload.substring(0, payload.length() / 8 * 4))) {
      lines.set(first, head + bad);
      Files.write(log, lines);
      IOException e = assertThrows(IOException.class, () -> HistogramLogMerge.intervals(log));
      assertTrue(e.getMessage().contains(log.toString()), e.getMessage());
      assertTrue(e.getMessage().contains("interval 1 does not decode"), e.getMessage());
    }
  }

  /**
   * An interval as YCSB's recorder wrote it in a sweep (2M records, san-600): its header claims a
   * largest value of 16 us while its counts reach 16 ms, so it does not decode as written.
   */
  @Test
  void anIntervalWhoseHeaderUnderstatesItsLargestValueIsReadWhole() throws Exception {
    Path log = dir.resolve("understated.hdr");
    try (var in = getClass().getResourceAsStream("/report/understated-max.hdr")) {
      Files.copy(in, log);
    }
    String line = Files.readAllLines(log).get(4);
    byte[] encoded =
        java.util.Base64.getDecoder().decode(line.substring(line.lastIndexOf(',') + 1));
    assertThrows(
        RuntimeException.class,
        () -> Histogram.decodeFromCompressedByteBuffer(java.nio.ByteBuffer.wrap(encoded), 0),
        "the fixture must stay undecodable as written");

    List<Histogram> intervals = HistogramLogMerge.intervals(log);

    assertEquals(1, intervals.size());
    assertEquals(11_296, intervals.get(0).getTotalCount());
    assertTrue(intervals.get(0).getMaxValue() >= 15_000, "max " + intervals.get(0).getMaxValue());
    assertEquals(
        intervals.get(0).getTotalCount(), HistogramLogMerge.read(log).count(), "read() agrees");
  }

  @Test
  void binaryGarbageIsRefusedNamingTheFile() throws IOException {
    Path log = dir.resolve("garbage.hdr");
    Files.write(log, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, (byte) 0x80, 'x'});
    IOException e = assertThrows(IOException.class, () -> HistogramLogMerge.intervals(log));
    assertEquals(log + ": not an HdrHistogram log (binary data, not text)", e.getMessage());
  }

  @Test
  void readGivesTheStatsOfAWholeYcsbLog() throws IOException {
    Random r = new Random(7);
    Histogram reference = new Histogram(3);
    List<long[]> intervals = new java.util.ArrayList<>();
    for (int i = 0; i < 3; i++) {
      long[] v = latencies(r, 1000, 500);
      intervals.add(v);
      for (long x : v) {
        reference.recordValue(x);
      }
    }
    Path log = YcsbLogs.write(dir.resolve("1000-hdd-"), "READ", intervals);
    assertEquals(
        io.github.mongodbtiered.results.LatencyStats.of(reference), HistogramLogMerge.read(log));
    assertThrows(IOException.class, () -> HistogramLogMerge.read(dir.resolve("none.hdr")));
  }

  /** A log cut off mid-line, as a full disk or an interrupted copy leaves it. */
  @Test
  void aLogCutShortNamesTheIntervalAndTheFixNotNull() throws IOException {
    Random r = new Random(11);
    List<long[]> intervals = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      intervals.add(latencies(r, 1000, 500));
    }
    Path log = YcsbLogs.write(dir.resolve("1000-hdd-"), "READ", intervals);
    String text = Files.readString(log);
    int lastLine = text.stripTrailing().lastIndexOf('\n');
    Files.writeString(log, text.substring(0, lastLine + (text.length() - lastLine) / 2));
    IOException e = assertThrows(IOException.class, () -> HistogramLogMerge.read(log));
    assertTrue(
        e.getMessage()
            .matches(
                java.util.regex.Pattern.quote(log.toString()) + ": interval \\d does not decode.*"),
        e.getMessage());
    assertTrue(e.getMessage().contains("run the sweep again for this cell"), e.getMessage());
    assertTrue(!e.getMessage().contains("(null)"), e.getMessage());
  }
}
