package io.github.mongodbtiered.warmup;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Locale;

/**
 * Decides from one sample per second when a warm-up has reached its steady state: over the last
 * {@link #WINDOW_SECONDS} samples, throughput varies less than {@link #OPS_SPREAD} (max - min over
 * mean), the WiredTiger cache's content grew less than {@link #CACHE_GROWTH}, and the pages read
 * into the cache per second are flat (spread within {@link #PAGE_READS_SPREAD} of their mean, plus
 * {@link #PAGE_READS_SLACK_PER_SEC} so that a cache that no longer reads at all counts as flat).
 * When any sample in the window lacks the server's cache figures (a server without WiredTiger
 * statistics), throughput alone decides, and {@link #throughputOnly()} says so.
 */
public final class SteadyStateDetector {
  public static final int WINDOW_SECONDS = 5;
  public static final double OPS_SPREAD = 0.10;
  public static final double CACHE_GROWTH = 0.01;
  public static final double PAGE_READS_SPREAD = 0.20;
  public static final double PAGE_READS_SLACK_PER_SEC = 10;

  /**
   * One second of the warm-up.
   *
   * @param opsPerSec the workload's throughput over the second
   * @param cacheBytes WiredTiger bytes currently in the cache at its end, or null if unknown
   * @param pagesReadPerSec WiredTiger pages read into the cache per second over it, or null
   */
  public record Sample(double opsPerSec, Long cacheBytes, Double pagesReadPerSec) {}

  private final Deque<Sample> window = new ArrayDeque<>();
  private boolean throughputOnly;

  /** Adds the next second's sample; true when the window now ends in the steady state. */
  public boolean add(Sample sample) {
    window.addLast(sample);
    if (window.size() > WINDOW_SECONDS) {
      window.removeFirst();
    }
    return steady();
  }

  /** True when the last full window met every tolerance that applies. */
  public boolean steady() {
    if (window.size() < WINDOW_SECONDS) {
      return false;
    }
    throughputOnly =
        window.stream().anyMatch(s -> s.cacheBytes() == null || s.pagesReadPerSec() == null);
    if (opsSpread() >= OPS_SPREAD) {
      return false;
    }
    return throughputOnly || (cacheGrowth() < CACHE_GROWTH && pageReadsFlat());
  }

  /** True when the last decision had no cache figures to go on. */
  public boolean throughputOnly() {
    return throughputOnly;
  }

  /** The last window's figures, for a note on a warm-up that did not settle. */
  public String describe() {
    if (window.size() < WINDOW_SECONDS) {
      return "fewer than " + WINDOW_SECONDS + " one-second samples";
    }
    String ops = String.format(Locale.ROOT, "ops/s varied %.0f%%", 100 * opsSpread());
    if (throughputOnly) {
      return ops + " (no WiredTiger statistics: throughput alone decides)";
    }
    return ops
        + String.format(
            Locale.ROOT,
            ", WT cache grew %.1f%%, pages read into cache/s %.0f-%.0f",
            100 * cacheGrowth(),
            window.stream().mapToDouble(Sample::pagesReadPerSec).min().orElse(0),
            window.stream().mapToDouble(Sample::pagesReadPerSec).max().orElse(0));
  }

  private double opsSpread() {
    return spread(window.stream().mapToDouble(Sample::opsPerSec).toArray());
  }

  private double cacheGrowth() {
    long first = window.getFirst().cacheBytes();
    long last = window.getLast().cacheBytes();
    if (first <= 0) {
      return last <= 0 ? 0 : Double.POSITIVE_INFINITY;
    }
    return (double) (last - first) / first;
  }

  private boolean pageReadsFlat() {
    double[] v = window.stream().mapToDouble(Sample::pagesReadPerSec).toArray();
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double sum = 0;
    for (double x : v) {
      min = Math.min(min, x);
      max = Math.max(max, x);
      sum += x;
    }
    return max - min <= PAGE_READS_SPREAD * (sum / v.length) + PAGE_READS_SLACK_PER_SEC;
  }

  /** (max - min) / mean; infinite when the mean is not positive (nothing ran). */
  static double spread(double[] v) {
    double min = Double.POSITIVE_INFINITY;
    double max = Double.NEGATIVE_INFINITY;
    double sum = 0;
    for (double x : v) {
      min = Math.min(min, x);
      max = Math.max(max, x);
      sum += x;
    }
    double mean = sum / v.length;
    return mean > 0 ? (max - min) / mean : Double.POSITIVE_INFINITY;
  }
}
