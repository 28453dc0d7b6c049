package io.github.mongodbtiered.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Worked examples: each expected range was computed in SciPy 1.17.1 from the formulas {@link
 * RerunRange} documents (scipy.stats.t.ppf with Satterthwaite's fractional degrees of freedom,
 * norm.ppf where the repeats agree exactly).
 */
class RerunRangeTest {
  private static final double TAU = CompareRules.DEFAULT_BETWEEN_SWEEPS;

  @Test
  void repeatsOfOneLevelAreWidenedByTheBetweenSweepsAllowance() {
    // Three repeats within 1% of each other: the range is mostly tau's, about ±22%.
    RerunRange r = RerunRange.ofRepeats(List.of(42109.0, 42299.0, 41757.0), TAU);
    assertEquals(33682.266, r.lowOpsPerSec(), 0.01);
    assertEquals(52507.528, r.highOpsPerSec(), 0.01);
    assertEquals(3, r.repeats());
    // Without the allowance it is a prediction from the repeats alone, far narrower.
    RerunRange bare = RerunRange.ofRepeats(List.of(42109.0, 42299.0, 41757.0), 0);
    assertEquals(41098.415, bare.lowOpsPerSec(), 0.01);
    assertEquals(43032.621, bare.highOpsPerSec(), 0.01);
  }

  @Test
  void spreadRepeatsAddTheirOwnVariation() {
    RerunRange r = RerunRange.ofRepeats(List.of(44000.0, 52000.0, 47000.0, 50000.0), TAU);
    assertEquals(37622.999, r.lowOpsPerSec(), 0.01);
    assertEquals(61632.323, r.highOpsPerSec(), 0.01);
  }

  @Test
  void identicalRepeatsUseTheNormalQuantile() {
    RerunRange r = RerunRange.ofRepeats(List.of(30000.0, 30000.0), TAU);
    assertEquals(24033.598, r.lowOpsPerSec(), 0.01);
    assertEquals(37447.576, r.highOpsPerSec(), 0.01);
  }

  @Test
  void oneRunIsWidenedAsCompareWidensIt() {
    RerunRange r = RerunRange.ofRun(new LogRatios.Estimate(38206, 35928.0, 40486.0), 0.25);
    assertEquals(28089.411, r.lowOpsPerSec(), 0.01);
    assertEquals(51966.146, r.highOpsPerSec(), 0.01);
    assertEquals(1, r.repeats());
    RerunRange noInterval = RerunRange.ofRun(LogRatios.Estimate.of(38206), 0.25);
    assertEquals(30564.8, noInterval.lowOpsPerSec(), 0.01);
    assertEquals(47757.5, noInterval.highOpsPerSec(), 0.01);
    assertNull(
        RerunRange.ofRun(new LogRatios.Estimate(100, -5.0, 205.0), 0.25),
        "an interval reaching zero bounds nothing");
  }

  @Test
  void aCellGetsTheRuleItsRunsAllowAndAFailedCellNone() {
    CellResult repeated =
        ComparisonTest.repeated(2000, new double[] {42109, 42299, 41757}, new double[] {1, 1, 1})
            .build();
    RerunRange r = RerunRange.of(repeated);
    assertEquals(3, r.repeats());
    assertTrue(r.contains(52000) && !r.contains(53000), r.toString());
    CellResult one =
        CellResult.builder(2000, "none", ServerKind.EMBEDDED)
            .run(1000, 10_000, 38206)
            .metric(Metric.OPS_PER_SEC_CI95_LOW, 35928)
            .metric(Metric.OPS_PER_SEC_CI95_HIGH, 40486)
            .build();
    assertEquals(28089.411, RerunRange.of(one).lowOpsPerSec(), 0.01);
    CellResult failed =
        CellResult.builder(2000, "none", ServerKind.EMBEDDED).failed("boom").build();
    assertNull(RerunRange.of(failed));
    assertFalse(new RerunRange(1, 2, 1).contains(3));
  }
}
