package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code --repeats auto}'s stopping rule on worked examples: the Student-t half-width over the
 * runs' means (t(0.975) = 4.303, 3.182, 2.776 at 2, 3, 4 degrees of freedom) against ±5% of their
 * mean.
 */
class RepeatsAutoTest {
  private static final int MAX = MeasuredRuns.AUTO_MAX_REPEATS;

  @Test
  void twoRunsNeverStopHoweverCloseTheyAre() {
    assertNull(Repeats.autoStop(List.of(100.0), MAX));
    assertNull(Repeats.autoStop(List.of(100.0, 100.0), MAX));
  }

  @Test
  void goesOnUntilTheHalfWidthIsWithinFivePercent() {
    // 100, 104, 96: sd 4, half-width 4.303 * 4 / sqrt(3) = 9.94% of 100.
    assertNull(Repeats.autoStop(List.of(100.0, 104.0, 96.0), MAX));
    // With 100: sd 3.266, 3.182 * 3.266 / 2 = 5.20%, still above.
    assertNull(Repeats.autoStop(List.of(100.0, 104.0, 96.0, 100.0), MAX));
    // With another 100: sd 2.828, 2.776 * 2.828 / sqrt(5) = 3.51%.
    String stopped = Repeats.autoStop(List.of(100.0, 104.0, 96.0, 100.0, 100.0), MAX);
    assertEquals(
        "repeats auto: stopped after 5 runs, the throughput interval within ±3.5% of the mean"
            + " (the rule: ±5%, 3 to 8 runs)",
        stopped);
  }

  @Test
  void threeCloseRunsStopAtTheFewest() {
    // 100, 101, 99: sd 1, 4.303 / sqrt(3) = 2.48%.
    String stopped = Repeats.autoStop(List.of(100.0, 101.0, 99.0), MAX);
    assertTrue(stopped.startsWith("repeats auto: stopped after 3 runs"), stopped);
    assertTrue(stopped.contains("±2.5%"), stopped);
  }

  @Test
  void aNoisyCellStopsAtTheMaximumAndSaysSo() {
    List<Double> runs = new ArrayList<>();
    for (int k = 0; k < MAX; k++) {
      runs.add(k % 2 == 0 ? 70.0 : 130.0);
      if (runs.size() < MAX) {
        assertNull(Repeats.autoStop(runs, MAX), runs::toString);
      }
    }
    // sd 32.07 over 8, 2.365 * 32.07 / sqrt(8) = 26.8% of 100.
    assertEquals(
        "repeats auto: stopped at the maximum of 8 runs, the throughput interval still ±26.8% of"
            + " the mean (the rule: ±5%)",
        Repeats.autoStop(runs, MAX));
  }
}
