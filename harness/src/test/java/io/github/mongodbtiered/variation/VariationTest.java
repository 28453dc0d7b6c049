package io.github.mongodbtiered.variation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.intervals.Interval;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class VariationTest {
  @Test
  void studentTQuantilesMatchThePublishedTable() {
    // Two-sided 95% critical values from a printed t table (NIST/SEMATECH e-Handbook, 1.3.6.7.2).
    assertEquals(12.706, StudentT.quantile975(1), 0.001);
    assertEquals(4.303, StudentT.quantile975(2), 0.001);
    assertEquals(2.776, StudentT.quantile975(4), 0.001);
    assertEquals(2.262, StudentT.quantile975(9), 0.001);
    assertEquals(2.042, StudentT.quantile975(30), 0.001);
    assertEquals(2.021, StudentT.quantile975(40), 0.002);
    assertEquals(2.000, StudentT.quantile975(60), 0.002);
    assertEquals(1.980, StudentT.quantile975(120), 0.002);
    assertEquals(1.960, StudentT.quantile975(1_000_000), 0.001);
    assertThrows(IllegalArgumentException.class, () -> StudentT.quantile975(0));
  }

  @Test
  void confidenceIntervalOfFiveMeansIsStudentT() {
    // mean 10, sample sd sqrt(2.5) = 1.5811; half width 2.776 * 1.5811 / sqrt(5) = 1.963
    ConfidenceInterval ci = ConfidenceInterval.of95(List.of(8.0, 9.0, 10.0, 11.0, 12.0));
    assertEquals(10.0, ci.mean(), 1e-9);
    assertEquals(10.0 - 1.963, ci.low(), 0.001);
    assertEquals(10.0 + 1.963, ci.high(), 0.001);
    assertEquals(15.81, ci.cvPct(), 0.01);
    assertEquals(5, ci.samples());
    assertThrows(IllegalArgumentException.class, () -> ConfidenceInterval.of95(List.of(1.0)));
  }

  @Test
  void batchesAreTenOfAtLeastTwoSecondsAndTheLastPartialIntervalIsLeftOut() {
    List<Interval> sixtyAndAHalf = run(new double[60], 1000);
    sixtyAndAHalf.add(interval(60_000, 60_400, 50, 1000)); // the last, partial second
    List<BatchMeans.Batch> b = BatchMeans.of(sixtyAndAHalf);
    assertEquals(10, b.size());
    assertEquals(60, b.stream().mapToInt(BatchMeans.Batch::intervals).sum());
    assertEquals(6, b.get(0).intervals());
    assertEquals(1000, b.get(0).opsPerSec(), 1e-9);

    // 9 full seconds: 4 batches of 2 or 3 s, every full second used.
    List<BatchMeans.Batch> nine = BatchMeans.of(run(new double[9], 500));
    assertEquals(4, nine.size());
    assertEquals(9, nine.stream().mapToInt(BatchMeans.Batch::intervals).sum());
    assertTrue(nine.stream().allMatch(x -> x.intervals() >= 2));

    // 3 full seconds cannot make two batches of 2 s.
    assertTrue(BatchMeans.of(run(new double[3], 500)).isEmpty());
    assertEquals(60, BatchMeans.fullIntervals(sixtyAndAHalf).size());
  }

  @Test
  void aQuietRunIsStableAndARunThatDropsHalfwayIsNot() {
    double[] quiet = new double[60];
    for (int i = 0; i < quiet.length; i++) {
      quiet[i] = i % 2 == 0 ? 0.97 : 1.03; // +-3% second to second
    }
    CellVariation q = CellVariation.ofRun(run(quiet, 2000), "READ");
    assertFalse(q.unstable());
    assertEquals(10, q.batches());
    assertEquals(60, q.intervals());
    assertEquals(1, q.repeats());
    assertTrue(q.cvPct() < 1, "cv " + q.cvPct());
    assertTrue(q.opsPerSec().low() <= 2000 && q.opsPerSec().high() >= 2000);

    double[] dropped = new double[60];
    for (int i = 0; i < dropped.length; i++) {
      dropped[i] = i < 30 ? 1.0 : 0.2; // a disk limit tightened halfway
    }
    CellVariation d = CellVariation.ofRun(run(dropped, 2000), "READ");
    assertTrue(d.unstable());
    assertTrue(d.cvPct() > Stability.UNSTABLE_CV_PCT, "cv " + d.cvPct());
  }

  @Test
  void thresholdIsOnTheCoefficientOfVariation() {
    assertFalse(Stability.unstable(Stability.UNSTABLE_CV_PCT));
    assertTrue(Stability.unstable(Stability.UNSTABLE_CV_PCT + 0.01));
    assertFalse(Stability.unstable(null));
  }

  @Test
  void p99SpreadIsTheRangeOverBatches() {
    List<Interval> intervals = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      // p99 of 1 ms in the first half, 8 ms in the second
      intervals.add(interval(i * 1000L, (i + 1) * 1000L, 100, i < 10 ? 1000 : 8000));
    }
    CellVariation v = CellVariation.ofRun(intervals, "READ");
    assertEquals(1.0, v.p99LowMs(), 0.01);
    assertEquals(8.0, v.p99HighMs(), 0.05);
  }

  @Test
  void tooShortARunGivesNoInterval() {
    CellVariation v = CellVariation.ofRun(run(new double[3], 500), "READ");
    assertNull(v.opsPerSec());
    assertNull(v.cvPct());
    assertFalse(v.unstable());
    assertEquals(3, v.intervals());
  }

  /**
   * Given a run whose throughput shifted level for tens of seconds (a 2M-record cell on the shared
   * host: 24.5k ops/s, then 23.5k, then 28k), its ten 6-second batch means follow each other, so
   * the interval rests on five 12-second batches and is wider; batch means that alternate keep ten.
   */
  @Test
  void batchMeansThatFollowEachOtherAreMergedBeforeTheIntervalRestsOnThem() {
    double[] shifted = new double[60];
    for (int i = 0; i < 60; i++) {
      shifted[i] = i < 12 ? 1.0 : i < 36 ? 0.96 : 1.14;
      shifted[i] *= i % 2 == 0 ? 0.98 : 1.02;
    }
    List<Interval> run = run(shifted, 24_500);
    List<BatchMeans.Batch> ten = BatchMeans.of(run, "READ");
    assertEquals(10, ten.size());
    assertTrue(BatchMeans.lag1Autocorrelation(ten) > BatchMeans.MAX_LAG1_AUTOCORRELATION);
    CellVariation v = CellVariation.ofRun(run, "READ");
    assertEquals(BatchMeans.MIN_INDEPENDENT_BATCHES, v.batches());
    ConfidenceInterval narrow =
        ConfidenceInterval.of95(ten.stream().map(BatchMeans.Batch::opsPerSec).toList());
    assertTrue(
        v.opsPerSec().high() - v.opsPerSec().low() > narrow.high() - narrow.low(),
        v.opsPerSec() + " against " + narrow);

    double[] alternating = new double[60];
    for (int i = 0; i < 60; i++) {
      alternating[i] = (i / 6) % 2 == 0 ? 1.05 : 0.95;
    }
    List<BatchMeans.Batch> kept = BatchMeans.of(run(alternating, 24_500), "READ");
    assertTrue(BatchMeans.lag1Autocorrelation(kept) < 0);
    assertEquals(10, CellVariation.ofRun(run(alternating, 24_500), "READ").batches());
  }

  @Test
  void aLiveRunsSecondsAreCutIntoTheBatchesItsLogsWillGive() {
    double[] shifted = new double[37];
    for (int i = 0; i < shifted.length; i++) {
      shifted[i] = (i < 15 ? 1.0 : 1.12) * (i % 3 == 0 ? 0.97 : 1.01);
    }
    for (List<Interval> run : List.of(run(shifted, 24_500), run(new double[23], 900))) {
      List<Double> fromLogs =
          BatchMeans.independent(run, "READ").stream().map(BatchMeans.Batch::opsPerSec).toList();
      List<Double> live =
          BatchMeans.independentOpsPerSec(
              run.stream().map(i -> new BatchMeans.Second(i.seconds(), i.operations())).toList());
      assertEquals(fromLogs.size(), live.size());
      for (int b = 0; b < live.size(); b++) {
        assertEquals(fromLogs.get(b), live.get(b), 1e-9);
      }
    }
    assertEquals(List.of(), BatchMeans.independentOpsPerSec(List.of()));
  }

  @Test
  void repeatsGiveStudentTOverTheirMeans() {
    CellVariation r =
        CellVariation.ofRepeats(30, false, List.of(900.0, 1000.0, 1100.0), List.of(2.0, 3.0, 5.0));
    // mean 1000, sd 100, t(0.975, 2) = 4.303: half width 248.4
    assertEquals(1000 - 248.4, r.opsPerSec().low(), 0.1);
    assertEquals(1000 + 248.4, r.opsPerSec().high(), 0.1);
    assertEquals(10.0, r.cvPct(), 1e-9);
    assertEquals(3, r.repeats());
    assertEquals(30, r.intervals());
    assertEquals(2.0, r.p99LowMs(), 1e-9);
    assertEquals(5.0, r.p99HighMs(), 1e-9);
    assertFalse(r.unstable());

    assertTrue(
        CellVariation.ofRepeats(20, false, List.of(300.0, 1000.0), List.of(2.0, 3.0)).unstable());
    assertTrue(
        CellVariation.ofRepeats(20, true, List.of(1000.0, 1001.0), List.of(2.0, 3.0)).unstable(),
        "a repeat unstable by itself makes the cell unstable");
  }

  /** One interval a second with {@code base * factor[i]} READs, each taking 1 ms. */
  private static List<Interval> run(double[] factor, int base) {
    List<Interval> out = new ArrayList<>();
    for (int i = 0; i < factor.length; i++) {
      double f = factor[i] == 0 ? 1 : factor[i];
      out.add(interval(i * 1000L, (i + 1) * 1000L, (int) Math.round(base * f), 1000));
    }
    return out;
  }

  private static Interval interval(long start, long end, int reads, long micros) {
    Histogram h = new Histogram(3);
    h.recordValueWithCount(micros, reads);
    return new Interval(start, end, Map.of("READ", h));
  }
}
