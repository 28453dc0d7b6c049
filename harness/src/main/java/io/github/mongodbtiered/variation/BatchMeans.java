package io.github.mongodbtiered.variation;

import io.github.mongodbtiered.intervals.Interval;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;

/**
 * A measured run's per-second intervals grouped into consecutive batches, whose means are close
 * enough to independent samples for a confidence interval: one second's throughput depends on the
 * last (the caches, the disk queue and the JIT carry over), so the seconds themselves are not.
 *
 * <p>The run is cut into {@link #MAX_BATCHES} batches, fewer when that would make a batch shorter
 * than {@link #MIN_BATCH_INTERVALS} seconds; a run of under 4 full seconds gives none. Ten batches
 * of a 60 s run are 6 s each, long against the few seconds over which the stand-in's and a
 * throttled disk's throughput stay correlated, while leaving 9 degrees of freedom (t = 2.262,
 * against 1.96 for infinitely many). Batches differ in length by at most one interval, and every
 * full interval is used.
 */
public final class BatchMeans {
  /** At most this many batches. */
  public static final int MAX_BATCHES = 10;

  /** Each batch spans at least this many intervals (seconds). */
  public static final int MIN_BATCH_INTERVALS = 2;

  /**
   * Intervals shorter than this are not a second's sample and are left out: YCSB closes the last
   * interval when the run ends, part-way through a second.
   */
  public static final double MIN_INTERVAL_SECONDS = 0.9;

  /**
   * One batch.
   *
   * @param intervals how many intervals it holds
   * @param seconds their length together
   * @param operations operations of every type completed in them
   * @param p99Micros the 99th percentile of the chosen operation over the batch; 0 when none
   */
  public record Batch(int intervals, double seconds, long operations, long p99Micros) {
    public double opsPerSec() {
      return seconds > 0 ? operations / seconds : 0;
    }
  }

  private BatchMeans() {}

  /** The intervals long enough to be a second's sample, in order. */
  public static List<Interval> fullIntervals(List<Interval> intervals) {
    return intervals.stream().filter(i -> i.seconds() >= MIN_INTERVAL_SECONDS).toList();
  }

  /** The batches of the run, p99 of every operation together. */
  public static List<Batch> of(List<Interval> intervals) {
    return of(intervals, null);
  }

  /**
   * The batches of the run; empty when it has under 4 full intervals.
   *
   * @param operation whose p99 each batch gives, or null for every operation together
   */
  public static List<Batch> of(List<Interval> intervals, String operation) {
    List<Interval> full = fullIntervals(intervals);
    int n = full.size();
    int count = Math.min(MAX_BATCHES, n / MIN_BATCH_INTERVALS);
    List<Batch> batches = new ArrayList<>();
    if (count < 2) {
      return batches;
    }
    for (int b = 0; b < count; b++) {
      List<Interval> part = full.subList(b * n / count, (b + 1) * n / count);
      Histogram latency = new Histogram(3);
      double seconds = 0;
      long operations = 0;
      for (Interval i : part) {
        seconds += i.seconds();
        operations += i.operations();
        if (operation == null) {
          latency.add(i.all());
        } else if (i.byOperation().containsKey(operation)) {
          latency.add(i.byOperation().get(operation));
        }
      }
      long p99 = latency.getTotalCount() == 0 ? 0 : latency.getValueAtPercentile(99);
      batches.add(new Batch(part.size(), seconds, operations, p99));
    }
    return batches;
  }
}
