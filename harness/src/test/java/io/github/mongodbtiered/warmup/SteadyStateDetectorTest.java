package io.github.mongodbtiered.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.warmup.SteadyStateDetector.Sample;
import org.junit.jupiter.api.Test;

class SteadyStateDetectorTest {

  /** The first second (1-based) at which the detector says steady, or -1. */
  private static int steadyAt(SteadyStateDetector d, Sample... samples) {
    for (int i = 0; i < samples.length; i++) {
      if (d.add(samples[i])) {
        return i + 1;
      }
    }
    return -1;
  }

  @Test
  void risingThenFlatIsSteadyOnceTheWholeWindowIsFlat() {
    // Throughput and cache rise for 6 s (a cold cache filling), then stay put from second 7 on.
    Sample[] s = new Sample[14];
    for (int i = 0; i < 6; i++) {
      s[i] = new Sample(1000 + 1000 * i, 100_000_000L + 50_000_000L * i, 5000.0 - 800 * i);
    }
    for (int i = 6; i < s.length; i++) {
      s[i] = new Sample(7000 + (i % 2) * 100, 400_000_000L + (i % 2) * 100_000L, 3.0 * (i % 2));
    }
    // Seconds 7..11 are the first window of five flat seconds.
    assertEquals(11, steadyAt(new SteadyStateDetector(), s));
  }

  @Test
  void throughputThatNeverSettlesIsNeverSteady() {
    Sample[] s = new Sample[30];
    for (int i = 0; i < s.length; i++) {
      s[i] = new Sample(i % 2 == 0 ? 5000 : 7000, 400_000_000L, 0.0);
    }
    SteadyStateDetector d = new SteadyStateDetector();
    assertEquals(-1, steadyAt(d, s));
    assertTrue(d.describe().contains("ops/s varied 32%"), d.describe());
  }

  @Test
  void aCacheStillFillingIsNotSteadyEvenAtFlatThroughput() {
    Sample[] s = new Sample[20];
    for (int i = 0; i < s.length; i++) {
      // 2% more cache content every second; a random-read warm-up near a full cache does this.
      s[i] = new Sample(7000, (long) (1e9 * Math.pow(1.02, i)), 800.0);
    }
    SteadyStateDetector d = new SteadyStateDetector();
    assertEquals(-1, steadyAt(d, s));
    assertTrue(d.describe().contains("WT cache grew"), d.describe());
  }

  @Test
  void pageReadsFallingAtFlatCacheAndThroughputIsNotSteady() {
    Sample[] s = new Sample[10];
    for (int i = 0; i < s.length; i++) {
      s[i] = new Sample(7000, 1_000_000_000L, 2000.0 - 150 * i);
    }
    assertEquals(-1, steadyAt(new SteadyStateDetector(), s));
  }

  @Test
  void withoutCacheFiguresThroughputAloneDecidesAndSaysSo() {
    SteadyStateDetector d = new SteadyStateDetector();
    int at =
        steadyAt(
            d,
            new Sample(2000, null, null),
            new Sample(6000, null, null),
            new Sample(7000, null, null),
            new Sample(7100, null, null),
            new Sample(7050, null, null),
            new Sample(7000, null, null),
            new Sample(7020, null, null));
    assertEquals(7, at);
    assertTrue(d.throughputOnly());
  }

  @Test
  void fewerSamplesThanTheWindowAreNeverSteady() {
    SteadyStateDetector d = new SteadyStateDetector();
    assertFalse(d.add(new Sample(7000, 1L, 0.0)));
    assertFalse(d.add(new Sample(7000, 1L, 0.0)));
    assertTrue(d.describe().startsWith("fewer than 5"));
  }
}
