package io.github.mongodbtiered.compare;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.BuildIds;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellResultBuilder;
import io.github.mongodbtiered.results.CellSettings;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.RepeatRun;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.SettingsDifferences;
import io.github.mongodbtiered.results.Tier;
import io.github.mongodbtiered.results.ToolBuild;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

class ComparisonTest {
  private static final CompareRules RULES = new CompareRules(0.05, 0.25, 0);

  static CellSettings settings(double target) {
    return new CellSettings(
        "tiered-read-uniform",
        new TreeMap<>(Map.of("readproportion", "1")),
        new CellSettings.RunShape(4, 0, 5, 1, target, 3, false, null),
        null,
        ServerKind.EMBEDDED,
        "",
        "",
        "",
        "mongodb-tiered 0.1.0");
  }

  /** A cell of three repeats at these throughputs, each with the p99 given. */
  static CellResultBuilder repeated(long records, double[] opsPerSec, double[] p99Ms) {
    double mean = 0;
    List<RepeatRun> runs = new java.util.ArrayList<>();
    for (int i = 0; i < opsPerSec.length; i++) {
      mean += opsPerSec[i] / opsPerSec.length;
      runs.add(new RepeatRun(opsPerSec[i], p99Ms[i]));
    }
    long p99Micros = Math.round(p99Ms[0] * 1000);
    return CellResult.builder(records, "none", ServerKind.EMBEDDED)
        .run(1000, 10_000, mean)
        .repeatRuns(runs)
        .latency("READ", new LatencyStats(1000, 100, 80, 150, p99Micros, p99Micros, p99Micros))
        .tiers(Tier.WT_CACHE, Tier.WT_CACHE)
        .settings(settings(0));
  }

  @Test
  void repeatsOnBothSidesGiveWelchIntervalsAndVerdicts() {
    CellResult base =
        repeated(2000, new double[] {1000, 1100, 1050}, new double[] {2, 2.1, 2.05}).build();
    CellResult slower =
        repeated(2000, new double[] {500, 520, 510}, new double[] {4, 4.2, 4.1}).build();
    Comparison c = Comparison.of(List.of(base), List.of(slower), RULES);
    CellComparison cell = c.cells().get(0);
    assertEquals("slower", cell.verdict());
    assertEquals(RatioInterval.Basis.REPEATS, cell.throughput().interval().basis());
    assertTrue(cell.throughput().interval().contains(510.0 / 1050), cell.toString());
    assertEquals(Change.HIGHER, cell.p99().change());
    assertEquals(3, cell.base().runs());
    assertEquals(List.of(), cell.settingsDifferences());
    assertTrue(c.unmatched().isEmpty());
  }

  @Test
  void closeRepeatsAreEquivalentAndNoisyOnesUnsure() {
    CellResult base =
        repeated(2000, new double[] {1000, 1001, 1002}, new double[] {2, 2, 2}).build();
    CellResult same =
        repeated(2000, new double[] {1001, 1002, 1000}, new double[] {2, 2, 2}).build();
    assertEquals(
        "equivalent", Comparison.of(List.of(base), List.of(same), RULES).cells().get(0).verdict());
    CellResult noisy =
        repeated(2000, new double[] {700, 1300, 1000}, new double[] {2, 2, 2}).build();
    assertEquals(
        "unsure", Comparison.of(List.of(base), List.of(noisy), RULES).cells().get(0).verdict());
  }

  @Test
  void aSingleRunIsNeverEquivalentAndSlowerOnlyBeyondTheAllowance() {
    CellResultBuilder one =
        CellResult.builder(2000, "none", ServerKind.EMBEDDED)
            .run(1000, 10_000, 1000)
            .metric(Metric.OPS_PER_SEC_CI95_LOW, 990)
            .metric(Metric.OPS_PER_SEC_CI95_HIGH, 1010)
            .settings(settings(0));
    CellResult base = one.build();
    CellResult same = one.run(1000, 10_000, 1001).build();
    CellResult tenPctSlower = one.run(1000, 10_000, 900).build();
    CellResult halved = one.run(1000, 10_000, 500).build();
    assertEquals("unsure", verdict(base, same));
    assertEquals("unsure", verdict(base, tenPctSlower));
    assertEquals("slower", verdict(base, halved));
    CellComparison c = Comparison.of(List.of(base), List.of(halved), RULES).cells().get(0);
    assertEquals(RatioInterval.Basis.SINGLE_RUN, c.throughput().interval().basis());
    assertNull(c.p99(), "no latencies, no p99 ratio");
  }

  @Test
  void cellsOnOneSideFailedCellsAndSettingsThatDifferAreListed() {
    double[] ops = {1000, 1010, 990};
    double[] p99 = {2, 2, 2};
    CellResult base2k = repeated(2000, ops, p99).build();
    CellResult base4k = repeated(4000, ops, p99).build();
    CellResult base8k = repeated(8000, ops, p99).build();
    CellResult new2k = repeated(2000, ops, p99).settings(settings(500)).build();
    CellResult new4k = CellResult.failed(4000, "none", ServerKind.EMBEDDED, "server exited");
    CellResult new16k = repeated(16000, ops, p99).build();
    Comparison c =
        Comparison.of(List.of(base2k, base4k, base8k), List.of(new2k, new4k, new16k), RULES);
    assertEquals(1, c.cells().size());
    assertEquals(
        List.of("target: closed loop → 500 ops/s"), c.cells().get(0).settingsDifferences());
    assertEquals(List.of("target: closed loop → 500 ops/s"), c.settingsDifferences());
    assertEquals(
        List.of(
            "4000 x none: failed in NEW (server exited)",
            "8000 x none: only in BASE",
            "16000 x none: only in NEW"),
        c.unmatched().stream().map(u -> u.key() + ": " + u.why()).toList());
  }

  private static CellSettings onImage(String image) {
    CellSettings s = settings(0);
    return new CellSettings(
        s.workload(),
        s.workloadProperties(),
        s.shape(),
        null,
        ServerKind.DOCKER,
        image,
        "",
        "",
        s.toolVersion());
  }

  private static BuildIds ids(String image, String id, ToolBuild tool) {
    return new BuildIds(Map.of(image, id), tool);
  }

  @Test
  void anImageIdCountsUnderTheSameNameOnlyAndAToolBuildWhereBothAreKnown() {
    double[] ops = {1000, 1010, 990};
    double[] p99 = {2, 2, 2};
    String one = "sha256:" + "1".repeat(64);
    String two = "sha256:" + "2".repeat(64);
    ToolBuild clean = new ToolBuild("a".repeat(40), false);
    CellResult base = repeated(2000, ops, p99).settings(onImage("mongo:7.0")).build();
    CellResult next = repeated(2000, ops, p99).settings(onImage("mongo:7.0")).build();
    assertEquals(
        List.of("image ID of mongo:7.0: sha256:111111111111… → sha256:222222222222…"),
        Comparison.of(
                List.of(base),
                List.of(next),
                RULES,
                ids("mongo:7.0", one, clean),
                ids("mongo:7.0", two, clean))
            .settingsDifferences());
    assertEquals(
        List.of("tool build: aaaaaaaaaaaa → aaaaaaaaaaaa with uncommitted changes"),
        Comparison.of(
                List.of(base),
                List.of(next),
                RULES,
                ids("mongo:7.0", one, clean),
                ids("mongo:7.0", one, new ToolBuild(clean.commit(), true)))
            .settingsDifferences());
    assertEquals(
        List.of(),
        Comparison.of(
                List.of(base), List.of(next), RULES, BuildIds.UNKNOWN, ids("mongo:7.0", two, clean))
            .settingsDifferences(),
        "unknown on a side is no difference");
    CellResult other = repeated(2000, ops, p99).settings(onImage("mongo:8.0")).build();
    assertEquals(
        List.of("image: mongo:7.0 → mongo:8.0"),
        Comparison.of(
                List.of(base),
                List.of(other),
                RULES,
                ids("mongo:7.0", one, null),
                ids("mongo:8.0", two, null))
            .settingsDifferences(),
        "another name says it already");
  }

  @Test
  void idsAlikeInTheirFirstDigitsAreShownWhole() {
    String a = "sha256:" + "0".repeat(63) + "a";
    String b = "sha256:" + "0".repeat(63) + "b";
    assertEquals(
        List.of("image ID of x: " + a + " → " + b),
        SettingsDifferences.imageId("x", ids("x", a, null), ids("x", b, null)));
  }

  @Test
  void theSameCellsAreRecognised() {
    CellResult a = repeated(2000, new double[] {1, 2, 3}, new double[] {1, 1, 1}).build();
    assertTrue(Comparison.sameCells(List.of(a), List.of(a)));
    CellResult b = repeated(2000, new double[] {1, 2, 4}, new double[] {1, 1, 1}).build();
    assertFalse(Comparison.sameCells(List.of(a), List.of(b)));
  }

  private static String verdict(CellResult base, CellResult next) {
    return Comparison.of(List.of(base), List.of(next), RULES).cells().get(0).verdict();
  }

  /** A variant's cell: each round's run, rounds 1.. in order, each at {@code position} 1. */
  static CellResult inRounds(double[] opsPerSec, double[] p99Ms) {
    CellResult plain = repeated(2000, opsPerSec, p99Ms).build();
    List<RepeatRun> rounds = new java.util.ArrayList<>();
    for (int i = 0; i < plain.repeatRuns().size(); i++) {
      rounds.add(plain.repeatRuns().get(i).inRound(i + 1, 1 + i % 2));
    }
    return plain.toBuilder().repeatRuns(rounds).build();
  }

  @Test
  void variantsPairByRoundAndTheHostsDriftCancels() {
    // The host drifted by 30% over the rounds; each round's NEW ran 4% below its BASE.
    double[] base = {1000, 1300, 700, 1100, 900};
    double[] slower = new double[base.length];
    for (int i = 0; i < base.length; i++) {
      slower[i] = base[i] * (0.96 + (i % 2 == 0 ? 0.002 : -0.002));
    }
    double[] p99 = {2, 2, 2, 2, 2};
    Comparison c =
        Comparison.ofRounds(
            List.of(inRounds(base, p99)),
            List.of(inRounds(slower, p99)),
            CompareRules.paired(CompareRules.DEFAULT_PAIRED_BAND));
    CellComparison cell = c.cells().get(0);
    assertEquals("slower", cell.verdict(), cell.toString());
    assertEquals(RatioInterval.Basis.PAIRED, cell.throughput().interval().basis());
    assertTrue(cell.throughput().interval().contains(0.96), cell.toString());
    assertTrue(cell.throughput().interval().minimumDetectable(0.01) < 0.03, cell.toString());
    // Unpaired, the same runs say nothing.
    assertEquals(
        "unsure",
        Comparison.of(List.of(inRounds(base, p99)), List.of(inRounds(slower, p99)), RULES)
            .cells()
            .get(0)
            .verdict());
  }

  @Test
  void cellsWithoutRoundsAreNotPairedAndSayWhy() {
    CellResult plain =
        repeated(2000, new double[] {1000, 1100, 1050}, new double[] {2, 2, 2}).build();
    Comparison c =
        Comparison.ofRounds(
            List.of(plain),
            List.of(inRounds(new double[] {1000, 1100, 1050}, new double[] {2, 2, 2})),
            CompareRules.paired(0.01));
    assertTrue(c.cells().isEmpty());
    assertTrue(c.unmatched().get(0).why().startsWith("no rounds to pair"), c.toString());
  }
}
