package io.github.mongodbtiered.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.mongodbtiered.results.PredictedTierBasis;
import io.github.mongodbtiered.results.Tier;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * Sizes from {@code $collStats: {storageStats: {}}} replies as servers send them (the aggregate
 * command's first batch), from a 6.0 {@code collStats} whose block manager saw a larger file than
 * its {@code storageSize}, and from a clustered collection with no index.
 */
class CollStatsStageTest {
  private static List<Document> firstBatch(String name) {
    Document reply = Document.parse(Fixtures.text("servers/" + name + ".json"));
    return reply.get("cursor", Document.class).getList("firstBatch", Document.class);
  }

  @Test
  void oneServersStorageStatsFileMostlyReusableSpace() {
    DataSizes s = DataSizes.fromCollStatsStage(firstBatch("collStats-stage-7.0"));
    assertEquals(3_500_000_000L, s.dataBytes());
    assertEquals(160_000_000L, s.indexBytes());
    assertEquals(6_540_000_000L, s.storageBytes());
    // (6,540,000,000 - 5,900,000,000) + (160,000,000 - 10,000,000)
    assertEquals(790_000_000L, s.liveBytes());
    assertNull(s.liveBytesOverFile());
    assertEquals(SizesSource.COLL_STATS_STAGE, s.source());
    assertEquals(1, s.shards());
  }

  @Test
  void aFileOfMostlyReusableSpaceIsPredictedFromItsLiveBytes() {
    DataSizes s = DataSizes.fromCollStatsStage(firstBatch("collStats-stage-7.0"));
    long cache = 3_465_543_680L;
    long memory = 8_000_000_000L;
    // Working set 3,660,000,000 > 0.8 x cache (2,772,434,944). Room for the files: 8,000,000,000
    // - 3,465,543,680 - 268,435,456 = 4,266,020,864. Live 790,000,000 fits it; the files'
    // 6,700,000,000 is over 1.25 x the room (5,332,526,080).
    TierClassifier.Prediction p = TierClassifier.prediction(s, cache, memory).orElseThrow();
    assertEquals(Tier.FS_CACHE, p.tier());
    assertEquals(PredictedTierBasis.LIVE, p.basis());
    assertEquals(
        Tier.FAR_OVER, TierClassifier.predict(s.workingSetBytes(), s.onDiskBytes(), cache, memory));
  }

  @Test
  void twoShardsAreAddedUpWithTheirCount() {
    DataSizes s = DataSizes.fromCollStatsStage(firstBatch("collStats-stage-two-shards"));
    assertEquals(1_750_000_000L + 1_000_000_000L, s.dataBytes());
    assertEquals(80_000_000L + 46_000_000L, s.indexBytes());
    assertEquals(1_700_000_000L + 990_000_000L, s.storageBytes());
    // shard-a: (1,700,000,000 - 100,000,000) + (80,000,000 - 5,000,000) = 1,675,000,000
    // shard-b: 990,000,000 + 46,000,000 = 1,036,000,000
    assertEquals(2_711_000_000L, s.liveBytes());
    assertEquals(2, s.shards());
    assertEquals(SizesSource.COLL_STATS_STAGE, s.source());
    assertEquals(
        List.of(
            "statistics of server 8.0.16: sizes from $collStats storageStats, 2 shards added up"),
        StatisticNotes.of(
                new ServerSnapshot(
                    WiredTigerCacheStats.from(new Document()),
                    null,
                    null,
                    null,
                    null,
                    new ServerIdentity("8.0.16", "mongos")),
                s,
                null)
            .subList(0, 1));
  }

  @Test
  void aShardWithoutAFigureLeavesTheSumUnknownNeverAPart() {
    List<Document> replies = firstBatch("collStats-stage-two-shards");
    replies.get(1).get("storageStats", Document.class).remove("indexDetails");
    DataSizes s = DataSizes.fromCollStatsStage(replies);
    assertNull(s.liveBytes(), "shard-b's index files unknown");
    assertEquals(2_750_000_000L, s.dataBytes(), "the other figures stay");
    replies.get(0).remove("storageStats");
    assertNull(DataSizes.fromCollStatsStage(replies), "a document without storageStats");
    assertNull(DataSizes.fromCollStatsStage(List.of()), "no document");
  }

  @Test
  void liveBytesOverTheFilesAreCutAndKept() {
    DataSizes s =
        DataSizes.from(
            Document.parse(Fixtures.text("servers/collStats-6.0.json")), SizesSource.COLL_STATS);
    // The block manager: 20,480 + 20,480 = 40,960 live; storageSize 16,384 + index 20,480 =
    // 36,864 on disk. Cut to 36,864, 4,096 over.
    assertEquals(36_864L, s.onDiskBytes());
    assertEquals(36_864L, s.liveBytes());
    assertEquals(4_096L, s.liveBytesOverFile());
    List<String> notes =
        StatisticNotes.of(
            new ServerSnapshot(WiredTigerCacheStats.from(new Document()), null, null, null, null),
            s,
            null);
    assertEquals(
        List.of(
            "file_live_bytes capped at storage + index bytes (36864): the files' block-manager"
                + " sizes less their reusable bytes came to 40960, read at another moment than"
                + " storageSize"),
        notes);
  }

  @Test
  void aClusteredCollectionHasNoIndexAndAnEmptyIndexDetails() {
    DataSizes s = DataSizes.fromCollStatsStage(firstBatch("collStats-stage-clustered"));
    assertEquals(0L, s.indexBytes());
    assertEquals(1_000_000L, s.liveBytes(), "1,200,000 - 200,000: the collection's file alone");
  }

  @Test
  void anEmptyIndexDetailsWhereAnIndexIsDeclaredGivesNoLiveBytes() {
    List<Document> replies = firstBatch("collStats-stage-clustered");
    Document stats = replies.get(0).get("storageStats", Document.class);
    stats.put("nindexes", 1);
    stats.put("totalIndexSize", 4096);
    assertNull(DataSizes.fromCollStatsStage(replies).liveBytes());
  }

  @Test
  void aDeclaredIndexThatTakesNoRoomLeavesTheCollectionsFileAlone() {
    // The stand-in keeps its _id index in the collection's file: nindexes 1, no index details.
    List<Document> replies = firstBatch("collStats-stage-clustered");
    replies.get(0).get("storageStats", Document.class).put("nindexes", 1);
    assertEquals(1_000_000L, DataSizes.fromCollStatsStage(replies).liveBytes());
  }

  @Test
  void theFallbacksAreNamed() {
    DataSizes db =
        DataSizes.from(
            Document.parse(
                "{\"db\": \"ycsb\", \"dataSize\": 2.334E9, \"indexSize\": 96000000,"
                    + " \"storageSize\": 2.2E9, \"scaleFactor\": 1, \"ok\": 1}"),
            SizesSource.DB_STATS);
    assertEquals(
        List.of(
            "statistics of server 6.0.24: sizes from dbStats; the whole database, and no live"
                + " bytes: the prediction uses the file size ($collStats failed: x; collStats"
                + " failed: y)"),
        StatisticNotes.of(
            new ServerSnapshot(
                WiredTigerCacheStats.from(new Document()),
                null,
                null,
                null,
                null,
                new ServerIdentity("6.0.24", "mongod")),
            db,
            "$collStats failed: x; collStats failed: y"));
  }
}
