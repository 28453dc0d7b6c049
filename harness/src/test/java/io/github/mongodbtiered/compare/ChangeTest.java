package io.github.mongodbtiered.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The verdict rules at ±5%: the whole interval beyond the band, inside it, or neither. */
class ChangeTest {
  private static Change at5(double low, double high) {
    return Change.of(
        new RatioInterval((low + high) / 2, low, high, RatioInterval.Basis.REPEATS), 0.05);
  }

  @Test
  void aChangeOnlyWhenTheWholeIntervalIsBeyondTheBand() {
    assertEquals(Change.LOWER, at5(0.40, 0.60));
    assertEquals(Change.HIGHER, at5(1.06, 1.30));
    // Below 1 for sure, but not beyond the band: a change smaller than asked about.
    assertEquals(Change.UNSURE, at5(0.90, 0.97));
    assertEquals(Change.UNSURE, at5(1.02, 1.08));
  }

  @Test
  void equivalentOnlyWhenTheWholeIntervalIsInsideTheBand() {
    assertEquals(Change.EQUIVALENT, at5(0.97, 1.04));
    assertEquals(Change.EQUIVALENT, at5(0.95, 1.05));
    // No difference found is not equivalence: the interval is too wide to say.
    assertEquals(Change.UNSURE, at5(0.80, 1.20));
    assertEquals(Change.UNSURE, at5(0.99, 1.06));
  }

  @Test
  void aZeroBandMakesAnyIntervalExcludingOneAChange() {
    RatioInterval r = new RatioInterval(1.02, 1.01, 1.03, RatioInterval.Basis.REPEATS);
    assertEquals(Change.HIGHER, Change.of(r, 0));
    RatioInterval point = new RatioInterval(1, 1, 1, RatioInterval.Basis.REPEATS);
    assertEquals(Change.EQUIVALENT, Change.of(point, 0));
  }

  @Test
  void theWordsSayWhichWayForThroughputAndLatency() {
    assertEquals("slower", Change.LOWER.throughputWord());
    assertEquals("faster", Change.HIGHER.throughputWord());
    assertEquals("higher", Change.HIGHER.latencyWord());
  }
}
