package io.github.mongodbtiered.compare;

import io.github.mongodbtiered.results.BuildIds;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.RepeatRun;
import io.github.mongodbtiered.results.SettingsDifferences;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Two reports compared cell by cell: every cell both hold ok, with its ratios and verdicts; the
 * cells only one holds, or failed in one, listed apart, never matched with another cell. Plain
 * data, which the console, {@code compare.csv} and {@code compare.html} show.
 *
 * @param cells the cells both reports hold ok, in BASE's order
 * @param unmatched the cells not compared: only one report holds them, or one failed
 * @param rules the rules the verdicts follow
 */
public record Comparison(
    List<CellComparison> cells, List<Unmatched> unmatched, CompareRules rules) {

  public Comparison {
    cells = List.copyOf(cells);
    unmatched = List.copyOf(unmatched);
  }

  /** A cell not compared, and why: "only in BASE", "only in NEW", "failed in NEW (...)", ... */
  public record Unmatched(long recordCount, String profile, String why) {
    public String key() {
      return recordCount + " x " + profile;
    }
  }

  /**
   * As {@link #of(List, List, CompareRules, BuildIds, BuildIds)} for reports whose images' IDs and
   * tool builds are not known.
   */
  public static Comparison of(List<CellResult> base, List<CellResult> next, CompareRules rules) {
    return of(base, next, rules, BuildIds.UNKNOWN, BuildIds.UNKNOWN);
  }

  /**
   * @param base BASE's cells, in the order to show them
   * @param next NEW's cells
   * @param baseBuilds what BASE's image names and tool version stood for (its run.json's)
   * @param nextBuilds NEW's
   */
  public static Comparison of(
      List<CellResult> base,
      List<CellResult> next,
      CompareRules rules,
      BuildIds baseBuilds,
      BuildIds nextBuilds) {
    return match(base, next, rules, (b, n, r) -> compare(b, n, r, baseBuilds, nextBuilds));
  }

  /** As {@link #ofRounds(List, List, CompareRules, BuildIds, BuildIds)}, builds unknown. */
  public static Comparison ofRounds(
      List<CellResult> base, List<CellResult> next, CompareRules rules) {
    return ofRounds(base, next, rules, BuildIds.UNKNOWN, BuildIds.UNKNOWN);
  }

  /**
   * Two variants of one sweep, their runs paired by round ({@link RepeatRun#round}): the intervals
   * from the rounds' ratios ({@link LogRatios#paired}). A cell whose rounds do not pair (a side
   * without rounds, or other rounds) is not compared, and says why.
   *
   * @param rules {@link CompareRules#paired} rules
   * @param baseBuilds what BASE's image names and tool version stood for (its run.json's)
   * @param nextBuilds NEW's
   */
  public static Comparison ofRounds(
      List<CellResult> base,
      List<CellResult> next,
      CompareRules rules,
      BuildIds baseBuilds,
      BuildIds nextBuilds) {
    return match(base, next, rules, (b, n, r) -> compareRounds(b, n, r, baseBuilds, nextBuilds));
  }

  /** How two matched cells are compared. */
  @FunctionalInterface
  private interface Compare {
    CellComparison of(CellResult base, CellResult next, CompareRules rules);
  }

  private static Comparison match(
      List<CellResult> base, List<CellResult> next, CompareRules rules, Compare how) {
    Map<String, CellResult> nextByKey = new LinkedHashMap<>();
    next.forEach(c -> nextByKey.put(c.key(), c));
    List<CellComparison> cells = new ArrayList<>();
    List<Unmatched> unmatched = new ArrayList<>();
    Set<String> inBase = new LinkedHashSet<>();
    for (CellResult b : base) {
      inBase.add(b.key());
      CellResult n = nextByKey.get(b.key());
      String why = n == null ? "only in BASE" : whyNot(b, n);
      if (why == null && rules.pairedRounds()) {
        why = unpaired(b, n);
      }
      if (why != null) {
        unmatched.add(new Unmatched(b.recordCount(), b.profile(), why));
      } else {
        cells.add(how.of(b, n, rules));
      }
    }
    for (CellResult n : next) {
      if (!inBase.contains(n.key())) {
        unmatched.add(new Unmatched(n.recordCount(), n.profile(), "only in NEW"));
      }
    }
    return new Comparison(cells, unmatched, rules);
  }

  /** Every settings difference any cell has, once each, in the order first met. */
  public List<String> settingsDifferences() {
    Set<String> all = new LinkedHashSet<>();
    cells.forEach(c -> all.addAll(c.settingsDifferences()));
    return List.copyOf(all);
  }

  /** How many cells have this throughput verdict. */
  public long count(Change throughputChange) {
    return cells.stream().filter(c -> c.throughput().change() == throughputChange).count();
  }

  /** "2 faster, 1 slower, 0 equivalent, 3 unsure": the cells by throughput verdict, in order. */
  public String countsByVerdict() {
    StringBuilder s = new StringBuilder();
    for (Change ch : Change.values()) {
      s.append(s.length() == 0 ? "" : ", ")
          .append(count(ch))
          .append(' ')
          .append(ch.throughputWord());
    }
    return s.toString();
  }

  private static String whyNot(CellResult b, CellResult n) {
    if (!b.ok() || !n.ok()) {
      return (b.ok() ? "" : "failed in BASE (" + b.error() + ")")
          + (!b.ok() && !n.ok() ? ", " : "")
          + (n.ok() ? "" : "failed in NEW (" + n.error() + ")");
    }
    if (!(b.throughputOpsPerSec() > 0) || !(n.throughputOpsPerSec() > 0)) {
      return "no throughput measured in " + (b.throughputOpsPerSec() > 0 ? "NEW" : "BASE");
    }
    return null;
  }

  private static CellComparison compare(
      CellResult b, CellResult n, CompareRules rules, BuildIds baseBuilds, BuildIds nextBuilds) {
    // The main operation is BASE's, so that both p99s are of the same operation.
    String op = LatencyStats.mainOperation(LatencyStats.counts(b.latencies()));
    RatioInterval throughput = throughput(b, n, rules);
    RatioInterval p99 = p99(b, n, op, rules);
    return new CellComparison(
        b.recordCount(),
        b.profile(),
        side(b, op),
        side(n, op),
        new CellComparison.Measure(throughput, Change.of(throughput, rules.band())),
        p99 == null ? null : new CellComparison.Measure(p99, Change.of(p99, rules.band())),
        settingsDifferences(b, n, baseBuilds, nextBuilds));
  }

  /** Why two variants' cells do not pair round by round, or null when they do. */
  private static String unpaired(CellResult b, CellResult n) {
    List<Integer> bRounds = b.repeatRuns().stream().map(RepeatRun::round).toList();
    List<Integer> nRounds = n.repeatRuns().stream().map(RepeatRun::round).toList();
    if (bRounds.size() < 2 || bRounds.contains(null) || nRounds.contains(null)) {
      return "no rounds to pair (not a sweep of variants, or one round)";
    }
    if (!new java.util.TreeSet<>(bRounds).equals(new java.util.TreeSet<>(nRounds))) {
      return "the rounds differ (BASE " + bRounds + ", NEW " + nRounds + ")";
    }
    return null;
  }

  private static CellComparison compareRounds(
      CellResult b, CellResult n, CompareRules rules, BuildIds baseBuilds, BuildIds nextBuilds) {
    String op = LatencyStats.mainOperation(LatencyStats.counts(b.latencies()));
    Map<Integer, RepeatRun> nByRound = new LinkedHashMap<>();
    n.repeatRuns().forEach(r -> nByRound.put(r.round(), r));
    List<Double> bOps = new ArrayList<>();
    List<Double> nOps = new ArrayList<>();
    List<Double> bP99 = new ArrayList<>();
    List<Double> nP99 = new ArrayList<>();
    for (RepeatRun br : b.repeatRuns()) {
      RepeatRun nr = nByRound.get(br.round());
      bOps.add(br.opsPerSec());
      nOps.add(nr.opsPerSec());
      bP99.add(br.p99Ms());
      nP99.add(nr.p99Ms());
    }
    RatioInterval throughput = LogRatios.paired(bOps, nOps);
    RatioInterval p99 = usable(bP99) && usable(nP99) ? LogRatios.paired(bP99, nP99) : null;
    return new CellComparison(
        b.recordCount(),
        b.profile(),
        side(b, op),
        side(n, op),
        new CellComparison.Measure(throughput, Change.of(throughput, rules.band())),
        p99 == null ? null : new CellComparison.Measure(p99, Change.of(p99, rules.band())),
        settingsDifferences(b, n, baseBuilds, nextBuilds));
  }

  private static CellComparison.Side side(CellResult c, String op) {
    return new CellComparison.Side(
        c.observedTier() != null ? c.observedTier() : c.predictedTier(),
        c.throughputOpsPerSec(),
        p99Ms(c, op),
        Math.max(1, c.repeatRuns().size()));
  }

  private static RatioInterval throughput(CellResult b, CellResult n, CompareRules rules) {
    List<Double> bRuns = b.repeatRuns().stream().map(RepeatRun::opsPerSec).toList();
    List<Double> nRuns = n.repeatRuns().stream().map(RepeatRun::opsPerSec).toList();
    if (usable(bRuns) && usable(nRuns)) {
      return LogRatios.welch(bRuns, nRuns, rules.betweenSweeps());
    }
    return LogRatios.singleRun(opsEstimate(b), opsEstimate(n), rules.singleRunAllowance());
  }

  private static RatioInterval p99(CellResult b, CellResult n, String op, CompareRules rules) {
    Double bp = p99Ms(b, op);
    Double np = p99Ms(n, op);
    if (bp == null || np == null || !(bp > 0) || !(np > 0)) {
      return null;
    }
    List<Double> bRuns = b.repeatRuns().stream().map(RepeatRun::p99Ms).toList();
    List<Double> nRuns = n.repeatRuns().stream().map(RepeatRun::p99Ms).toList();
    if (usable(bRuns) && usable(nRuns)) {
      return LogRatios.welch(bRuns, nRuns, rules.betweenSweeps());
    }
    return LogRatios.singleRun(
        LogRatios.Estimate.of(bp), LogRatios.Estimate.of(np), rules.singleRunAllowance());
  }

  /** Two or more runs, each known and above zero. */
  private static boolean usable(List<Double> runs) {
    return runs.size() >= 2 && runs.stream().allMatch(v -> v != null && v > 0);
  }

  private static LogRatios.Estimate opsEstimate(CellResult c) {
    return new LogRatios.Estimate(
        c.throughputOpsPerSec(),
        c.metric(Metric.OPS_PER_SEC_CI95_LOW),
        c.metric(Metric.OPS_PER_SEC_CI95_HIGH));
  }

  private static Double p99Ms(CellResult c, String op) {
    LatencyStats s = op == null ? null : c.latencies().get(op);
    return s == null || s.count() == 0 ? null : s.p99Micros() / 1000.0;
  }

  /**
   * The cells' settings' differences, then what their image's name (where both name the same) and
   * the tool's version hid.
   */
  private static List<String> settingsDifferences(
      CellResult b, CellResult n, BuildIds baseBuilds, BuildIds nextBuilds) {
    if (b.settings() == null || n.settings() == null) {
      if (b.settings() == n.settings()) {
        return List.of(SettingsDifferences.NOT_RECORDED + " in either report");
      }
      return List.of(
          SettingsDifferences.NOT_RECORDED + " in " + (b.settings() == null ? "BASE" : "NEW"));
    }
    List<String> out = new ArrayList<>(SettingsDifferences.between(b.settings(), n.settings()));
    String image = b.settings().image().equals(n.settings().image()) ? b.settings().image() : "";
    out.addAll(SettingsDifferences.builds(image, baseBuilds, nextBuilds));
    return out;
  }

  /** True when both hold the same cells, figure for figure: a report and itself, or a copy. */
  public static boolean sameCells(List<CellResult> base, List<CellResult> next) {
    return !base.isEmpty() && Objects.equals(base, next);
  }
}
