package io.github.mongodbtiered.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class FsCacheHitRatioTest {
  @Test
  void oneMinusDeviceOverRequested() {
    assertEquals(0.999, FsCacheHitRatio.of(1_000_000L, 1_000L), 1e-12);
    assertEquals(0.81, FsCacheHitRatio.of(100L, 19L), 1e-12);
    assertEquals(1.0, FsCacheHitRatio.of(100L, 0L));
  }

  @Test
  void readAheadBeyondTheRequestClampsToZero() {
    assertEquals(0.0, FsCacheHitRatio.of(100L, 400L));
  }

  @Test
  void unknownOrNothingRequestedIsNull() {
    assertNull(FsCacheHitRatio.of(null, 0L));
    assertNull(FsCacheHitRatio.of(100L, null));
    assertNull(FsCacheHitRatio.of(0L, 0L));
  }

  @Test
  void readOperationsFollowTheSameRules() {
    assertEquals(0.999, FsCacheHitRatio.ofOps(1_000_000L, 1_000L), 1e-12);
    assertEquals(1.0, FsCacheHitRatio.ofOps(100L, 0L));
    assertEquals(0.0, FsCacheHitRatio.ofOps(100L, 400L), "clamped at 0");
    assertNull(FsCacheHitRatio.ofOps(null, 0L));
    assertNull(FsCacheHitRatio.ofOps(100L, null));
    assertNull(FsCacheHitRatio.ofOps(0L, 0L));
  }
}
