package io.github.mongodbtiered.compare;

import java.util.List;
import java.util.Locale;

/**
 * The rules a comparison's verdicts follow, stated with it wherever it is shown.
 *
 * @param band the fraction either side of 1 that counts as no change (0.05 for ±5%)
 * @param singleRunAllowance how far one run's figure may land from the next run's of the same
 *     settings (0.25: a factor of 1.25 either way); in-cache cells of the full sweep were measured
 *     5-12% apart between sweeps, so this is a margin above what has been seen, not a measurement
 * @param betweenSweeps the standard deviation, on the log scale (0.08: about 8%), of a cell's mean
 *     from one sweep to the next beyond what its repeats show: the repeats of one sweep share its
 *     JVM and its moment of the host, so they under-state how far the next sweep lands
 * @param pairedRounds whether the sides are variants of one sweep whose runs pair by round (then
 *     neither allowance applies: the rounds' ratios measure the spread)
 */
public record CompareRules(
    double band, double singleRunAllowance, double betweenSweeps, boolean pairedRounds) {
  /** The default: ±5%, single runs allowed 25%. */
  public static final double DEFAULT_BAND = 0.05;

  public static final double DEFAULT_SINGLE_RUN_ALLOWANCE = 0.25;

  /**
   * Eight 3-repeat quickstart sweeps on a quiet 2-core host put the spread of a cell's mean between
   * sweeps, beyond its repeats', at 2-10% per cell (pooled 6.6%, 95% upper bound 9.0%); without it
   * 14 of 112 comparisons of identical sweeps were faster or slower, with it 2 (docs/compare.md).
   */
  public static final double DEFAULT_BETWEEN_SWEEPS = 0.08;

  /**
   * The band of a comparison of variants paired by round: runs of one sweep, interleaved, whose
   * rounds' ratios leave out what the rounds shared, tell apart changes far smaller than two
   * sweeps' 5%; 1% keeps a difference of no consequence from being called a change.
   */
  public static final double DEFAULT_PAIRED_BAND = 0.01;

  /** Two reports' rules. */
  public CompareRules(double band, double singleRunAllowance, double betweenSweeps) {
    this(band, singleRunAllowance, betweenSweeps, false);
  }

  /** The rules of variants of one sweep compared round by round, at {@code band}. */
  public static CompareRules paired(double band) {
    return new CompareRules(band, DEFAULT_SINGLE_RUN_ALLOWANCE, 0, true);
  }

  public CompareRules {
    if (!(band >= 0 && band < 1)) {
      throw new IllegalArgumentException("--band must be from 0% to below 100%, not " + pct(band));
    }
    if (!(singleRunAllowance >= 0)) {
      throw new IllegalArgumentException("the single-run allowance must be 0 or more");
    }
    if (!(betweenSweeps >= 0 && betweenSweeps < 1)) {
      throw new IllegalArgumentException(
          "--between-sweeps must be from 0% to below 100%, not " + pct(betweenSweeps));
    }
  }

  /**
   * Whether two repeated sweeps can be called equivalent at all: not when the between-sweeps
   * allowance alone (repeats that agree exactly, the normal quantile) spans more than the band.
   */
  public boolean equivalenceReachable() {
    if (pairedRounds) {
      return true;
    }
    double narrowest =
        LogRatios.quantile975(Double.POSITIVE_INFINITY) * Math.sqrt(2) * betweenSweeps;
    return Math.exp(narrowest) - 1 <= band && 1 - Math.exp(-narrowest) <= band;
  }

  /** The rules in words, one line each. */
  public List<String> describe() {
    List<String> lines = new java.util.ArrayList<>(rules());
    if (!equivalenceReachable()) {
      lines.add(
          "equivalent cannot be reached here: even repeats that agree exactly leave an interval"
              + " wider than the band, from the between-sweeps allowance alone; widen --band or"
              + " measure your host's --between-sweeps (docs/compare.md).");
    }
    return lines;
  }

  private List<String> rules() {
    if (pairedRounds) {
      return List.of(
          "ratios are NEW / BASE with a 95% interval; band ±" + pct(band) + ".",
          "faster / slower (p99 higher / lower): the whole interval beyond the band;"
              + " equivalent: the whole interval inside it; unsure: anything else.",
          "variants of one sweep: each round's NEW run over its BASE run, Student's t on the"
              + " logs of those ratios (what a round's runs shared cancels in its ratio); the"
              + " minimum detectable effect is the change the verdict calls with 80% power at"
              + " that spread and those rounds.");
    }
    return List.of(
        "ratios are NEW / BASE with a 95% interval; band ±" + pct(band) + ".",
        "faster / slower (p99 higher / lower): the whole interval beyond the band;"
            + " equivalent: the whole interval inside it; unsure: anything else.",
        "both sides with 2+ repeats: Welch's t on the logs of the per-repeat values"
            + " (the variation between cold starts, measured), each side's mean also allowed "
            + pct(betweenSweeps)
            + " (one standard deviation) from sweep to sweep, which one sweep's repeats cannot"
            + " show (--between-sweeps).",
        "a side with one run: the runs' own intervals combined, widened by ×/÷"
            + String.format(Locale.ROOT, "%.2f", 1 + singleRunAllowance)
            + " (one run cannot show how the next lands), so such a cell is never"
            + " equivalent and is faster or slower only beyond that; measure with --repeats 3"
            + " to compare closely.");
  }

  /** 0.05 as "5%". */
  public static String pct(double fraction) {
    double p = fraction * 100;
    return (p == Math.rint(p) ? Long.toString((long) p) : String.format(Locale.ROOT, "%.2f", p))
        + "%";
  }
}
