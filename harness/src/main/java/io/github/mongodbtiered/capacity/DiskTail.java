package io.github.mongodbtiered.capacity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * The disk's part of an operation's latency as a distribution, for its percentiles: how many device
 * reads an operation makes, and which of them the throttle holds back.
 *
 * <p>Measured here (cgroup v1 blk-throttle, 16 threads, the docker stand-in at 4M and 5M records),
 * a cell's READ latencies fall in separate modes, not in a queue's exponential tail: 150 IOPS + 7
 * ms put 75% of operations under 10 ms, 23% at 90-110 ms and 1.7% at 180-200 ms, and nothing beyond
 * 202 ms. The throttle gives a group a budget of reads per slice of 100 ms; a read beyond the
 * budget waits for a later slice, every other read goes at once. So a read waits either nothing or
 * about the slices it takes to come round; at 600 IOPS, 160 operations a second (16 threads, once
 * each per slice) waited 40-72 ms and the rest were served within 7-20 ms.
 *
 * @param readsPerOp device reads per operation (the mean)
 * @param readMicros one read's own time: the added latency and the device's
 * @param heldShare the share of reads the throttle holds back, {@link #heldShare(int, double)}
 * @param heldWaitMicros a held read's wait: the loop's mean wait per read beyond the throttle's own
 *     service time, carried by the held reads alone, and at most the rest of the slice once its
 *     budget is spent ({@link #restOfSliceMicros})
 */
public record DiskTail(
    double readsPerOp, double readMicros, double heldShare, double heldWaitMicros) {

  /** cgroup v1 blk-throttle's slice ({@code throtl_slice}, HZ/10): a budget a slice. */
  public static final double THROTTLE_SLICE_MICROS = 100_000;

  /**
   * Of the operations that read from the device, the share that read twice, one read after the
   * other: 0.067 and 0.068 in the 150-IOPS cells at 4M and 5M records (the 180-200 ms mode over the
   * 90-200 ms modes), where every read is held and so a second read shows as a second slice.
   */
  public static final double SECOND_READ_SHARE = 0.07;

  /**
   * The share of reads held back when {@code threads} threads share a throttle of {@code
   * capPerSec}: each thread is held about once a slice, so {@code threads} of the slice's budget;
   * all of them when the budget is smaller than the threads; none without a throttle.
   */
  public static double heldShare(int threads, double capPerSec) {
    if (Double.isInfinite(capPerSec) || capPerSec <= 0) {
      return 0;
    }
    double budget = capPerSec * THROTTLE_SLICE_MICROS / 1e6;
    return Math.min(1, threads / budget);
  }

  /**
   * How long a held read waits where a slice's budget is larger than the threads: each slice starts
   * with the reads held at the end of the last one, then the loop reads at the rate it would
   * without a throttle ({@code freeReadsPerSec}) until the budget is spent; each thread's next read
   * then waits for the next slice, on average from half a thread's interval between reads after
   * that. 0 where the budget lasts the slice. Measured here, io2 at 1,000 IOPS on 5M records (16
   * threads, the same volume unthrottled read 1,645 a second): the held reads waited 30-70 ms,
   * where the loop's mean wait carried by them alone gave 89 ms and this gives 44.
   */
  public static double restOfSliceMicros(int threads, double capPerSec, double freeReadsPerSec) {
    if (freeReadsPerSec <= 0) {
      return 0;
    }
    double budget = capPerSec * THROTTLE_SLICE_MICROS / 1e6;
    double spentMicros = Math.max(0, budget - threads) / freeReadsPerSec * 1e6;
    double arrivalMicros = 0.5 * threads / freeReadsPerSec * 1e6;
    return Math.max(0, THROTTLE_SLICE_MICROS - spentMicros - arrivalMicros);
  }

  /** One outcome: its probability and the disk's time in it. */
  private record Outcome(double probability, double micros) {}

  /** The {@code q} quantile of the disk's part of an operation (0 where most read nothing). */
  public double quantileMicros(double q) {
    List<Outcome> outcomes = outcomes();
    outcomes.sort(Comparator.comparingDouble(Outcome::micros));
    double below = 0;
    for (Outcome o : outcomes) {
      below += o.probability();
      if (below >= q - 1e-12) {
        return o.micros();
      }
    }
    return outcomes.get(outcomes.size() - 1).micros();
  }

  /** Every (reads, held) pair with its probability. */
  private List<Outcome> outcomes() {
    List<Outcome> outcomes = new ArrayList<>();
    double[] reads = readCounts();
    for (int k = 0; k < reads.length; k++) {
      if (reads[k] <= 0) {
        continue;
      }
      for (int j = 0; j <= k; j++) {
        // Binomial(k, heldShare): j of the k reads held back.
        double p =
            reads[k] * binomial(k, j) * Math.pow(heldShare, j) * Math.pow(1 - heldShare, k - j);
        outcomes.add(new Outcome(p, k * readMicros + j * heldWaitMicros));
      }
    }
    return outcomes;
  }

  /**
   * P(an operation makes k reads), by k: none, one, or two where the mean allows ({@link
   * #SECOND_READ_SHARE} of those that read); a mean beyond that, the two whole numbers around it.
   */
  private double[] readCounts() {
    double reading = readsPerOp / (1 + SECOND_READ_SHARE);
    if (reading <= 1) {
      return new double[] {
        1 - reading, reading * (1 - SECOND_READ_SHARE), reading * SECOND_READ_SHARE
      };
    }
    int n = (int) Math.floor(readsPerOp);
    double[] p = new double[n + 2];
    p[n + 1] = readsPerOp - n;
    p[n] = 1 - p[n + 1];
    return p;
  }

  private static double binomial(int n, int k) {
    double c = 1;
    for (int i = 1; i <= k; i++) {
      c = c * (n - k + i) / i;
    }
    return c;
  }
}
