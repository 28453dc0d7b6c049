package io.github.mongodbtiered.compare;

import io.github.mongodbtiered.results.Tier;
import java.util.List;

/**
 * One cell both reports hold, compared.
 *
 * @param recordCount the cell's record count
 * @param profile the cell's profile
 * @param base BASE's side
 * @param next NEW's side
 * @param throughput the throughput ratio and its verdict
 * @param p99 the main operation's p99 ratio and its verdict, or null when a side has none
 * @param settingsDifferences how the sides' settings differ ("what: BASE → NEW"), empty when alike
 */
public record CellComparison(
    long recordCount,
    String profile,
    Side base,
    Side next,
    Measure throughput,
    Measure p99,
    List<String> settingsDifferences) {

  public CellComparison {
    settingsDifferences = List.copyOf(settingsDifferences);
  }

  /** "2000000 x hdd-150", as a sweep names cells. */
  public String key() {
    return recordCount + " x " + profile;
  }

  /** The cell's verdict: the throughput's (faster, slower, equivalent, unsure). */
  public String verdict() {
    return throughput.change().throughputWord();
  }

  /**
   * One report's cell as compared.
   *
   * @param tier the observed tier, else the predicted one, or null when neither is known
   * @param opsPerSec the cell's throughput
   * @param p99Ms the main operation's p99, or null
   * @param runs measured runs (repeats) behind the figures
   */
  public record Side(Tier tier, double opsPerSec, Double p99Ms, int runs) {}

  /**
   * A ratio and what it says.
   *
   * @param interval NEW / BASE with its 95% interval
   * @param change its verdict against the band
   */
  public record Measure(RatioInterval interval, Change change) {}
}
