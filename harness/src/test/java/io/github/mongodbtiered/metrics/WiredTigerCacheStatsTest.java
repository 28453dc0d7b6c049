package io.github.mongodbtiered.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.bson.Document;
import org.junit.jupiter.api.Test;

class WiredTigerCacheStatsTest {
  private static final WiredTigerCacheStats BEFORE =
      WiredTigerCacheStats.from(Document.parse(Fixtures.text("serverStatus-before.json")));
  private static final WiredTigerCacheStats AFTER =
      WiredTigerCacheStats.from(Document.parse(Fixtures.text("serverStatus-after.json")));

  @Test
  void readsEveryFieldWhateverItsNumberType() {
    // The "after" fixture mixes Long, Integer and Double values.
    assertEquals(
        new WiredTigerCacheStats(
            16_300_000_000L,
            500_000L,
            92_000_000L,
            3_465_543_680L,
            2_771_000_000L,
            12L,
            14_495_514_624L,
            512_000L),
        AFTER);
  }

  @Test
  void aDeltaSubtractsCountersAndKeepsTheLaterGauges() {
    WiredTigerCacheStats d = AFTER.since(BEFORE);
    assertEquals(3_300_000_000L, d.bytesReadIntoCache());
    assertEquals(100_000L, d.pagesReadIntoCache());
    assertEquals(2_000_000L, d.pagesRequestedFromCache());
    assertEquals(0L, d.pagesEvictedByAppThreads());
    assertEquals(2_684_354_560L, d.blockManagerBytesRead());
    assertEquals(100_000L, d.blockManagerBlocksRead());
    assertEquals(3_465_543_680L, d.cacheMaxBytes());
    assertEquals(2_771_000_000L, d.cacheUsedBytes(), "the later gauge, not a difference");
    assertEquals(0.95, d.hitRatio(), 1e-12);
  }

  @Test
  void aServerWithoutWiredTigerGivesNulls() {
    WiredTigerCacheStats s =
        WiredTigerCacheStats.from(Document.parse("{\"version\": \"7.0.0\", \"ok\": 1}"));
    assertEquals(new WiredTigerCacheStats(null, null, null, null, null, null, null, null), s);
    assertNull(s.hitRatio());
    assertNull(s.since(s).bytesReadIntoCache());
  }

  @Test
  void aMissingKeyIsNullAndTheOthersStay() {
    WiredTigerCacheStats s =
        WiredTigerCacheStats.from(
            Document.parse("{\"wiredTiger\": {\"cache\": {\"pages read into cache\": 7}}}"));
    assertEquals(7L, s.pagesReadIntoCache());
    assertNull(s.pagesRequestedFromCache());
    assertNull(s.blockManagerBytesRead());
    assertNull(s.blockManagerBlocksRead());
  }

  @Test
  void hitRatioEdges() {
    assertNull(ratio(0, 0), "no pages requested");
    assertEquals(1.0, ratio(0, 1000));
    assertEquals(0.0, ratio(1200, 1000), "clamped at 0");
    assertEquals(0.999, ratio(1, 1000), 1e-12);
  }

  @Test
  void aCounterThatWentBackwardsIsUnknown() {
    // The server restarted between the snapshots: its counters started again from 0.
    assertNull(BEFORE.since(AFTER).pagesReadIntoCache());
    assertNull(BEFORE.since(AFTER).hitRatio());
  }

  private static Double ratio(long read, long requested) {
    return new WiredTigerCacheStats(null, read, requested, null, null, null, null, null).hitRatio();
  }
}
