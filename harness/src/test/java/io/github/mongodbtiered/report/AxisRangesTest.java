package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.CellResult;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AxisRangesTest {
  /**
   * The largest record counts a sweep takes, one apart: XChart 4.0.3's tick loop spun forever on
   * this x axis (and on throughputs equal to the 13th digit), ignoring the interrupt that gave up
   * on it. Widened, all three plots are drawn, none left out; before, each timed out.
   */
  @Test
  void recordCountsOneApartAtTheTopAndEqualThroughputsAreDrawn() throws Exception {
    List<CellResult> cells =
        List.of(
            Cells.cell(2147483646L, "hdd").run(1000, 10_000, 2.147e9).build(),
            Cells.cell(2147483647L, "hdd").run(1000, 10_000, 2.147e9 * (1 + 1e-13)).build());
    List<String> missing = new ArrayList<>();
    List<Plots.Plot> plots = Plots.render(cells, List.of("hdd"), missing);
    assertEquals(List.of(), missing);
    assertEquals(3, plots.size());
    assertTrue(plots.get(0).hasData(), "throughput drawn");
  }

  @Test
  void aWideEnoughRangeIsLeftAsItIs() {
    assertNull(AxisRanges.widened(null, null, 1000, 2000, false));
    assertNull(AxisRanges.widened(0.0, null, 2.147e9, 2.147e9, false), "from a set 0");
    assertNull(AxisRanges.widened(null, null, 0, 0, false), "all zero: XChart draws it");
    assertNull(AxisRanges.widened(null, null, 5, Double.NaN, false), "refused before plots");
  }

  @Test
  void aSliverIsWidenedByAtLeastAMillionthEitherWay() {
    double[] x = AxisRanges.widened(null, null, 2147483646, 2147483647, false);
    assertTrue(x[0] < 2147483646 && x[1] > 2147483647);
    assertTrue(x[1] - x[0] >= 2147483647 * AxisRanges.MIN_RELATIVE_SPAN);
    double[] log = AxisRanges.widened(null, null, 12.5, 12.5, true);
    assertTrue(log[0] > 0 && log[0] < 12.5 && log[1] > 12.5, "a log axis stays positive");
    assertArrayEquals(new double[] {0.95, 1.05}, AxisRanges.widened(1.0, 1.0, 1, 1, false), 1e-12);
  }
}
