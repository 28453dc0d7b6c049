package io.github.mongodbtiered.results;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.mongodbtiered.results.TimeBreakdown.Part;
import java.util.List;
import org.junit.jupiter.api.Test;

class TimeBreakdownTest {
  /** A cell measured {@code repeats} times, each repeat taking the given seconds. */
  private static CellResult cell(long records, String profile, int repeats, double load) {
    return CellResult.builder(records, profile, ServerKind.DOCKER)
        .run(1000, repeats * 60_000L, 100)
        .metric(Metric.REPEATS, (double) repeats)
        .metric(Metric.LOAD_S, load)
        .metric(Metric.SERVER_START_S, 5)
        .metric(Metric.PAGE_CACHE_FILL_S, 10)
        .metric(Metric.WARMUP_PRELOAD_S, 30) // 10 of it the fill
        .metric(Metric.WARMUP_S, 100)
        .metric(Metric.SERVER_STOP_S, 2)
        .metric(Metric.CELL_S, repeats * 200.0)
        .build();
  }

  @Test
  void eachPartAddsUpOverCellsAndRepeatsAndEachLoadStepCountsOnce() {
    TimeBreakdown t =
        TimeBreakdown.of(
            List.of(
                cell(2_000_000, "a", 1, 70),
                cell(2_000_000, "b", 1, 70),
                cell(3_000_000, "a", 3, 300)));

    // Worked by hand: 5 repeats in all (1 + 1 + 3).
    assertEquals(370, t.secondsOf(Part.LOADS), 1e-9, "70 once for the 2M row, 300 for 3M");
    assertEquals(25, t.secondsOf(Part.SERVER_STARTS), 1e-9);
    assertEquals(50, t.secondsOf(Part.PAGE_CACHE_FILLS), 1e-9);
    assertEquals(100, t.secondsOf(Part.PRELOADS), 1e-9, "the preload less its fill, 20 x 5");
    assertEquals(500, t.secondsOf(Part.WARM_UPS), 1e-9);
    assertEquals(300, t.secondsOf(Part.MEASURED), 1e-9, "the runtimes, already summed per cell");
    assertEquals(10, t.secondsOf(Part.SERVER_STOPS), 1e-9);
    assertEquals(1000, t.secondsOf(Part.CELLS), 1e-9);
    assertEquals(1000 - 985, t.secondsOf(Part.CELLS_OTHER), 1e-9, "what the parts do not cover");
    assertEquals(1370, t.totalSeconds(), 1e-9);
  }

  @Test
  void cellsSavedBeforeTheirTimesWereKeptAddNothingAndNeverMakeTheRestNegative() {
    CellResult old =
        CellResult.builder(2_000_000, "a", ServerKind.DOCKER)
            .run(1000, 60_000, 100)
            .metric(Metric.WARMUP_S, 100)
            .build();

    TimeBreakdown t = TimeBreakdown.of(List.of(old));

    assertEquals(0, t.secondsOf(Part.LOADS), 1e-9);
    assertEquals(160, t.secondsOf(Part.CELLS), 1e-9, "at least its parts");
    assertEquals(0, t.secondsOf(Part.CELLS_OTHER), 1e-9);
  }

  @Test
  void theLineSaysMinutesFromTwoMinutesOnAndSecondsBelow() {
    assertEquals("45 s", TimeBreakdown.minutes(45));
    assertEquals("12.5 min", TimeBreakdown.minutes(750));
  }
}
