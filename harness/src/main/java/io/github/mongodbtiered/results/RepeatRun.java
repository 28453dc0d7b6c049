package io.github.mongodbtiered.results;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * One repeat of a cell ({@code --repeats}, each from a cold start) as it measured by itself: what
 * {@code compare} needs to tell the variation between runs from a difference. In a sweep of
 * variants ({@code --variant}) each repeat is one round's run, and says which round and where in
 * that round's order the variant ran, so that runs of two variants pair by round.
 *
 * @param opsPerSec the repeat's throughput over its measured run
 * @param p99Ms the repeat's p99 of the cell's main operation ({@link LatencyStats#mainOperation}),
 *     or null when it did none or it is not known (a merged report's repeats)
 * @param round the round, from 1, in a sweep of variants; null otherwise
 * @param position where the variant ran in that round's order, from 1; null outside variants
 */
public record RepeatRun(
    double opsPerSec,
    Double p99Ms,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer round,
    @JsonInclude(JsonInclude.Include.NON_NULL) Integer position) {
  /** A repeat of a sweep without variants. */
  public RepeatRun(double opsPerSec, Double p99Ms) {
    this(opsPerSec, p99Ms, null, null);
  }

  /** This run as round {@code round}'s, run {@code position}th in that round's order. */
  public RepeatRun inRound(int round, int position) {
    return new RepeatRun(opsPerSec, p99Ms, round, position);
  }
}
