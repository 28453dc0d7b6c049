package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class TargetShortfallTest {
  @Test
  void aRunMoreThanFivePercentShortOfItsTargetIsNotedWithBothRates() {
    assertEquals(
        "target not met: 812 of 1000 ops/s: the server could not keep up; intended-time latencies"
            + " include the queueing",
        TargetShortfall.note(1000, 812.3));
    assertEquals(
        "target not met: 2 of 2.5 ops/s: the server could not keep up; intended-time latencies"
            + " include the queueing",
        TargetShortfall.note(2.5, 2.0));
  }

  @Test
  void withinTheMarginOrWithoutATargetThereIsNoNote() {
    assertNull(TargetShortfall.note(1000, 950), "5% short: YCSB's start and stop");
    assertNull(TargetShortfall.note(1000, 1003));
    assertNull(TargetShortfall.note(0, 12), "a closed loop has no target");
  }
}
