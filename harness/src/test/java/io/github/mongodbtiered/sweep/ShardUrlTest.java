package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.github.mongodbtiered.metrics.ClientCpuUsage;
import io.github.mongodbtiered.metrics.DataSizes;
import io.github.mongodbtiered.metrics.RunMetrics;
import io.github.mongodbtiered.metrics.ServerSnapshot;
import io.github.mongodbtiered.metrics.ShardStatus;
import io.github.mongodbtiered.metrics.StatisticNotes;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.servers.ServerUnavailableException;
import io.github.mongodbtiered.standin.StandinServer;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given two stand-in servers on WiredTiger in this JVM playing a cluster's shards (64 MiB and 32
 * MiB caches) and an in-memory server answering {@code serverStatus} as a mongos does (process
 * "mongos", no wiredTiger section; no real mongos exists here, and nothing routes to the shards),
 * when the sweep reads the server figures with {@code --shard-url}, then each shard is read
 * directly and their figures added up, and a wrong setup is refused before the sweep starts.
 */
class ShardUrlTest {
  private StandinServer.Running shard1;
  private StandinServer.Running shard2;
  private MongoServer router;
  private String routerUrl;

  @BeforeEach
  void start(@TempDir Path dir) throws Exception {
    shard1 = StandinServer.start("127.0.0.1", 0, dir.resolve("shard1"), 64);
    shard2 = StandinServer.start("127.0.0.1", 0, dir.resolve("shard2"), 32);
    router =
        new MongoServer(
            new MemoryBackend() {
              @Override
              public de.bwaldvogel.mongo.bson.Document getServerStatus() {
                de.bwaldvogel.mongo.bson.Document status = super.getServerStatus();
                status.put("process", "mongos");
                status.put("version", "8.0.16");
                return status;
              }
            });
    InetSocketAddress a = router.bind();
    routerUrl = "mongodb://" + a.getHostString() + ":" + a.getPort() + "/bench";
  }

  @AfterEach
  void stop() {
    router.shutdownNow();
    shard1.close();
    shard2.close();
  }

  private static String plainUrl(StandinServer.Running s) {
    return "mongodb://127.0.0.1:" + s.port() + "/";
  }

  @Test
  void theShardsFiguresAreAddedUpAndTheHostDiskIsSaidNotToApply() {
    List<String> shards = List.of(plainUrl(shard1), plainUrl(shard2));
    UrlTarget.connect(routerUrl, Server.URL_OPTION, shards).close();
    try (MongoClient client = MongoClients.create(routerUrl)) {
      SnapshotReader reader =
          new SnapshotReader(
              new Endpoint(routerUrl, null, null, null, false, List.of()), new ShardReader(shards));
      ServerSnapshot before = reader.read(client.getDatabase("bench"));
      write(plainUrl(shard1), 2_000);
      write(plainUrl(shard2), 500);
      ServerSnapshot after = reader.read(client.getDatabase("bench"));

      assertTrue(after.fromRouter() && after.fromShards());
      assertEquals(2, after.shards().size());
      Map<Metric, Double> m =
          RunMetrics.derive(
              before,
              after,
              1_000_000_000L,
              false,
              new ClientCpuUsage(null, 0.5, false),
              DataSizes.none());
      // 64 MiB + 32 MiB, as configured: 67,108,864 + 33,554,432.
      assertEquals(100_663_296.0, m.get(Metric.WT_CACHE_MAX_BYTES));
      assertEquals(2.0, m.get(Metric.WT_SHARDS));
      double requested = 0;
      for (ShardStatus s : after.shards()) {
        assertNull(s.failure());
        int i = after.shards().indexOf(s);
        requested +=
            s.wiredTiger().pagesRequestedFromCache()
                - before.shards().get(i).wiredTiger().pagesRequestedFromCache();
      }
      assertTrue(requested > 0, "the writes asked each shard's cache for pages");
      assertEquals(requested, m.get(Metric.WT_PAGES_REQUESTED));
      assertTrue(m.containsKey(Metric.WT_HIT_RATIO));
      for (Metric hostDisk : RunMetrics.HOST_DISK_FIGURES) {
        assertFalse(m.containsKey(hostDisk), hostDisk.column());
      }
      String note = StatisticNotes.of(after, DataSizes.none(), null).get(0);
      assertTrue(
          note.startsWith(
              "server figures from 2 shards' serverStatus (--shard-url): shard 1 (127.0.0.1:"
                  + shard1.port()),
          note);
    }
  }

  @Test
  void aShardThatDoesNotAnswerStopsTheSweepBeforeItStartsWithoutItsPassword() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    String dead = "mongodb://u:secret@127.0.0.1:" + port + "/?serverSelectionTimeoutMS=300";
    ServerUnavailableException e =
        assertThrows(
            ServerUnavailableException.class,
            () -> UrlTarget.connect(routerUrl, Server.URL_OPTION, List.of(plainUrl(shard1), dead)));
    assertTrue(
        e.getMessage()
            .startsWith(
                "--shard-url mongodb://u:****@127.0.0.1:"
                    + port
                    + "/?serverSelectionTimeoutMS=300: the shard did not answer serverStatus ("),
        e.getMessage());
    assertFalse(e.getMessage().contains("secret"), e.getMessage());
  }

  @Test
  void shardUrlsWithoutARouterAreRefused() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                UrlTarget.connect(plainUrl(shard1), Server.URL_OPTION, List.of(plainUrl(shard2))));
    assertEquals(
        "--shard-url: --mongodb-url mongodb://127.0.0.1:"
            + shard1.port()
            + "/ is not a mongos (its serverStatus names process java): its own"
            + " serverStatus has the cache figures; leave out --shard-url",
        e.getMessage());
  }

  @Test
  void aRouterGivenAsAShardAndAShardGivenTwiceAreRefused() {
    IllegalArgumentException asShard =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                UrlTarget.connect(
                    routerUrl, Server.URL_OPTION, List.of(plainUrl(shard1), routerUrl)));
    assertTrue(
        asShard
            .getMessage()
            .endsWith("is a mongos too: give each shard's own mongod" + " (its primary)"),
        asShard.getMessage());
    IllegalArgumentException twice =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                UrlTarget.connect(
                    routerUrl,
                    Server.URL_OPTION,
                    List.of(plainUrl(shard1), plainUrl(shard1) + "ycsb")));
    assertTrue(twice.getMessage().contains("given twice"), twice.getMessage());
  }

  @Test
  void aShardThatStopsAnsweringDuringTheSweepIsReadAsAFailureNamedWithoutItsUrl() {
    String shard2Url =
        "mongodb://u:secret@127.0.0.1:" + shard2.port() + "/?serverSelectionTimeoutMS=300";
    ShardReader reader = new ShardReader(List.of(plainUrl(shard1), shard2Url));
    shard2.close();
    List<ShardStatus> read = reader.read();
    assertNull(read.get(0).failure());
    assertEquals("shard 2", read.get(1).label());
    assertEquals("127.0.0.1:" + shard2.port(), read.get(1).hosts());
    assertTrue(read.get(1).failure() != null && !read.get(1).failure().contains("secret"));
    assertFalse(read.get(1).wiredTiger().anyReported());
  }

  private static void write(String url, int documents) {
    try (MongoClient c = MongoClients.create(url)) {
      MongoCollection<Document> t = c.getDatabase("ycsb").getCollection("usertable");
      List<Document> batch = new ArrayList<>();
      for (int i = 0; i < documents; i++) {
        batch.add(new Document("_id", "user" + i).append("field0", "x".repeat(200)));
      }
      t.insertMany(batch);
      for (int i = 0; i < documents; i += 7) {
        t.find(new Document("_id", "user" + i)).first();
      }
    }
  }
}
