package io.github.mongodbtiered.metrics;

import static io.github.mongodbtiered.metrics.TierClassifier.observe;
import static io.github.mongodbtiered.metrics.TierClassifier.predict;
import static io.github.mongodbtiered.metrics.TierClassifier.prediction;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.mongodbtiered.metrics.TierClassifier.Observation;
import io.github.mongodbtiered.metrics.TierClassifier.Prediction;
import io.github.mongodbtiered.results.FsHitBasis;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.PredictedTierBasis;
import io.github.mongodbtiered.results.Tier;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TierClassifierTest {
  private static final long MIB = 1L << 20;
  // The study's server: 7634 MB of memory, MongoDB's default 3305 MB WiredTiger cache.
  private static final long MEMORY = 7634 * MIB;
  private static final long CACHE = 3305 * MIB;

  /**
   * The study's table: data+index of 2.43, 3.66, 4.8 and 6.09 GB for 2M-5M records. Files on disk
   * are that times a snappy ratio: 0.94 was measured on YCSB documents (10 random 100-byte fields,
   * which snappy barely compresses), 1.0 is "compressed size unknown". The study's GB is read both
   * as 2^30 and as 10^9 bytes, so the thresholds do not hinge on that.
   */
  @ParameterizedTest(name = "snappy ratio {0}, GB = {1} bytes")
  @CsvSource({"0.94, 1073741824", "0.94, 1000000000", "1.0, 1073741824", "1.0, 1000000000"})
  void theStudysTableComesOutRight(double snappyRatio, long bytesPerGb) {
    List<Tier> tiers =
        List.of(2.43, 3.66, 4.8, 6.09).stream()
            .map(
                gb -> {
                  long workingSet = Math.round(gb * bytesPerGb);
                  return predict(workingSet, Math.round(workingSet * snappyRatio), CACHE, MEMORY);
                })
            .toList();
    assertEquals(List.of(Tier.WT_CACHE, Tier.FS_CACHE, Tier.SLIGHTLY_OVER, Tier.FAR_OVER), tiers);
  }

  @Test
  void predictionBoundaries() {
    long usable = Math.round(CACHE * TierClassifier.WT_CACHE_USABLE_FRACTION);
    assertEquals(2644 * MIB, usable, "the study's effective cache");
    assertEquals(Tier.WT_CACHE, predict(usable, usable, CACHE, MEMORY));
    assertEquals(Tier.FS_CACHE, predict(usable + 1, usable + 1, CACHE, MEMORY));

    long room = TierClassifier.fsCacheRoomBytes(MEMORY, CACHE);
    assertEquals((7634 - 3305 - 256) * MIB, room);
    long big = 10L << 30; // the working set only has to miss the WiredTiger cache
    assertEquals(Tier.FS_CACHE, predict(big, room, CACHE, MEMORY));
    assertEquals(Tier.SLIGHTLY_OVER, predict(big, room + 1, CACHE, MEMORY));
    assertEquals(Tier.SLIGHTLY_OVER, predict(big, room / 4 * 5, CACHE, MEMORY));
    assertEquals(Tier.FAR_OVER, predict(big, room / 4 * 5 + 1, CACHE, MEMORY));
  }

  /**
   * The 3M cell: 3.5 GB of data, 0.16 GB of indexes, and a 6.7 GB collection file after the
   * load, half of it space WiredTiger holds for reuse. Its size says far over; the bytes a reader
   * can need fit the filesystem cache, as the study's 3M row does.
   */
  @Test
  void liveBytesDecideWhereTheFileSizeSaysFarOver() {
    DataSizes withLive =
        new DataSizes(3_500_000_000L, 160_000_000L, 6_540_000_000L, 3_470_000_000L);
    DataSizes fileOnly = new DataSizes(3_500_000_000L, 160_000_000L, 6_540_000_000L);
    assertEquals(
        Tier.FAR_OVER,
        predict(withLive.workingSetBytes(), withLive.onDiskBytes(), CACHE, MEMORY),
        "by the file size");
    assertEquals(
        Optional.of(new Prediction(Tier.FS_CACHE, PredictedTierBasis.LIVE)),
        prediction(withLive, CACHE, MEMORY));
    assertEquals(Optional.of(Tier.FS_CACHE), predict(withLive, CACHE, MEMORY));
    assertEquals(
        Optional.of(new Prediction(Tier.FAR_OVER, PredictedTierBasis.FILE)),
        prediction(fileOnly, CACHE, MEMORY),
        "without live bytes the file size decides, as before");
  }

  @Test
  void dataAndIndexesDecideTheWiredTigerCacheTierAndStandInForUnknownFiles() {
    assertEquals(
        Optional.of(new Prediction(Tier.WT_CACHE, PredictedTierBasis.DATA)),
        prediction(
            new DataSizes(2_334_000_000L, 96_000_000L, 4_600_000_000L, 2_300_000_000L),
            CACHE,
            MEMORY),
        "2M records fit the WiredTiger cache whatever the files hold");
    assertEquals(
        Optional.of(new Prediction(Tier.FS_CACHE, PredictedTierBasis.DATA)),
        prediction(new DataSizes(3_500_000_000L, 160_000_000L, null, null), CACHE, MEMORY));
    assertEquals(
        Optional.empty(), prediction(new DataSizes(null, 1L, 1L, 1L), CACHE, MEMORY), "no data");
    assertEquals(
        Optional.empty(), prediction(new DataSizes(1L, 1L, 1L, 1L), 0, MEMORY), "no cache");
  }

  @Test
  void noRoomForTheFileSystemCacheMeansFarOver() {
    // A cache that takes all the memory leaves nothing; the room never goes negative.
    assertEquals(0, TierClassifier.fsCacheRoomBytes(CACHE, CACHE));
    assertEquals(Tier.FAR_OVER, predict(CACHE, 1, CACHE, CACHE));
  }

  @Test
  void negativeSizesAreRejected() {
    assertThrows(IllegalArgumentException.class, () -> predict(-1, 0, CACHE, MEMORY));
    assertThrows(IllegalArgumentException.class, () -> predict(0, 0, CACHE, -1));
  }

  @ParameterizedTest(name = "wt {0}, fs {1} -> {2}")
  @CsvSource(
      nullValues = "null",
      value = {
        // The study's rows: 2M, 3M, 4M (93-96% file system hits), 5M (81%).
        "1.0, null, WT_CACHE",
        "1.0, 0.2, WT_CACHE",
        "0.9, 0.999, FS_CACHE",
        "0.5, 0.95, SLIGHTLY_OVER",
        "0.5, 0.93, SLIGHTLY_OVER",
        "0.4, 0.96, SLIGHTLY_OVER",
        "0.3, 0.81, FAR_OVER",
        "0.2, 0.5, FAR_OVER",
        // Boundaries.
        "0.99, 0.0, WT_CACHE",
        "0.98, 0.99, FS_CACHE",
        "0.98, 0.90, SLIGHTLY_OVER",
        "0.98, 0.8999, FAR_OVER",
        // No WiredTiger statistics: disk reads still tell over from in.
        "null, 0.95, SLIGHTLY_OVER",
        "null, 0.5, FAR_OVER",
      })
  void observedTiers(Double wtHit, Double fsHit, Tier expected) {
    assertEquals(Optional.of(expected), observe(wtHit, fsHit));
  }

  @ParameterizedTest(name = "wt {0}, fs {1} -> unknown")
  @CsvSource(
      nullValues = "null",
      value = {"null, null", "null, 0.999", "0.5, null"})
  void observedTierUnknown(Double wtHit, Double fsHit) {
    // Without WiredTiger figures, all-hits could be either cache; without file system figures,
    // WiredTiger misses could be served by either the cache or the disk.
    assertEquals(Optional.empty(), observe(wtHit, fsHit));
  }

  @Test
  void theRatioInReadsWinsOverTheOneInBytes() {
    // 8 MiB of read-ahead: the data fitted the filesystem cache, yet 19% of the bytes read came
    // from the device; 0.5% of the reads did.
    Map<Metric, Double> m =
        Map.of(
            Metric.WT_HIT_RATIO, 0.9,
            Metric.FS_HIT_RATIO, 0.81,
            Metric.FS_HIT_RATIO_OPS, 0.995);
    assertEquals(Optional.of(Tier.FAR_OVER), observe(0.9, 0.81), "bytes alone say far over");
    assertEquals(new Observation(Tier.FS_CACHE, FsHitBasis.OPS), observe(m));
  }

  @Test
  void withoutTheRatioInReadsTheOneInBytesDecides() {
    assertEquals(
        new Observation(Tier.SLIGHTLY_OVER, FsHitBasis.BYTES),
        observe(Map.of(Metric.WT_HIT_RATIO, 0.5, Metric.FS_HIT_RATIO, 0.95)));
    assertEquals(
        new Observation(null, FsHitBasis.BYTES),
        observe(Map.of(Metric.FS_HIT_RATIO, 0.999)),
        "all hits, but in which cache?");
  }

  @Test
  void withNeitherFilesystemRatioThereIsNoBasis() {
    assertEquals(new Observation(Tier.WT_CACHE, null), observe(Map.of(Metric.WT_HIT_RATIO, 1.0)));
    assertEquals(new Observation(null, null), observe(Map.of(Metric.WT_HIT_RATIO, 0.5)));
    assertEquals(new Observation(null, null), observe(Map.of()));
  }

  @Test
  void tierNamesForReportsAndPeople() {
    assertEquals(
        List.of("wt-cache", "fs-cache", "slightly-over", "far-over"),
        List.of(Tier.values()).stream().map(Tier::id).toList());
    assertEquals("in filesystem cache", Tier.FS_CACHE.label());
    assertEquals("far over both caches", Tier.FAR_OVER.label());
  }
}
