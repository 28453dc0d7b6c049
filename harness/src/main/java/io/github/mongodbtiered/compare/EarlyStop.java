package io.github.mongodbtiered.compare;

import io.github.mongodbtiered.results.CellResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * When a cell's rounds stop before the last ({@code sweep --stop-early}): after each round from
 * {@link #FIRST_LOOK} to the one before the last, every variant is compared with the first as
 * {@code compare} pairs them, but with intervals at {@link #level()}; once every throughput and p99
 * verdict is decided (anything but unsure against {@code band}), the cell's rounds stop.
 *
 * <p>The looks before the last spend {@link #SPENT} in all (1% split evenly over them, Bonferroni):
 * a false verdict is at most that much more likely than with every round run. A verdict decided at
 * a look stays the same in {@code compare}'s 95% interval of the rounds run, which lies inside the
 * look's wider one.
 */
public final class EarlyStop {
  /** The first round after which the rounds may stop: three ratios give a spread of two df. */
  public static final int FIRST_LOOK = 3;

  /** The chance of a false verdict the early looks spend, in all. */
  public static final double SPENT = 0.01;

  private final int rounds;
  private final double band;

  /**
   * @param rounds the rounds the cell runs without stopping ({@code --rounds}), above {@link
   *     #FIRST_LOOK}
   * @param band the band the verdicts are judged against (compare's default for variants)
   */
  public EarlyStop(int rounds, double band) {
    if (rounds <= FIRST_LOOK) {
      throw new IllegalArgumentException(
          "--stop-early: the rounds may stop after round "
              + FIRST_LOOK
              + " at the earliest, before the last; with --rounds "
              + rounds
              + " there is no such round: give --rounds "
              + (FIRST_LOOK + 1)
              + " or more");
    }
    this.rounds = rounds;
    this.band = band;
  }

  /** Whether the rounds are looked at after {@code round} (from 1). */
  public boolean looksAfter(int round) {
    return round >= FIRST_LOOK && round < rounds;
  }

  /** The two-sided confidence of each look's intervals: 1 - {@link #SPENT} / looks. */
  public double level() {
    return 1 - SPENT / (rounds - FIRST_LOOK);
  }

  /**
   * What decided every verdict after these rounds, or null while one is unsure.
   *
   * @param base the first variant's cell of the rounds so far (its runs paired by round)
   * @param others each other variant's, by name, in the order given
   */
  public String decided(CellResult base, List<Named> others) {
    CompareRules rules = CompareRules.paired(band);
    List<String> said = new ArrayList<>();
    for (Named n : others) {
      Comparison c = Comparison.ofRounds(List.of(base), List.of(n.cell()), rules);
      if (c.cells().isEmpty()) {
        return null;
      }
      CellComparison cell = c.cells().get(0);
      RatioInterval ops = cell.throughput().interval().atLevel(level());
      Change opsChange = Change.of(ops, band);
      if (opsChange == Change.UNSURE) {
        return null;
      }
      String p99 = "";
      if (cell.p99() != null) {
        RatioInterval latency = cell.p99().interval().atLevel(level());
        Change latencyChange = Change.of(latency, band);
        if (latencyChange == Change.UNSURE) {
          return null;
        }
        p99 = ", p99 " + latencyChange.latencyWord() + " " + latency.text();
      }
      said.add(n.name() + " " + opsChange.throughputWord() + " " + ops.text() + p99);
    }
    return String.format(
            Locale.ROOT,
            "every verdict against the first variant decided at %s intervals (band ±%s): ",
            levelText(),
            CompareRules.pct(band))
        + String.join("; ", said);
  }

  /** A variant's cell so far, by its name. */
  public record Named(String name, CellResult cell) {}

  /** {@link #level()} as the console and the notes say it: "99.5%", "99%". */
  public String levelText() {
    return CompareRules.pct(Math.round(level() * 10_000) / 10_000.0);
  }
}
