package io.github.mongodbtiered.variation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

class DriftTest {

  @Test
  void aRunThatKeptClimbingDriftsAndItsNoteSaysByHowMuch() {
    // The batch means of a 2M-record cell on hdd-150 whose server was still compiling.
    Drift d =
        Drift.of(
            List.of(
                9600.0, 10400.0, 9700.0, 11300.0, 11900.0, 12400.0, 12500.0, 12300.0, 13400.0,
                13600.0));
    assertTrue(d.drifting());
    assertEquals(10, d.batches());
    assertTrue(d.pct() > 30 && d.pct() < 45, "fitted rise " + d.pct());
    assertTrue(d.note().startsWith("not steady: throughput rose"), d.note());
  }

  @Test
  void aNoisyRunWithoutTrendDoesNotDrift() {
    // A steady cell's batch means on the shared host: 10-15% noise, no direction.
    Drift d =
        Drift.of(
            List.of(
                12900.0, 14300.0, 13500.0, 12600.0, 10200.0, 10300.0, 11000.0, 12100.0, 12400.0,
                13100.0));
    assertFalse(d.drifting(), "pct " + d.pct() + " t " + d.t());
    assertNull(d.note());
  }

  @Test
  void aSignificantButSmallTrendIsNoDriftNorIsALargeOneOnTooFewPoints() {
    // 1% over the run, on the line exactly: significant, too small to matter.
    Drift small =
        Drift.of(
            List.of(
                1000.0, 1001.0, 1002.0, 1003.0, 1004.0, 1005.0, 1006.0, 1007.0, 1008.0, 1009.0,
                1010.0));
    assertTrue(Double.isInfinite(small.t()) || Math.abs(small.t()) > 100);
    assertFalse(small.drifting());
    // 4 batches, 30% up but zig-zagging: 2 degrees of freedom, t crit 4.3.
    Drift noisy = Drift.of(List.of(1000.0, 1500.0, 900.0, 1400.0));
    assertFalse(noisy.drifting(), "t " + noisy.t());
    assertNull(Drift.of(List.of(1000.0, 2000.0, 3000.0)));
  }

  @Test
  void aFallIsADriftToo() {
    Drift d = Drift.of(List.of(2000.0, 1900.0, 1700.0, 1650.0, 1500.0, 1400.0));
    assertTrue(d.drifting());
    assertTrue(d.pct() < -20);
    assertTrue(d.note().contains("fell"), d.note());
  }
}
