package io.github.mongodbtiered.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.Metric;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.bson.Document;
import org.junit.jupiter.api.Test;

/**
 * A router's shards read beside it ({@code --shard-url}): replies shaped as 8.0.16 and 7.0 mongods
 * send them, the router's as a mongos sends it (no wiredTiger section). Shard 1 is the 8.0.16
 * fixture pair; shard 2 a smaller one whose counters come as Int32. Every sum is worked out below.
 */
class ShardSumTest {
  private static final ClientCpuUsage CPU = new ClientCpuUsage(null, 0.5, false);
  private static final Document ROUTER = reply("mongos");

  /**
   * Shard 1 over the run (8.0.16-before to 8.0.16): 20,000 pages read of 2,000,000 requested (hit
   * ratio 0.99), 1,500 - 300 - (1,000 - 200) = 400 evictions, 18,000 blocks read, cache
   * 3,465,543,680 bytes configured, 2,771,000,000 used. Shard 2: 60,000 - 50,000 = 10,000 pages
   * read of 1,500,000 - 1,000,000 = 500,000 requested (hit ratio 0.98), the same 400 evictions and
   * 18,000 blocks, a 1 GiB cache with 500,000,000 bytes used.
   */
  private static Document shard2Before() {
    return with(
        reply("8.0.16-before"),
        c -> {
          c.put("pages read into cache", 50_000);
          c.put("pages requested from the cache", 1_000_000);
        });
  }

  private static Document shard2After() {
    return with(
        reply("8.0.16"),
        c -> {
          c.put("pages read into cache", 60_000);
          c.put("pages requested from the cache", 1_500_000);
          c.put("maximum bytes configured", 1_073_741_824);
          c.put("bytes currently in the cache", 500_000_000);
        });
  }

  @Test
  void twoShardsAddUpAndTheHitRatioComesFromTheSums() {
    Map<Metric, Double> m =
        derive(
            List.of(reply("8.0.16-before"), shard2Before()),
            List.of(reply("8.0.16"), shard2After()));
    // 1 - (20,000 + 10,000) / (2,000,000 + 500,000) = 0.988; the ratios' mean would be 0.985.
    assertEquals(0.988, m.get(Metric.WT_HIT_RATIO), 1e-12);
    assertEquals(30_000.0, m.get(Metric.WT_PAGES_READ_INTO_CACHE));
    assertEquals(2_500_000.0, m.get(Metric.WT_PAGES_REQUESTED));
    assertEquals(800.0, m.get(Metric.WT_APP_THREAD_EVICTIONS), "400 + 400");
    assertEquals(4_539_285_504.0, m.get(Metric.WT_CACHE_MAX_BYTES), "3,465,543,680 + 2^30");
    assertEquals(3_271_000_000.0, m.get(Metric.WT_CACHE_USED_BYTES), "2,771,000,000 + 500,000,000");
    assertEquals(36_000.0, m.get(Metric.FS_READ_OPS_REQUESTED), "18,000 blocks on each");
    assertEquals(600_000_000.0, m.get(Metric.WT_BYTES_READ_INTO_CACHE), "2 x 300,000,000");
    assertEquals(2.0, m.get(Metric.WT_SHARDS));
    for (Metric hostDisk : RunMetrics.HOST_DISK_FIGURES) {
      assertFalse(m.containsKey(hostDisk), hostDisk.column() + ": not this host's disk");
    }
  }

  @Test
  void theCellSaysWhereTheFiguresCameFromAndThatTheHostDiskDoesNotApply() {
    List<String> notes = notes(List.of(reply("8.0.16"), shard2After()));
    String first = notes.get(0);
    assertTrue(
        first.startsWith(
            "server figures from 2 shards' serverStatus (--shard-url): shard 1 (shard-1:27018,"
                + " server 8.0.16), shard 2 (shard-2:27018, server 8.0.16); counters and cache"
                + " bytes (used and configured) added up"),
        first);
    for (Metric hostDisk : RunMetrics.HOST_DISK_FIGURES) {
      assertTrue(first.contains(hostDisk.column()), hostDisk.column());
    }
    assertEquals(
        "wt_pages_evicted_by_app_threads from cache[\"page evict attempts by application threads\""
            + " - \"page evict failures by application threads\"] on each shard",
        notes.get(1));
    assertEquals(2, notes.size(), notes.toString());
  }

  @Test
  void aShardLackingAFigureLeavesItEmptyNeverASumOverHalfTheShards() {
    Document lacking = shard2After();
    cache(lacking).remove("pages requested from the cache");
    Map<Metric, Double> m =
        derive(List.of(reply("8.0.16-before"), shard2Before()), List.of(reply("8.0.16"), lacking));
    assertFalse(m.containsKey(Metric.WT_PAGES_REQUESTED));
    assertFalse(m.containsKey(Metric.WT_HIT_RATIO), "shard 1's 0.99 alone is not the cluster's");
    assertEquals(30_000.0, m.get(Metric.WT_PAGES_READ_INTO_CACHE), "the others stay");
    List<String> notes = notes(List.of(reply("8.0.16"), lacking));
    assertTrue(
        notes.contains(
            "wt_pages_requested_from_cache and wt_hit_ratio empty: shard 2 (shard-2:27018,"
                + " server 8.0.16) reports no wiredTiger.cache[\"pages requested from the"
                + " cache\"], and a sum over the other shards would pass for the whole cluster"),
        notes.toString());
  }

  @Test
  void shardsNamingTheEvictionsDifferentlyAreNotAddedUp() {
    // Shard 2 still on 7.0 (42 - 30 = 12 evictions under the old name), shard 1 on 8.0.16.
    Document before70 = with(reply("7.0"), c -> c.put("pages evicted by application threads", 30));
    Map<Metric, Double> m =
        derive(List.of(reply("8.0.16-before"), before70), List.of(reply("8.0.16"), reply("7.0")));
    assertFalse(m.containsKey(Metric.WT_APP_THREAD_EVICTIONS));
    List<String> notes = notes(List.of(reply("8.0.16"), reply("7.0")));
    assertTrue(
        notes.stream()
            .anyMatch(
                n ->
                    n.startsWith("wt_pages_evicted_by_app_threads empty: the shards name it")
                        && n.contains("server 7.0.21): cache[\"pages evicted by application")),
        notes.toString());
    // The evictions of each alone are known: 400 and 12.
    assertEquals(
        12L,
        WiredTigerCacheStats.from(reply("7.0"))
            .since(WiredTigerCacheStats.from(before70))
            .pagesEvictedByAppThreads());
  }

  @Test
  void aShardThatRestartedDuringTheRunLeavesItsCountersUnknown() {
    // Shard 2 restarted: its counters fell back below their values before the run.
    Document restarted = with(shard2After(), c -> c.put("pages read into cache", 1_000));
    Map<Metric, Double> m =
        derive(
            List.of(reply("8.0.16-before"), shard2Before()), List.of(reply("8.0.16"), restarted));
    assertFalse(m.containsKey(Metric.WT_PAGES_READ_INTO_CACHE));
    assertFalse(m.containsKey(Metric.WT_HIT_RATIO));
  }

  @Test
  void aShardThatDidNotAnswerLeavesEveryWiredTigerFigureEmpty() {
    ServerSnapshot before = router(List.of(reply("8.0.16-before"), shard2Before()));
    ServerSnapshot after =
        routerOf(
            List.of(
                status(1, reply("8.0.16")),
                new ShardStatus(
                    "shard 2",
                    "shard-2:27018",
                    null,
                    WiredTigerCacheStats.from(new Document()),
                    "Timed out after 10000 ms")));
    Map<Metric, Double> m = RunMetrics.derive(before, after, 1, false, CPU, DataSizes.none());
    for (Metric server : RunMetrics.SERVER_FIGURES) {
      assertFalse(m.containsKey(server), server.column());
    }
    assertEquals(2.0, m.get(Metric.WT_SHARDS), "the shards were asked: the note says why empty");
    List<String> notes = StatisticNotes.of(after, DataSizes.none(), null);
    assertTrue(
        notes.contains(
            "shard 2 (shard-2:27018) did not answer serverStatus (Timed out after 10000 ms):"
                + " every WiredTiger figure left empty rather than summed over the other shards"),
        notes.toString());
    assertFalse(notes.stream().anyMatch(n -> n.contains("reports no")), notes.toString());
  }

  @Test
  void sumOfOneShardIsThatShard() {
    WiredTigerCacheStats one = WiredTigerCacheStats.from(reply("8.0.16"));
    assertEquals(one, WiredTigerCacheStats.sumOf(List.of(one)));
    assertNull(
        WiredTigerCacheStats.sumOf(List.of(one, WiredTigerCacheStats.from(ROUTER)))
            .cacheMaxBytes());
  }

  private static Map<Metric, Double> derive(List<Document> before, List<Document> after) {
    return RunMetrics.derive(router(before), router(after), 1, false, CPU, DataSizes.none());
  }

  private static List<String> notes(List<Document> after) {
    return StatisticNotes.of(router(after), DataSizes.none(), null);
  }

  private static ServerSnapshot router(List<Document> shards) {
    return routerOf(
        java.util.stream.IntStream.range(0, shards.size())
            .mapToObj(i -> status(i + 1, shards.get(i)))
            .toList());
  }

  private static ServerSnapshot routerOf(List<ShardStatus> shards) {
    return new ServerSnapshot(
        WiredTigerCacheStats.from(ROUTER),
        null,
        null,
        null,
        null,
        ServerIdentity.from(ROUTER),
        shards);
  }

  private static ShardStatus status(int n, Document reply) {
    return new ShardStatus(
        "shard " + n,
        "shard-" + n + ":27018",
        ServerIdentity.from(reply),
        WiredTigerCacheStats.from(reply),
        null);
  }

  private static Document reply(String name) {
    return Document.parse(Fixtures.text("servers/serverStatus-" + name + ".json"));
  }

  private static Document with(Document reply, Consumer<Document> change) {
    change.accept(cache(reply));
    return reply;
  }

  private static Document cache(Document reply) {
    return reply.get("wiredTiger", Document.class).get("cache", Document.class);
  }
}
