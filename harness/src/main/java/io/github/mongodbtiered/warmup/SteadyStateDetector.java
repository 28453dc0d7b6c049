package io.github.mongodbtiered.warmup;

import io.github.mongodbtiered.variation.Drift;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Locale;

/**
 * Decides from one sample per second when a warm-up has reached its steady state: throughput has
 * stopped changing (the means of the last two windows of {@link #WINDOW_SECONDS} samples differ by
 * less than {@link #OPS_DRIFT} of their joint mean), and over the last window the WiredTiger
 * cache's content grew less than {@link #CACHE_GROWTH} and the pages read into the cache per second
 * are flat (spread within {@link #PAGE_READS_SPREAD} of their mean, plus {@link
 * #PAGE_READS_SLACK_PER_SEC} so that a cache that no longer reads at all counts as flat). When any
 * sample lacks the server's cache figures (a server without WiredTiger statistics), throughput
 * alone decides, and {@link #throughputOnly()} says so. Where the server's page cache is known (its
 * container's memory cgroup), it too must have grown less than {@link #CACHE_GROWTH} over the last
 * window: a disk-bound warm-up reads pages in at the disk's steady pace, so pages read per second
 * look flat while the filesystem cache is still filling. Where JIT compiler time is known (this
 * JVM's, and a server's that runs on a JVM and reports it), the busier compiler must also have gone
 * quiet over the last window (at most {@link #JIT_BUSY} of the wall time): while C2 still compiles
 * the hot paths throughput climbs in steps with flat stretches between them (a fresh JVM's first
 * cell held 8,000 ops/s for 10 s of warm-up and then rose to 12,700 ops/s during its run; the
 * stand-in in a container, restarted cold for each cell, compiled for 15 s after a 2M-record cell's
 * warm-up had looked steady, while its run climbed from 9,700 to 13,600 ops/s).
 *
 * <p>Throughput is judged by its trend, not its spread: on a shared 2-core host one-second samples
 * of a steady server vary by 10-15% (a 2M-record cell on hdd-150 gave 10,200-13,900 ops/s in five
 * consecutive seconds of a flat cache), which a spread test reads as never steady, while the mean
 * of five seconds moves little once the caches stop filling. A slow trend passes that test, so the
 * line through the last {@code trendSeconds} samples (a quarter of the warm-up's bound, {@link
 * #trendSecondsFor}: 30 from a 120 s bound up), carried on over the measured run's length, must not
 * drift either (a rise of 0.3%/s is 9% over 30 s and 18% over a 60 s run), and no warm-up is judged
 * steady before it has that many, by the measured run's own test ({@link Drift#drifting()}: a
 * change above {@value Drift#DRIFT_PCT}% that is significant at 95%). Data sets just over the
 * WiredTiger cache need it: the filesystem cache's content keeps changing after the caches' sizes
 * have settled (pages the WiredTiger cache also holds come to be cached twice), and a 4M-record
 * cell whose warm-up passed the window test fell 52% during its run.
 */
public final class SteadyStateDetector {
  public static final int WINDOW_SECONDS = 5;
  public static final double OPS_DRIFT = 0.10;
  public static final double CACHE_GROWTH = 0.01;
  public static final double PAGE_READS_SPREAD = 0.20;
  public static final double PAGE_READS_SLACK_PER_SEC = 10;
  public static final double JIT_BUSY = 0.05;

  /**
   * Below this many device reads per operation the filesystem cache serves nearly everything, and
   * the few reads left are too noisy to have a trend.
   */
  public static final double DEVICE_READS_PER_OP_FLOOR = 0.01;

  /** The test a window fails while it holds fewer samples than the trend window. */
  public static final String SAMPLES = "samples";

  /** The longest trend window: a quarter of a 120 s bound. */
  public static final int TREND_SECONDS = 30;

  private final Deque<WarmupSample> window = new ArrayDeque<>();
  private final int trendSeconds;
  private final double horizonSeconds;
  private boolean throughputOnly;

  /** A detector whose trend window is its two comparison windows ({@code 2 * WINDOW_SECONDS}). */
  public SteadyStateDetector() {
    this(2 * WINDOW_SECONDS);
  }

  /**
   * @param trendSeconds samples the trend line goes through, and the fewest a steady warm-up has;
   *     at least {@code 2 * WINDOW_SECONDS}
   */
  public SteadyStateDetector(int trendSeconds) {
    this(trendSeconds, 0);
  }

  /**
   * @param trendSeconds samples the trend line goes through, and the fewest a steady warm-up has;
   *     at least {@code 2 * WINDOW_SECONDS}
   * @param horizonSeconds how long the trend must stay within the drift test when carried on: the
   *     measured run's length, so that a slope too gentle to show in the window but that would show
   *     over the run keeps the warm-up going; at most the window's own span counts when shorter
   */
  public SteadyStateDetector(int trendSeconds, double horizonSeconds) {
    this.trendSeconds = Math.max(2 * WINDOW_SECONDS, trendSeconds);
    this.horizonSeconds = horizonSeconds;
  }

  /**
   * The trend window for a warm-up of at most {@code boundSeconds}: a quarter of it, from {@code 2
   * * WINDOW_SECONDS} to {@link #TREND_SECONDS}, so that a short warm-up (the quickstart's 30 s)
   * can still end steady and a long one is not judged on seconds alone.
   */
  public static int trendSecondsFor(double boundSeconds) {
    return (int)
        Math.max(2 * WINDOW_SECONDS, Math.min(TREND_SECONDS, Math.round(boundSeconds / 4)));
  }

  /** Adds the next second's sample; true when the window now ends in the steady state. */
  public boolean add(WarmupSample sample) {
    return addAndCheck(sample).isEmpty();
  }

  /**
   * Adds the next second's sample and judges the window it ends: {@link #waitingOn()}, in one pass
   * for a caller that keeps both the verdict and its reasons.
   */
  public List<String> addAndCheck(WarmupSample sample) {
    window.addLast(sample);
    if (window.size() > trendSeconds) {
      window.removeFirst();
    }
    return waitingOn();
  }

  /** True when the last full window met every tolerance that applies. */
  public boolean steady() {
    return waitingOn().isEmpty();
  }

  /**
   * The tests the last window fails, by name, in the order above: {@code samples} (fewer than the
   * trend window), {@code ops-step} (the two windows' means), {@code ops-trend}, {@code
   * reads-trend} (device reads per operation), {@code jit}, {@code page-cache}, {@code wt-cache}
   * (grew) and {@code page-reads} (not flat); empty when steady.
   */
  public List<String> waitingOn() {
    if (window.size() < trendSeconds) {
      return List.of(SAMPLES);
    }
    throughputOnly =
        last().stream().anyMatch(s -> s.cacheBytes() == null || s.pagesReadPerSec() == null);
    Drift trend = trend();
    Drift reads = deviceReadsTrend();
    List<String> failed = new ArrayList<>();
    addIf(failed, opsDrift() >= OPS_DRIFT, "ops-step");
    addIf(failed, trend != null && trend.drifting(), "ops-trend");
    addIf(failed, reads != null && reads.drifting(), "reads-trend");
    addIf(failed, jitBusy() > JIT_BUSY, "jit");
    addIf(failed, pageCacheGrowth() >= CACHE_GROWTH, "page-cache");
    if (!throughputOnly) {
      addIf(failed, cacheGrowth() >= CACHE_GROWTH, "wt-cache");
      addIf(failed, !pageReadsFlat(), "page-reads");
    }
    return failed;
  }

  private static void addIf(List<String> failed, boolean fails, String test) {
    if (fails) {
      failed.add(test);
    }
  }

  /** True when the last decision had no cache figures to go on. */
  public boolean throughputOnly() {
    return throughputOnly;
  }

  /** The last window's figures, for a note on a warm-up that did not settle. */
  public String describe() {
    if (window.size() < 2 * WINDOW_SECONDS) {
      return "fewer than " + 2 * WINDOW_SECONDS + " one-second samples";
    }
    if (window.size() < trendSeconds) {
      return "fewer than " + trendSeconds + " one-second samples (the trend window)";
    }
    String notes =
        String.format(
                Locale.ROOT,
                "ops/s changed %.0f%% between the last two %d s windows",
                100 * opsDrift(),
                WINDOW_SECONDS)
            + trendNote()
            + deviceReadsNote()
            + pageCacheNote()
            + jitNote();
    if (throughputOnly) {
      return notes + " (no WiredTiger statistics: throughput alone decides)";
    }
    return notes + cacheNote();
  }

  /** The throughput's trend where it drifts, else nothing. */
  private String trendNote() {
    Drift trend = trend();
    return trend == null || !trend.drifting()
        ? ""
        : String.format(
            Locale.ROOT,
            ", the trend of the last %d s %s %.0f%% over %.0f s",
            trend.batches(),
            trend.pct() > 0 ? "rises" : "falls",
            Math.abs(trend.pct()),
            overSeconds(trend));
  }

  /** The trend of device reads per operation where it drifts, else nothing. */
  private String deviceReadsNote() {
    Drift reads = deviceReadsTrend();
    return reads == null || !reads.drifting()
        ? ""
        : String.format(
            Locale.ROOT,
            ", device reads per operation (%.2f to %.2f) %s %.0f%% over %.0f s",
            reads.firstOpsPerSec(),
            reads.lastOpsPerSec(),
            reads.pct() > 0 ? "rise" : "fall",
            Math.abs(reads.pct()),
            overSeconds(reads));
  }

  private String pageCacheNote() {
    double pageCache = pageCacheGrowth();
    return pageCache > 0
        ? String.format(Locale.ROOT, ", the page cache grew %.1f%%", 100 * pageCache)
        : "";
  }

  private String jitNote() {
    double jit = jitBusy();
    return jit > JIT_BUSY
        ? String.format(
            Locale.ROOT, ", a JIT compiler (client's or server's) worked %.0f ms/s", 1000 * jit)
        : "";
  }

  private String cacheNote() {
    return String.format(
        Locale.ROOT,
        ", WT cache grew %.1f%%, pages read into cache/s %.0f-%.0f",
        100 * cacheGrowth(),
        last().stream().mapToDouble(WarmupSample::pagesReadPerSec).min().orElse(0),
        last().stream().mapToDouble(WarmupSample::pagesReadPerSec).max().orElse(0));
  }

  /** The last {@link #WINDOW_SECONDS} samples. */
  private List<WarmupSample> last() {
    List<WarmupSample> all = new ArrayList<>(window);
    return all.subList(Math.max(0, all.size() - WINDOW_SECONDS), all.size());
  }

  /** Mean JIT busy fraction over the last window; 0 when the JVM gave none. */
  private double jitBusy() {
    return last().stream()
        .map(WarmupSample::jitBusy)
        .filter(j -> j != null)
        .mapToDouble(Double::doubleValue)
        .average()
        .orElse(0);
  }

  /** |mean of the last window - mean of the one before| / mean of both; infinite if none ran. */
  private double opsDrift() {
    List<WarmupSample> all = new ArrayList<>(window);
    int n = all.size();
    double before = mean(all.subList(n - 2 * WINDOW_SECONDS, n - WINDOW_SECONDS));
    double recent = mean(all.subList(n - WINDOW_SECONDS, n));
    double both = (before + recent) / 2;
    return both > 0 ? Math.abs(recent - before) / both : Double.POSITIVE_INFINITY;
  }

  /**
   * The line through the throughput of the last {@code trendSeconds} samples, carried on over the
   * horizon when that is longer than the window's span, or null if none ran.
   */
  private Drift trend() {
    return carriedOn(Drift.of(window.stream().map(WarmupSample::opsPerSec).toList()));
  }

  /** {@code d} carried on over the horizon when that is longer than its span; null stays null. */
  private Drift carriedOn(Drift d) {
    return d == null ? null : d.extrapolated(overSeconds(d) / (d.batches() - 1));
  }

  /** The seconds a window's trend is judged over: the horizon, or the window's span if longer. */
  private double overSeconds(Drift d) {
    return Math.max(horizonSeconds, d.batches() - 1);
  }

  /**
   * The trend of device reads per operation over the window, carried on over the horizon as the
   * throughput's is; null when any sample lacks it or the disk is barely read. The filesystem
   * cache's content can keep changing after its size has settled (pages read once by the preload
   * give way to the ones the workload reads again), and with it the share of reads that reach the
   * disk: a 4M-record cell on hdd-150 fell from 600 to 420 ops/s that way over two minutes.
   */
  private Drift deviceReadsTrend() {
    List<Double> perOp = new ArrayList<>();
    for (WarmupSample s : window) {
      if (s.deviceReadsPerOp() == null) {
        return null;
      }
      perOp.add(s.deviceReadsPerOp());
    }
    if (perOp.stream().mapToDouble(Double::doubleValue).average().orElse(0)
        < DEVICE_READS_PER_OP_FLOOR) {
      return null;
    }
    return carriedOn(Drift.of(perOp));
  }

  private static double mean(List<WarmupSample> samples) {
    return samples.stream().mapToDouble(WarmupSample::opsPerSec).average().orElse(0);
  }

  /**
   * Growth of the server's page cache over the last window, as a share of where it started; 0 when
   * any sample lacks it.
   */
  private double pageCacheGrowth() {
    List<WarmupSample> last = last();
    if (last.stream().anyMatch(s -> s.pageCacheBytes() == null)) {
      return 0;
    }
    long first = last.get(0).pageCacheBytes();
    long end = last.get(last.size() - 1).pageCacheBytes();
    return first <= 0 ? (end <= 0 ? 0 : Double.POSITIVE_INFINITY) : (double) (end - first) / first;
  }

  private double cacheGrowth() {
    long first = last().get(0).cacheBytes();
    long last = window.getLast().cacheBytes();
    if (first <= 0) {
      return last <= 0 ? 0 : Double.POSITIVE_INFINITY;
    }
    return (double) (last - first) / first;
  }

  private boolean pageReadsFlat() {
    double[] v = last().stream().mapToDouble(WarmupSample::pagesReadPerSec).toArray();
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
}
