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
 *
 * <p>Six seconds are not always long enough: on a shared 2-core host an in-cache cell's throughput
 * shifts level by 10-15% for 10-30 s at a time, and ten batch means of such runs followed each
 * other (lag-1 autocorrelation 0.28-0.73 in 9 of 12 in-cache cells of three full sweeps), so their
 * interval was too narrow: three cells of one row, where the disk cannot matter, gave intervals
 * that did not all overlap. {@link #independent} therefore checks the batch means before an
 * interval rests on them and, while their lag-1 autocorrelation is above {@link
 * #MAX_LAG1_AUTOCORRELATION} (the usual batch-means rule), merges neighbours into half as many
 * batches, down to {@link #MIN_INDEPENDENT_BATCHES}.
 */
public final class BatchMeans {
  /** At most this many batches. */
  public static final int MAX_BATCHES = 10;

  /** Each batch spans at least this many intervals (seconds). */
  public static final int MIN_BATCH_INTERVALS = 2;

  /** Batch means correlated above this are merged into longer batches. */
  public static final double MAX_LAG1_AUTOCORRELATION = 0.2;

  /** Merging stops before fewer than this many batches (4 degrees of freedom: t = 2.776). */
  public static final int MIN_INDEPENDENT_BATCHES = 5;

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
    return cut(full, firstCount(full.size()), operation);
  }

  /** {@link #MAX_BATCHES}, fewer when a batch would be shorter than the minimum. */
  private static int firstCount(int fullIntervals) {
    return Math.min(MAX_BATCHES, fullIntervals / MIN_BATCH_INTERVALS);
  }

  /**
   * The batches a confidence interval can rest on: those of {@link #of}, merged into half as many
   * (longer) batches while their means' lag-1 autocorrelation is above {@link
   * #MAX_LAG1_AUTOCORRELATION} and at least {@link #MIN_INDEPENDENT_BATCHES} would be left.
   */
  public static List<Batch> independent(List<Interval> intervals, String operation) {
    List<Interval> full = fullIntervals(intervals);
    List<Second> seconds = full.stream().map(i -> new Second(i.seconds(), i.operations())).toList();
    return cut(full, independentCount(seconds), operation);
  }

  /**
   * One second of a run as a live count gives it: its length and the operations completed in it.
   */
  public record Second(double seconds, long operations) {}

  /**
   * The throughput of each batch {@link #independent} would cut these full seconds into, in time
   * order: a run still going gets the same batches its logs will.
   */
  public static List<Double> independentOpsPerSec(List<Second> full) {
    return opsPerSec(full, independentCount(full));
  }

  /**
   * How many batches {@link #independent} cuts into: merged while their means follow each other.
   */
  private static int independentCount(List<Second> full) {
    int count = firstCount(full.size());
    while (count / 2 >= MIN_INDEPENDENT_BATCHES
        && lag1OfMeans(opsPerSec(full, count)) > MAX_LAG1_AUTOCORRELATION) {
      count /= 2;
    }
    return count;
  }

  /** Each batch's operations per second, the seconds cut by {@link #parts} as intervals are. */
  private static List<Double> opsPerSec(List<Second> full, int count) {
    List<Double> means = new ArrayList<>();
    for (List<Second> part : parts(full, count)) {
      double seconds = 0;
      long operations = 0;
      for (Second s : part) {
        seconds += s.seconds();
        operations += s.operations();
      }
      means.add(seconds > 0 ? operations / seconds : 0);
    }
    return means;
  }

  /**
   * The lag-1 autocorrelation of the batches' throughputs: the sum of products of neighbours'
   * deviations from the mean over the sum of squared deviations; 0 when all are equal.
   */
  static double lag1Autocorrelation(List<Batch> batches) {
    return lag1OfMeans(batches.stream().map(Batch::opsPerSec).toList());
  }

  private static double lag1OfMeans(List<Double> means) {
    double mean = means.stream().mapToDouble(Double::doubleValue).average().orElse(0);
    double products = 0;
    double squares = 0;
    for (int i = 0; i < means.size(); i++) {
      double d = means.get(i) - mean;
      squares += d * d;
      if (i + 1 < means.size()) {
        products += d * (means.get(i + 1) - mean);
      }
    }
    return squares > 0 ? products / squares : 0;
  }

  /** The full intervals cut into {@code count} batches; none when {@code count} is under 2. */
  private static List<Batch> cut(List<Interval> full, int count, String operation) {
    List<Batch> batches = new ArrayList<>();
    for (List<Interval> part : parts(full, count)) {
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

  /**
   * {@code full} cut into {@code count} consecutive parts differing in length by at most one, every
   * element used; none when {@code count} is under 2. The one cut of both the logs and a live run.
   */
  private static <T> List<List<T>> parts(List<T> full, int count) {
    int n = full.size();
    List<List<T>> parts = new ArrayList<>();
    for (int b = 0; count >= 2 && b < count; b++) {
      parts.add(full.subList(b * n / count, (b + 1) * n / count));
    }
    return parts;
  }
}
