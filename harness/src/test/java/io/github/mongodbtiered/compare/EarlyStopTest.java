package io.github.mongodbtiered.compare;

import static io.github.mongodbtiered.compare.ComparisonTest.inRounds;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.CellResult;
import java.util.List;
import org.junit.jupiter.api.Test;

class EarlyStopTest {
  private static final double BAND = CompareRules.DEFAULT_PAIRED_BAND;

  // Three rounds whose host drifted by 30% between them.
  private static final double[] BASE_OPS = {1000, 1300, 700};
  private static final double[] BASE_P99 = {2.0, 1.6, 2.8};

  private static double[] times(double[] values, double factor, double wobble) {
    double[] out = new double[values.length];
    for (int i = 0; i < values.length; i++) {
      out[i] = values[i] * factor * (1 + (i % 2 == 0 ? wobble : -wobble));
    }
    return out;
  }

  private static EarlyStop.Named named(String name, double[] ops, double[] p99) {
    return new EarlyStop.Named(name, inRounds(ops, p99));
  }

  @Test
  void aLargeChangeStopsTheRoundsAfterTheThird() {
    CellResult base = inRounds(BASE_OPS, BASE_P99);
    EarlyStop stop = new EarlyStop(5, BAND);
    String decided =
        stop.decided(
            base, List.of(named("slow", times(BASE_OPS, 0.85, 0.005), times(BASE_P99, 1.2, 0.01))));
    assertNotNull(decided);
    assertTrue(decided.contains("slow slower 0.8"), decided);
    assertTrue(decided.contains("p99 higher 1.2"), decided);
    assertTrue(decided.contains("99.50% intervals"), decided);
    // What the look decided, compare's 95% interval of the same rounds says too: it is narrower.
    CellComparison at95 =
        Comparison.ofRounds(
                List.of(base),
                List.of(inRounds(times(BASE_OPS, 0.85, 0.005), times(BASE_P99, 1.2, 0.01))),
                CompareRules.paired(BAND))
            .cells()
            .get(0);
    assertEquals("slower", at95.verdict());
    assertEquals(Change.HIGHER, at95.p99().change());
  }

  @Test
  void identicalVariantsGoOn() {
    CellResult base = inRounds(BASE_OPS, BASE_P99);
    assertNull(
        new EarlyStop(5, BAND)
            .decided(
                base, List.of(named("b", times(BASE_OPS, 1.0, 0.02), times(BASE_P99, 1, 0.03)))));
  }

  @Test
  void aChangeDecidedAt95ButNotAtTheLooksLevelGoesOn() {
    // 4% slower with a spread that 95% decides and 99.5% (t = 9.9 at two df) does not.
    CellResult base = inRounds(BASE_OPS, BASE_P99);
    double[] ops = times(BASE_OPS, 0.96, 0.004);
    double[] p99 = times(BASE_P99, 1.3, 0.001);
    assertEquals(
        "slower",
        Comparison.ofRounds(List.of(base), List.of(inRounds(ops, p99)), CompareRules.paired(BAND))
            .cells()
            .get(0)
            .verdict());
    assertNull(new EarlyStop(5, BAND).decided(base, List.of(named("slow", ops, p99))));
  }

  @Test
  void anUnsureP99KeepsTheRoundsGoing() {
    CellResult base = inRounds(BASE_OPS, BASE_P99);
    double[] p99 = {BASE_P99[0] * 1.3, BASE_P99[1] * 0.8, BASE_P99[2] * 1.1};
    assertNull(
        new EarlyStop(5, BAND)
            .decided(base, List.of(named("slow", times(BASE_OPS, 0.85, 0.005), p99))));
  }

  @Test
  void everyVariantMustBeDecided() {
    CellResult base = inRounds(BASE_OPS, BASE_P99);
    EarlyStop.Named slow = named("slow", times(BASE_OPS, 0.85, 0.005), times(BASE_P99, 1.2, 0.01));
    EarlyStop.Named same = named("same", times(BASE_OPS, 1.0, 0.02), times(BASE_P99, 1, 0.03));
    EarlyStop stop = new EarlyStop(5, BAND);
    assertNotNull(stop.decided(base, List.of(slow)));
    assertNull(stop.decided(base, List.of(slow, same)));
  }

  @Test
  void theLooksComeAfterTheThirdRoundToTheOneBeforeTheLastAndShareOnePercent() {
    EarlyStop five = new EarlyStop(5, BAND);
    assertFalse(five.looksAfter(1));
    assertFalse(five.looksAfter(2));
    assertTrue(five.looksAfter(3));
    assertTrue(five.looksAfter(4));
    assertFalse(five.looksAfter(5));
    assertEquals(0.995, five.level(), 1e-12);
    assertEquals(0.99, new EarlyStop(4, BAND).level(), 1e-12);
    assertEquals(0.999, new EarlyStop(13, BAND).level(), 1e-12);
    assertEquals("99.50%", five.levelText());
    assertEquals("99%", new EarlyStop(4, BAND).levelText());
  }

  @Test
  void rulesWithoutALookAreRefusedNamingTheOptions() {
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> new EarlyStop(3, BAND));
    assertTrue(e.getMessage().startsWith("--stop-early:"), e.getMessage());
    assertTrue(e.getMessage().contains("give --rounds 4 or more"), e.getMessage());
  }
}
