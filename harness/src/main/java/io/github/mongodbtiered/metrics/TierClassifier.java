package io.github.mongodbtiered.metrics;

import io.github.mongodbtiered.results.FsHitBasis;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.PredictedTierBasis;
import io.github.mongodbtiered.results.Tier;
import java.util.Map;
import java.util.Optional;

/**
 * Places a cell's working set in a {@link Tier}: predicted from sizes before the run, observed from
 * hit ratios after it. A report flags cells where the two disagree.
 *
 * <p>The thresholds reproduce the study's table (memory 7634 MB, WiredTiger cache 3305 MB): 2M
 * records (2.43 GB data+index) in the WiredTiger cache, 3M (3.66 GB) in the file system cache
 * (99.9% hits), 4M (4.8 GB) slightly over both (93-96% file system cache hits), 5M (6.09 GB) far
 * over (81%).
 */
public final class TierClassifier {
  private TierClassifier() {}

  /**
   * The part of the WiredTiger cache a working set can use: WiredTiger evicts to keep the cache at
   * most 80% full (its eviction_target), so the study's 3305 MB cache held 2644 MB.
   */
  public static final double WT_CACHE_USABLE_FRACTION = 0.80;

  /**
   * Memory the file system cache cannot have besides the WiredTiger cache: mongod's memory outside
   * its cache and the kernel's own. Small because the cache itself rarely fills past 80-95% of its
   * configured size, leaving the rest of it to them. Fitted to the study, whose files are 0.94-1.0
   * of data+index (snappy barely compresses YCSB's random field values: 0.94 measured): of the 4329
   * MB outside the cache, its 3M files (at most 3748 MB) must fit and its 4M files (at least 4303
   * MB, reading GB as 10^9 bytes) must not, so any allowance from 26 to 581 MB works.
   */
  public static final long FS_CACHE_ALLOWANCE_BYTES = 256L << 20;

  /**
   * Files up to this multiple of the file system cache's room are "slightly over". Under uniform
   * access a cache holding 1/1.25 of the files would serve 80% of reads; the study's hotter access
   * did better (its 4M files were 1.13x the room and hit 93-96%, its 5M files 1.44x and hit 81%),
   * and 1.25x is where its hit ratio crosses {@link #OBSERVED_SLIGHTLY_OVER_MIN_FS_HIT}.
   */
  public static final double SLIGHTLY_OVER_MAX_ROOM_MULTIPLE = 1.25;

  /**
   * Observed: at least this WiredTiger cache hit ratio means the working set is in that cache. The
   * study measured 100%; 1% leaves room for misses after warm-up and checkpoint reads.
   */
  public static final double OBSERVED_WT_CACHE_MIN_HIT = 0.99;

  /** Observed: at least this file system cache hit ratio means it holds the working set (99.9%). */
  public static final double OBSERVED_FS_CACHE_MIN_HIT = 0.99;

  /**
   * Observed: at least this file system cache hit ratio is "slightly over", below it "far over".
   * Between the study's 4M row (93-96%) and its 5M row (81%), so each lands in its own tier.
   */
  public static final double OBSERVED_SLIGHTLY_OVER_MIN_FS_HIT = 0.90;

  /**
   * Room the file system cache has for the data files: {@code memoryBytes - wtCacheBytes -
   * FS_CACHE_ALLOWANCE_BYTES}, at least 0.
   */
  public static long fsCacheRoomBytes(long memoryBytes, long wtCacheBytes) {
    return Math.max(0, memoryBytes - wtCacheBytes - FS_CACHE_ALLOWANCE_BYTES);
  }

  /**
   * The tier sizes predict.
   *
   * <ul>
   *   <li>{@code WT_CACHE} when {@code workingSetBytes <= WT_CACHE_USABLE_FRACTION x wtCacheBytes};
   *   <li>else {@code FS_CACHE} when {@code onDiskBytes <= fsCacheRoomBytes};
   *   <li>else {@code SLIGHTLY_OVER} when {@code onDiskBytes <= SLIGHTLY_OVER_MAX_ROOM_MULTIPLE x
   *       fsCacheRoomBytes};
   *   <li>else {@code FAR_OVER}.
   * </ul>
   *
   * @param workingSetBytes data + indexes, uncompressed as the WiredTiger cache holds them ({@link
   *     DataSizes#workingSetBytes()})
   * @param onDiskBytes the files' bytes the file system cache must hold: their live bytes ({@link
   *     DataSizes#liveBytes()}) or their compressed size ({@link DataSizes#onDiskBytes()}); pass
   *     {@code workingSetBytes} when unknown
   * @param wtCacheBytes the configured WiredTiger cache size
   * @param memoryBytes memory for the server and its file system cache: the container's limit, or
   *     the host's memory when unlimited
   * @throws IllegalArgumentException when a size is negative
   */
  public static Tier predict(
      long workingSetBytes, long onDiskBytes, long wtCacheBytes, long memoryBytes) {
    if (workingSetBytes < 0 || onDiskBytes < 0 || wtCacheBytes < 0 || memoryBytes < 0) {
      throw new IllegalArgumentException("sizes cannot be negative");
    }
    if (workingSetBytes <= WT_CACHE_USABLE_FRACTION * wtCacheBytes) {
      return Tier.WT_CACHE;
    }
    long room = fsCacheRoomBytes(memoryBytes, wtCacheBytes);
    if (onDiskBytes <= room) {
      return Tier.FS_CACHE;
    }
    return onDiskBytes <= SLIGHTLY_OVER_MAX_ROOM_MULTIPLE * room
        ? Tier.SLIGHTLY_OVER
        : Tier.FAR_OVER;
  }

  /**
   * A predicted tier and the bytes that decided it.
   *
   * @param tier as {@link #predict(long, long, long, long)}
   * @param basis {@code DATA} when data + indexes fit the WiredTiger cache (or stood in for unknown
   *     file sizes), else the file figure compared with the filesystem cache's room
   */
  public record Prediction(Tier tier, PredictedTierBasis basis) {}

  /**
   * The tier {@code sizes} predict, as {@link #predict(long, long, long, long)}; empty when the
   * working set, the cache or the memory is not known (0).
   */
  public static Optional<Tier> predict(DataSizes sizes, long wtCacheBytes, long memoryBytes) {
    return prediction(sizes, wtCacheBytes, memoryBytes).map(Prediction::tier);
  }

  /**
   * The tier {@code sizes} predict and what decided it. Against the filesystem cache's room it
   * compares the files' live bytes ({@link DataSizes#liveBytes()}) when known, else their size
   * ({@link DataSizes#onDiskBytes()}), else data + indexes: a file's free space, which WiredTiger
   * keeps for reuse and never reads, needs no cache (a loaded 3M-record collection's file was 6.7
   * GB for 3.5 GB of data, and its size predicted far over where the study finds the filesystem
   * cache). Empty when the working set, the cache or the memory is not known (0).
   */
  public static Optional<Prediction> prediction(
      DataSizes sizes, long wtCacheBytes, long memoryBytes) {
    Long workingSet = sizes.workingSetBytes();
    if (workingSet == null || wtCacheBytes <= 0 || memoryBytes <= 0) {
      return Optional.empty();
    }
    PredictedTierBasis basis;
    long fileBytes;
    if (sizes.liveBytes() != null) {
      basis = PredictedTierBasis.LIVE;
      fileBytes = sizes.liveBytes();
    } else if (sizes.onDiskBytes() != null) {
      basis = PredictedTierBasis.FILE;
      fileBytes = sizes.onDiskBytes();
    } else {
      basis = PredictedTierBasis.DATA;
      fileBytes = workingSet;
    }
    Tier tier = predict(workingSet, fileBytes, wtCacheBytes, memoryBytes);
    return Optional.of(
        new Prediction(tier, tier == Tier.WT_CACHE ? PredictedTierBasis.DATA : basis));
  }

  /**
   * An observed tier and the filesystem hit ratio it was classified from.
   *
   * @param tier as {@link #observe(Double, Double)}; null when the ratios do not tell
   * @param fsHitBasis the filesystem hit ratio given to the rules; null when neither was known
   */
  public record Observation(Tier tier, FsHitBasis fsHitBasis) {}

  /**
   * The tier a run's figures show: {@link #observe(Double, Double)} with the WiredTiger hit ratio
   * and the filesystem hit ratio in read operations ({@link Metric#FS_HIT_RATIO_OPS}) when it is
   * known, else the one in bytes ({@link Metric#FS_HIT_RATIO}). Bytes come second because device
   * read-ahead counts pages nobody asked for as bytes read from the disk (with 8 MiB of read-ahead,
   * a cell whose data fitted memory read 19% of its bytes from the device, and looked "far over"),
   * while it adds few read requests.
   *
   * @param runMetrics a cell's figures, as {@link RunMetrics#derive} gives them
   */
  public static Observation observe(Map<Metric, Double> runMetrics) {
    Double wt = runMetrics.get(Metric.WT_HIT_RATIO);
    Double ops = runMetrics.get(Metric.FS_HIT_RATIO_OPS);
    if (ops != null) {
      return new Observation(observe(wt, ops).orElse(null), FsHitBasis.OPS);
    }
    Double bytes = runMetrics.get(Metric.FS_HIT_RATIO);
    if (bytes != null) {
      return new Observation(observe(wt, bytes).orElse(null), FsHitBasis.BYTES);
    }
    return new Observation(observe(wt, null).orElse(null), null);
  }

  /**
   * The tier hit ratios over a run show.
   *
   * <ul>
   *   <li>{@code WT_CACHE} when {@code wtHitRatio >= OBSERVED_WT_CACHE_MIN_HIT};
   *   <li>else {@code FS_CACHE} when {@code fsHitRatio >= OBSERVED_FS_CACHE_MIN_HIT};
   *   <li>else {@code SLIGHTLY_OVER} when {@code fsHitRatio >= OBSERVED_SLIGHTLY_OVER_MIN_FS_HIT};
   *   <li>else {@code FAR_OVER}.
   * </ul>
   *
   * Unknown ratios: with {@code wtHitRatio} null (no WiredTiger statistics) a file system hit ratio
   * below {@code OBSERVED_FS_CACHE_MIN_HIT} still shows reads reaching the disk, so it alone gives
   * SLIGHTLY_OVER or FAR_OVER; a higher one cannot tell the two caches apart, so the result is
   * empty. With {@code fsHitRatio} null only WT_CACHE can be told; otherwise empty.
   *
   * @param wtHitRatio {@link WiredTigerCacheStats#hitRatio()} over the run, or null
   * @param fsHitRatio {@link FsCacheHitRatio#ofOps} or {@link FsCacheHitRatio#of} over the run, or
   *     null
   */
  public static Optional<Tier> observe(Double wtHitRatio, Double fsHitRatio) {
    if (wtHitRatio != null && wtHitRatio >= OBSERVED_WT_CACHE_MIN_HIT) {
      return Optional.of(Tier.WT_CACHE);
    }
    if (fsHitRatio == null) {
      return Optional.empty();
    }
    if (fsHitRatio >= OBSERVED_FS_CACHE_MIN_HIT) {
      return wtHitRatio == null ? Optional.empty() : Optional.of(Tier.FS_CACHE);
    }
    return Optional.of(
        fsHitRatio >= OBSERVED_SLIGHTLY_OVER_MIN_FS_HIT ? Tier.SLIGHTLY_OVER : Tier.FAR_OVER);
  }
}
