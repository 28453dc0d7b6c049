package io.github.mongodbtiered.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.Metric;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@code serverStatus} replies shaped as each server version sends them, with WiredTiger's
 * statistic names at the matching tags of its dist/stat_data.py: MongoDB 6.0, 7.0 and 8.0 up to
 * 8.0.15 report "pages evicted by application threads"; 8.0.16+ and 8.1+ report only "page evict
 * attempts by application threads" and "page evict failures by application threads" (still in the
 * cache section). Numbers below 2^30 come as Int32, larger ones as Int64 (or Double).
 */
class ServerStatusByVersionTest {
  private static Document reply(String name) {
    return Document.parse(Fixtures.text("servers/serverStatus-" + name + ".json"));
  }

  private static WiredTigerCacheStats stats(String name) {
    return WiredTigerCacheStats.from(reply(name));
  }

  @ParameterizedTest
  @ValueSource(strings = {"6.0", "7.0", "8.0.15"})
  void upTo8015TheEvictionsAreReadUnderTheirOldName(String version) {
    assertEquals(
        new WiredTigerCacheStats(
            3_300_000_000L,
            120_000L,
            4_800_000L,
            3_465_543_680L,
            2_771_000_000L,
            42L,
            3_900_000_000L,
            118_000L,
            AppEvictionSource.PAGES_EVICTED),
        stats(version));
  }

  @ParameterizedTest
  @ValueSource(strings = {"8.0.16", "8.2"})
  void from8016TheEvictionsAreAttemptsLessFailures(String version) {
    WiredTigerCacheStats s = stats(version);
    // 1,500 attempts, 300 of which failed (the page stayed): 1,200 pages evicted.
    assertEquals(1_200L, s.pagesEvictedByAppThreads());
    assertEquals(AppEvictionSource.ATTEMPTS_LESS_FAILURES, s.appEvictionSource());
    // The other names did not change.
    assertEquals(3_300_000_000L, s.bytesReadIntoCache());
    assertEquals(120_000L, s.pagesReadIntoCache());
    assertEquals(4_800_000L, s.pagesRequestedFromCache());
    assertEquals(3_465_543_680L, s.cacheMaxBytes());
    assertEquals(118_000L, s.blockManagerBlocksRead());
  }

  @Test
  void aRunOn8016CountsTheEvictionsItMade() {
    WiredTigerCacheStats d = stats("8.0.16").since(stats("8.0.16-before"));
    // before 1,000 - 200 = 800, after 1,500 - 300 = 1,200: 400 over the run.
    assertEquals(400L, d.pagesEvictedByAppThreads());
    assertEquals(AppEvictionSource.ATTEMPTS_LESS_FAILURES, d.appEvictionSource());
    // 1 - 20,000 pages read / 2,000,000 requested.
    assertEquals(0.99, d.hitRatio(), 1e-12);
    assertEquals(623_200_000L, d.blockManagerBytesRead(), "3,900,000,000 - 3,276,800,000");
  }

  @Test
  void evictionsReadUnderTwoNamesMakeNoDifference() {
    // Old name before, new after (an upgrade needs a restart, but a difference would mislead).
    WiredTigerCacheStats d = stats("8.0.16").since(stats("8.0.15"));
    assertNull(d.pagesEvictedByAppThreads());
  }

  @Test
  void moreFailuresThanAttemptsIsUnknown() {
    Document r = reply("8.2");
    cache(r).put("page evict failures by application threads", 1_501);
    assertNull(WiredTigerCacheStats.from(r).pagesEvictedByAppThreads());
  }

  @Test
  void theOldNameAnswersFirstWhereBothAreThere() {
    Document r = reply("8.2");
    cache(r).put("pages evicted by application threads", 9);
    assertEquals(9L, WiredTigerCacheStats.from(r).pagesEvictedByAppThreads());
    assertEquals(AppEvictionSource.PAGES_EVICTED, WiredTigerCacheStats.from(r).appEvictionSource());
  }

  @Test
  void theCellSaysWhichNameAnswered() {
    List<String> notes = StatisticNotes.of(snapshot("8.0.16"), DataSizes.none(), null);
    assertEquals(
        List.of(
            "statistics of server 8.0.16: wt_pages_evicted_by_app_threads from cache[\"page evict"
                + " attempts by application threads\" - \"page evict failures by application"
                + " threads\"]"),
        notes);
    // The long-standing name is not said: every cell of every older server would say it.
    assertEquals(List.of(), StatisticNotes.of(snapshot("7.0"), DataSizes.none(), null));
  }

  @Test
  void aFigureNoNameAnswersIsEmptyWithANoteNamingTheVersion() {
    Document r = reply("8.2");
    cache(r).remove("page evict attempts by application threads");
    ServerSnapshot after =
        new ServerSnapshot(
            WiredTigerCacheStats.from(r), null, null, null, null, ServerIdentity.from(r));
    Map<Metric, Double> m =
        RunMetrics.derive(snapshot("8.2"), after, 1, false, CPU, DataSizes.none());
    assertFalse(m.containsKey(Metric.WT_APP_THREAD_EVICTIONS));
    assertEquals(0.0, m.get(Metric.WT_PAGES_READ_INTO_CACHE), "the others stay");
    List<String> notes = StatisticNotes.of(after, DataSizes.none(), null);
    assertEquals(1, notes.size(), notes.toString());
    assertTrue(
        notes.get(0).startsWith("wt_pages_evicted_by_app_threads empty: server 8.2.1 reports no"),
        notes.get(0));
    assertTrue(notes.get(0).contains("page evict attempts by application threads"), notes.get(0));
  }

  @Test
  void aMongosHasNoWiredTigerAndNoServerFigureComesFromIt() {
    Document r = reply("mongos");
    ServerIdentity router = ServerIdentity.from(r);
    assertTrue(router.isRouter());
    assertFalse(ServerIdentity.from(reply("8.0.16")).isRouter());
    assertFalse(WiredTigerCacheStats.from(r).anyReported());
    // Counters that would be there if the router ran here: none may make a figure.
    ServerSnapshot before =
        new ServerSnapshot(WiredTigerCacheStats.from(r), null, null, 1_000L, 50L, router);
    ServerSnapshot after =
        new ServerSnapshot(WiredTigerCacheStats.from(r), null, null, 9_000L, 60L, router);
    DataSizes sizes = new DataSizes(3_500L, 160L, 6_540L, 3_470L);
    Map<Metric, Double> m = RunMetrics.derive(before, after, 1_000_000_000L, false, CPU, sizes);
    for (Metric server : RunMetrics.SERVER_FIGURES) {
      assertFalse(m.containsKey(server), server.column());
    }
    assertEquals(3_500.0, m.get(Metric.DATA_BYTES), "the sizes are the data's, from the shards");
    List<String> notes = StatisticNotes.of(after, DataSizes.none(), null);
    assertEquals(1, notes.size(), notes.toString());
    String note = notes.get(0);
    assertTrue(note.startsWith("server figures unavailable through a router (server 8.0.16"), note);
    for (Metric server : RunMetrics.SERVER_FIGURES) {
      assertTrue(note.contains(server.column()), server.column());
    }
  }

  @Test
  void aRouterIsKnownByItsProcessNameWhateverThePath() {
    assertTrue(new ServerIdentity("8.0.0", "/usr/bin/mongos").isRouter());
    assertTrue(new ServerIdentity("8.0.0", "C:\\mongodb\\bin\\mongos.exe").isRouter());
    assertFalse(new ServerIdentity("8.0.0", "mongod").isRouter());
    assertFalse(new ServerIdentity(null, null).isRouter());
  }

  private static final ClientCpuUsage CPU = new ClientCpuUsage(null, 0.5, false);

  private static ServerSnapshot snapshot(String name) {
    Document r = reply(name);
    return new ServerSnapshot(
        WiredTigerCacheStats.from(r), null, null, null, null, ServerIdentity.from(r));
  }

  private static Document cache(Document reply) {
    return reply.get("wiredTiger", Document.class).get("cache", Document.class);
  }
}
