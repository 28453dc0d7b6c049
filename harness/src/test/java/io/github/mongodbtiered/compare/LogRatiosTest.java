package io.github.mongodbtiered.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The intervals against another implementation's output: the reference values are from Python 3
 * with SciPy 1.17.1, {@code exp(scipy.stats.ttest_ind(log(NEW), log(BASE),
 * equal_var=False).confidence_interval(0.95))} and {@code exp(mean(log NEW) - mean(log BASE))} (the
 * Welch-Satterthwaite degrees of freedom computed by hand agreed).
 */
class LogRatiosTest {
  private static final double EPS = 1e-9;

  @Test
  void welchOnLogsMatchesSciPy() {
    RatioInterval r =
        LogRatios.welch(List.of(1000.0, 1100.0, 1050.0), List.of(900.0, 950.0, 880.0));
    assertEquals(0.8668732483970638, r.ratio(), EPS);
    assertEquals(0.7840009978495456, r.low(), EPS);
    assertEquals(0.9585054494161357, r.high(), EPS);
    assertEquals(RatioInterval.Basis.REPEATS, r.basis());
  }

  @Test
  void welchWithUnequalCountsMatchesSciPy() {
    // The io1 figures at 2M records over three sweeps, against four made-up runs.
    RatioInterval r =
        LogRatios.welch(
            List.of(25900.0, 27100.0, 25300.0), List.of(26000.0, 26500.0, 25800.0, 27000.0));
    assertEquals(1.0088752802646224, r.ratio(), EPS);
    assertEquals(0.939108584141814, r.low(), EPS);
    assertEquals(1.0838249679712422, r.high(), EPS);
  }

  @Test
  void welchWithTwoRunsOnASideMatchesSciPy() {
    RatioInterval r =
        LogRatios.welch(List.of(10.0, 12.333333333333334, 14.666666666666666), List.of(5.0, 5.5));
    assertEquals(0.43039020925626414, r.ratio(), EPS);
    assertEquals(0.28387971407103074, r.low(), EPS);
    assertEquals(0.6525148611968175, r.high(), EPS);
  }

  /**
   * With a between-sweeps deviation of 0.08: Python 3 with SciPy 1.17.1 and NumPy, v = var(log x,
   * ddof=1) / n per side, V = v_base + v_new + 2 * 0.08^2, df = V^2 / (v_base^2 / 2 + v_new^2 / 2)
   * (472 here: the known part dominates), exp(mean(log NEW) - mean(log BASE) -+
   * scipy.stats.t.ppf(0.975, df) * sqrt(V)).
   */
  @Test
  void aBetweenSweepsDeviationWidensWelchsIntervalAsWorkedInSciPy() {
    List<Double> base = List.of(1000.0, 1100.0, 1050.0);
    List<Double> next = List.of(900.0, 950.0, 880.0);
    RatioInterval r = LogRatios.welch(base, next, 0.08);
    assertEquals(0.8668732483970638, r.ratio(), EPS);
    assertEquals(0.6866223032570353, r.low(), EPS);
    assertEquals(1.0944433718826738, r.high(), EPS);
    assertEquals(LogRatios.welch(base, next), LogRatios.welch(base, next, 0), "0 is Welch's");
  }

  @Test
  void runsAllAlikeWithABetweenSweepsDeviationUseTheNormalQuantile() {
    // exp(ln 0.5 -+ scipy.stats.norm.ppf(0.975) * 0.08 * sqrt(2))
    RatioInterval r = LogRatios.welch(List.of(100.0, 100.0), List.of(50.0, 50.0, 50.0), 0.08);
    assertEquals(0.5, r.ratio(), EPS);
    assertEquals(0.4005599673561855, r.low(), EPS);
    assertEquals(0.6241262741508447, r.high(), EPS);
  }

  @Test
  void runsAllAlikeGiveAPointInterval() {
    RatioInterval r = LogRatios.welch(List.of(100.0, 100.0), List.of(50.0, 50.0, 50.0));
    assertEquals(0.5, r.ratio(), EPS);
    assertEquals(0.5, r.low(), EPS);
    assertEquals(0.5, r.high(), EPS);
  }

  @Test
  void welchNeedsTwoRunsAboveZeroASide() {
    assertThrows(
        IllegalArgumentException.class, () -> LogRatios.welch(List.of(1.0), List.of(1.0, 2.0)));
    assertThrows(
        IllegalArgumentException.class,
        () -> LogRatios.welch(List.of(1.0, 0.0), List.of(1.0, 2.0)));
  }

  @Test
  void aSingleRunCombinesTheRunsIntervalsAndWidensByTheAllowance() {
    // BASE 1000 [900, 1100], NEW 800 [760, 840]: log half-widths 0.100335 and 0.050042, in
    // quadrature 0.112122, plus ln 1.25 = 0.223144: 0.335266 (python3 math); exp(ln 0.8 -+ it).
    RatioInterval r =
        LogRatios.singleRun(
            new LogRatios.Estimate(1000, 900.0, 1100.0),
            new LogRatios.Estimate(800, 760.0, 840.0),
            0.25);
    assertEquals(0.8, r.ratio(), EPS);
    assertEquals(0.5721184869012252, r.low(), EPS);
    assertEquals(1.1186493963277477, r.high(), EPS);
    assertEquals(RatioInterval.Basis.SINGLE_RUN, r.basis());
  }

  @Test
  void aSingleRunWithoutIntervalsIsWidenedByTheAllowanceAlone() {
    RatioInterval r =
        LogRatios.singleRun(LogRatios.Estimate.of(2.0), LogRatios.Estimate.of(3.0), 0.25);
    assertEquals(1.5, r.ratio(), EPS);
    assertEquals(1.2, r.low(), EPS);
    assertEquals(1.875, r.high(), EPS);
  }

  @Test
  void anIntervalReachingZeroBoundsNothing() {
    // A cell of three repeats at 6,732, 10,783 and 16,574 ops/s (measured) gave the Student-t
    // interval [-926, 23,652]: the ratio is then unbounded, and the verdict unsure.
    RatioInterval r =
        LogRatios.singleRun(
            new LogRatios.Estimate(11363, -926.0, 23652.0), LogRatios.Estimate.of(5000), 0.25);
    assertEquals(0, r.low());
    assertEquals(Double.POSITIVE_INFINITY, r.high());
    assertEquals(Change.UNSURE, Change.of(r, 0.05));
  }

  /** A side whose own interval reaches zero bounds nothing: said in words, not 0.000-Infinity. */
  @Test
  void anUnboundedIntervalIsSaidSo() {
    RatioInterval r =
        LogRatios.singleRun(
            new LogRatios.Estimate(100, -5.0, 205.0), LogRatios.Estimate.of(110), 0.25);
    assertEquals("1.100 [unbounded]", r.text());
    RatioInterval bounded =
        LogRatios.singleRun(LogRatios.Estimate.of(100), LogRatios.Estimate.of(110), 0.25);
    assertEquals("1.100 [0.880-1.375]", bounded.text());
  }

  /** Five rounds of a base and a new variant, the new one 5% slower give or take. */
  private static RatioInterval fiveRounds() {
    return LogRatios.paired(
        List.of(1000.0, 1100.0, 1050.0, 980.0, 1020.0),
        List.of(950.0, 1040.0, 1000.0, 925.0, 975.0));
  }

  /**
   * Runs paired by round: Python 3 with SciPy 1.17.1, {@code exp(mean(d))} and {@code
   * exp(scipy.stats.ttest_rel(log(NEW), log(BASE)).confidence_interval(0.95))}, d the per-round log
   * ratios; the minimum detectable effect at a 1% band from {@code se = std(d, ddof=1) / sqrt(n)},
   * {@code expm1(log1p(0.01) + (t.ppf(0.975, n-1) + t.ppf(0.8, n-1)) * se)}.
   */
  @Test
  void pairedRoundsMatchSciPysPairedT() {
    RatioInterval r = fiveRounds();
    assertEquals(0.9495088396978231, r.ratio(), EPS);
    assertEquals(0.9434069818735882, r.low(), EPS);
    assertEquals(0.9556501637011542, r.high(), EPS);
    assertEquals(RatioInterval.Basis.PAIRED, r.basis());
    assertEquals(0.0023220586867551476, r.logStandardError(), EPS);
    assertEquals(4, r.degreesOfFreedom(), EPS);
    assertEquals(0.018756101032426677, r.minimumDetectable(0.01), EPS);
  }

  /** The same rounds at 99%: t.ppf(0.995, 4) = 4.604094871415897 times the same standard error. */
  @Test
  void anIntervalAtAnotherLevelKeepsItsRatioAndSpread() {
    RatioInterval r = fiveRounds();
    RatioInterval wider = r.atLevel(0.99);
    assertEquals(0.939411731272539, wider.low(), EPS);
    assertEquals(0.9597144751886717, wider.high(), EPS);
    assertEquals(r.ratio(), wider.ratio(), 0);
    assertEquals(r.minimumDetectable(0.01), wider.minimumDetectable(0.01), 0);
    RatioInterval same = r.atLevel(0.95);
    assertEquals(r.low(), same.low(), EPS);
    assertEquals(r.high(), same.high(), EPS);
    RatioInterval single = new RatioInterval(1.0, 0.8, 1.2, RatioInterval.Basis.SINGLE_RUN);
    assertEquals(single, single.atLevel(0.99));
    assertThrows(IllegalArgumentException.class, () -> r.atLevel(1));
    assertThrows(IllegalArgumentException.class, () -> r.atLevel(Double.NaN));
  }

  @Test
  void pairingLeavesOutWhatTheRoundsShared() {
    // Each round's two runs moved together by up to 30%; their ratio stayed at 0.9.
    List<Double> base = List.of(1000.0, 1300.0, 700.0, 1100.0, 900.0);
    List<Double> next = base.stream().map(v -> v * 0.9).toList();
    RatioInterval paired = LogRatios.paired(base, next);
    assertEquals(0.9, paired.low(), 1e-9);
    assertEquals(0.9, paired.high(), 1e-9);
    RatioInterval unpaired = LogRatios.welch(base, next);
    assertTrue(unpaired.low() < 0.75 && unpaired.high() > 1.05, unpaired.text());
  }

  @Test
  void pairedRunsMustPair() {
    assertThrows(
        IllegalArgumentException.class,
        () -> LogRatios.paired(List.of(1.0, 2.0, 3.0), List.of(1.0, 2.0)));
    assertThrows(
        IllegalArgumentException.class, () -> LogRatios.paired(List.of(1.0), List.of(1.0)));
    assertThrows(
        IllegalArgumentException.class,
        () -> LogRatios.paired(List.of(1.0, 0.0), List.of(1.0, 2.0)));
  }

  @Test
  void aSingleRunsIntervalHasNoMinimumDetectableEffect() {
    RatioInterval r =
        LogRatios.singleRun(LogRatios.Estimate.of(1000), LogRatios.Estimate.of(900), 0.25);
    assertTrue(Double.isNaN(r.minimumDetectable(0.05)));
  }
}
