package io.github.mongodbtiered.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SteadyStateDetectorTest {

  /** The first second (1-based) at which the detector says steady, or -1. */
  private static int steadyAt(SteadyStateDetector d, WarmupSample... samples) {
    for (int i = 0; i < samples.length; i++) {
      if (d.add(samples[i])) {
        return i + 1;
      }
    }
    return -1;
  }

  @Test
  void risingThenFlatIsSteadyOnceThroughputStoppedChanging() {
    // Throughput and cache rise for 6 s (a cold cache filling), then stay put from second 7 on,
    // with one-second noise of +-8% as on a shared host.
    WarmupSample[] s = new WarmupSample[20];
    for (int i = 0; i < 6; i++) {
      s[i] = new WarmupSample(1000 + 1000 * i, 100_000_000L + 50_000_000L * i, 5000.0 - 800 * i);
    }
    for (int i = 6; i < s.length; i++) {
      s[i] =
          new WarmupSample(
              i % 2 == 0 ? 6500 : 7500, 400_000_000L + (i % 2) * 100_000L, 3.0 * (i % 2));
    }
    // Second 14: seconds 5..9 (5000, 6000, 6500, 7500, 6500: 6300) and 10..14 (7000 on average)
    // differ by 10.5% of 6650; at 15, 6..10 (6800) and 11..15 (7100) by 4.3%.
    assertEquals(15, steadyAt(new SteadyStateDetector(), s));
  }

  @Test
  void noisyButFlatThroughputIsSteadyWhileADriftNeverIs() {
    WarmupSample[] noisy = new WarmupSample[10];
    WarmupSample[] drifting = new WarmupSample[40];
    for (int i = 0; i < noisy.length; i++) {
      noisy[i] = new WarmupSample(i % 3 == 0 ? 5500 : 7000, 400_000_000L, 0.0);
    }
    for (int i = 0; i < drifting.length; i++) {
      // 3% more every second: 5 s later the mean is 16% higher.
      drifting[i] = new WarmupSample(1000 * Math.pow(1.03, i), 400_000_000L, 0.0);
    }
    assertEquals(10, steadyAt(new SteadyStateDetector(), noisy));
    SteadyStateDetector d = new SteadyStateDetector();
    assertEquals(-1, steadyAt(d, drifting));
    assertTrue(
        d.describe().contains("ops/s changed 15% between the last two 5 s windows"), d.describe());
  }

  /**
   * A 4M-record cell on san-600 rose 0.3%/s under the disk limits: 9% over the 30 s trend window,
   * within the drift test, and 18% over its 60 s run. Carried on over the run's length, the same
   * trend keeps the warm-up going until it levels off.
   */
  @Test
  void aRiseTooSlowForTheWindowButNotForTheRunKeepsTheWarmUpGoing() {
    WarmupSample[] rising = new WarmupSample[70];
    for (int i = 0; i < rising.length; i++) {
      double level = 2000 * (1 + 0.003 * Math.min(i, 40)); // rises for 40 s, then flat
      double noise = (i % 3 - 1) * 0.04; // -4%, 0, +4%
      rising[i] = new WarmupSample(level * (1 + noise), 1_000_000L, 400.0);
    }
    assertEquals(30, steadyAt(new SteadyStateDetector(30), rising), "the window alone");
    int carried = steadyAt(new SteadyStateDetector(30, 60), rising);
    assertTrue(carried > 40, "steady while still rising, at sample " + carried);
  }

  /**
   * The filesystem cache can change what it holds at a steady size: the share of operations that
   * reach the disk then moves, and the warm-up goes on until it stops; a disk barely read is not
   * judged on its few, noisy reads.
   */
  @Test
  void theShareOfOperationsReachingTheDiskMustSettleToo() {
    WarmupSample[] shifting = new WarmupSample[90];
    for (int i = 0; i < shifting.length; i++) {
      double readsPerOp = 0.4 + 0.2 * Math.max(0, 50 - i) / 50.0; // 0.6 down to 0.4 by second 50
      shifting[i] =
          new WarmupSample(7000 + 100 * (i % 2), 400_000_000L, 0.0, null, null, readsPerOp);
    }
    int steady = steadyAt(new SteadyStateDetector(30, 60), shifting);
    assertTrue(steady > 50, "steady while reads per operation still fell, at " + steady);

    WarmupSample[] barely = new WarmupSample[30];
    for (int i = 0; i < barely.length; i++) {
      barely[i] = new WarmupSample(7000, 400_000_000L, 0.0, null, null, 0.001 * (1 + i % 5));
    }
    assertEquals(30, steadyAt(new SteadyStateDetector(30, 60), barely));
  }

  @Test
  void aSlowDeclineThatPassesTheWindowTestIsNotSteadyUntilItLevelsOff() {
    // 1.2% less every second, with +-8% noise: two 5 s windows differ by about 6%, under the 10%
    // the window test allows, but over 30 s throughput falls by a third (a 4M-record cell's
    // filesystem cache coming to hold pages the WiredTiger cache holds too). Then it levels off.
    java.util.Random r = new java.util.Random(3);
    WarmupSample[] s = new WarmupSample[90];
    for (int i = 0; i < s.length; i++) {
      double level = 10_000 * Math.pow(0.988, Math.min(i, 40));
      s[i] = new WarmupSample(level * (0.92 + 0.16 * r.nextDouble()), 400_000_000L, 100.0);
    }
    int trend = SteadyStateDetector.trendSecondsFor(120);
    assertEquals(30, trend);
    int at = steadyAt(new SteadyStateDetector(trend), s);
    assertTrue(at > 40, "steady only once the decline stopped, not at second " + at);
    SteadyStateDetector early = new SteadyStateDetector(trend);
    assertEquals(-1, steadyAt(early, java.util.Arrays.copyOf(s, 38)));
    assertTrue(early.describe().contains("the trend of the last 30 s falls"), early.describe());
    // The two-window test alone would have called it steady within seconds.
    assertTrue(steadyAt(new SteadyStateDetector(), s) < 20);
  }

  @Test
  void theTrendWindowIsAQuarterOfTheBoundBetweenTenAndThirtySeconds() {
    assertEquals(10, SteadyStateDetector.trendSecondsFor(30));
    assertEquals(15, SteadyStateDetector.trendSecondsFor(60));
    assertEquals(30, SteadyStateDetector.trendSecondsFor(600));
    SteadyStateDetector d = new SteadyStateDetector(30);
    WarmupSample flat = new WarmupSample(7000, 400_000_000L, 0.0);
    for (int i = 1; i < 30; i++) {
      assertFalse(d.add(flat), "second " + i + " is too early for a 30 s trend window");
    }
    assertTrue(d.add(flat));
  }

  @Test
  void aCacheStillFillingIsNotSteadyEvenAtFlatThroughput() {
    WarmupSample[] s = new WarmupSample[20];
    for (int i = 0; i < s.length; i++) {
      // 2% more cache content every second; a random-read warm-up near a full cache does this.
      s[i] = new WarmupSample(7000, (long) (1e9 * Math.pow(1.02, i)), 800.0);
    }
    SteadyStateDetector d = new SteadyStateDetector();
    assertEquals(-1, steadyAt(d, s));
    assertTrue(d.describe().contains("WT cache grew"), d.describe());
  }

  @Test
  void pageReadsFallingAtFlatCacheAndThroughputIsNotSteady() {
    WarmupSample[] s = new WarmupSample[15];
    for (int i = 0; i < s.length; i++) {
      s[i] = new WarmupSample(7000, 1_000_000_000L, 2000.0 - 120 * i);
    }
    assertEquals(-1, steadyAt(new SteadyStateDetector(), s));
  }

  @Test
  void withoutCacheFiguresThroughputAloneDecidesAndSaysSo() {
    SteadyStateDetector d = new SteadyStateDetector();
    WarmupSample[] s = new WarmupSample[12];
    s[0] = new WarmupSample(2000, null, null);
    s[1] = new WarmupSample(6000, null, null);
    for (int i = 2; i < s.length; i++) {
      s[i] = new WarmupSample(7000 + 50 * (i % 2), null, null);
    }
    // At 10, seconds 1..5 average 5800 against 7020: not yet; at 11, 6820 against 7030.
    assertEquals(11, steadyAt(d, s));
    assertTrue(d.throughputOnly());
  }

  @Test
  void fewerSamplesThanTwoWindowsAreNeverSteady() {
    SteadyStateDetector d = new SteadyStateDetector();
    for (int i = 0; i < 9; i++) {
      assertFalse(d.add(new WarmupSample(7000, 1L, 0.0)));
    }
    assertTrue(d.describe().startsWith("fewer than 10"));
    assertTrue(d.add(new WarmupSample(7000, 1L, 0.0)));
  }

  @Test
  void aJitStillCompilingHoldsTheSteadyStateBackUntilItGoesQuiet() {
    SteadyStateDetector d = new SteadyStateDetector();
    WarmupSample[] s = new WarmupSample[16];
    for (int i = 0; i < s.length; i++) {
      // Flat throughput and cache, but C2 busy 30% of each second until second 11.
      s[i] = new WarmupSample(7000, 400_000_000L, 0.0, i < 11 ? 0.3 : 0.01);
    }
    // Quiet from second 12: the last window's mean falls to 5% or less at second 15 (0.3 + 4 x
    // 0.01).
    assertEquals(16, steadyAt(d, s));
    SteadyStateDetector busy = new SteadyStateDetector();
    for (int i = 0; i < 10; i++) {
      busy.add(new WarmupSample(7000, 400_000_000L, 0.0, 0.3));
    }
    assertTrue(
        busy.describe().contains("a JIT compiler (client's or server's) worked 300 ms/s"),
        busy.describe());
  }

  @Test
  void aPageCacheStillFillingAtTheDisksPaceHoldsTheSteadyStateBack() {
    // Disk-bound: throughput, WiredTiger's cache and its page reads all flat, while the container's
    // page cache grows 40 MB a second (2% of 2 GB) until second 11, then 1 MB a second.
    WarmupSample[] s = new WarmupSample[20];
    long pageCache = 2_000_000_000L;
    for (int i = 0; i < s.length; i++) {
      pageCache += i < 11 ? 40_000_000 : 1_000_000;
      s[i] = new WarmupSample(2700, 3_000_000_000L, 460.0, 0.0, pageCache);
    }
    // The window of samples 11-15 is the first to grow less than 1%: 4 x 1 MB.
    assertEquals(15, steadyAt(new SteadyStateDetector(), s));
    SteadyStateDetector filling = new SteadyStateDetector();
    for (int i = 0; i < 10; i++) {
      filling.add(s[i]);
    }
    assertTrue(filling.describe().contains("the page cache grew"), filling.describe());
  }

  /** The tests a warm-up still waits on are named, each second, until none is left. */
  @Test
  void theTestsStillFailingAreNamedUntilTheSteadyState() {
    SteadyStateDetector d = new SteadyStateDetector();
    d.add(new WarmupSample(7000, 400_000_000L, 0.0, 0.3));
    assertEquals(java.util.List.of("samples"), d.waitingOn());
    long pageCache = 2_000_000_000L;
    for (int i = 1; i < 10; i++) {
      // Throughput doubles between the windows (a step, and a trend), C2 still compiles, the page
      // cache grows 2% a
      // second and WiredTiger's cache 5% a second.
      pageCache += 40_000_000;
      d.add(
          new WarmupSample(
              i < 5 ? 4000 : 8000, 400_000_000L + 20_000_000L * i, 0.0, 0.3, pageCache));
    }
    assertEquals(
        java.util.List.of("ops-step", "ops-trend", "jit", "page-cache", "wt-cache"),
        d.waitingOn(),
        d.describe());
    for (int i = 0; i < 10; i++) {
      d.add(new WarmupSample(8000, 600_000_000L, 0.0, 0.0, pageCache));
    }
    assertEquals(java.util.List.of(), d.waitingOn());
    assertTrue(d.steady());
  }
}
