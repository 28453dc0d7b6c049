package io.github.mongodbtiered.standin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Sorts;
import com.mongodb.client.model.Updates;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Many clients at once (each server thread on its own WiredTiger session) lose no update, and each
 * connection has a server thread of its own.
 */
class WiredTigerConcurrencyTest {
  private static final int THREADS = 8;
  private static final int KEYS_PER_THREAD = 2_000;
  private static final int OPERATIONS_PER_THREAD = 5_000;

  @TempDir Path dir;

  @Test
  void concurrentReadsUpdatesAndScansStayConsistent() throws Exception {
    WiredTigerOptions options = WiredTigerOptions.defaults().withCacheBytes(64L << 20);
    try (StandinServer.Running server =
            StandinServer.startWiredTiger("127.0.0.1", 0, dir, options);
        MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + server.port())) {
      MongoCollection<Document> c = client.getDatabase("ycsb").getCollection("usertable");
      List<Document> docs = new ArrayList<>();
      for (int i = 0; i < THREADS * KEYS_PER_THREAD; i++) {
        docs.add(new Document("_id", WiredTigerCacheHitRatioTest.key(i)).append("n", -1));
      }
      c.insertMany(docs);

      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      long start = System.nanoTime();
      List<Future<int[]>> results = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        int first = t * KEYS_PER_THREAD;
        results.add(pool.submit(() -> work(c, first)));
      }
      // Each thread's last write to each of its keys is what the collection must hold.
      List<int[]> lastWrites = new ArrayList<>();
      for (Future<int[]> f : results) {
        lastWrites.add(f.get());
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      pool.shutdown();
      System.out.printf(
          Locale.ROOT,
          "%d threads: %.0f ops/s (50%% reads, 40%% updates, 10%% scans of 10)%n",
          THREADS,
          THREADS * OPERATIONS_PER_THREAD / seconds);

      for (int t = 0; t < THREADS; t++) {
        for (int k = 0; k < KEYS_PER_THREAD; k++) {
          String key = WiredTigerCacheHitRatioTest.key(t * KEYS_PER_THREAD + k);
          assertEquals(
              lastWrites.get(t)[k], c.find(Filters.eq("_id", key)).first().getInteger("n"), key);
        }
      }
      assertEquals(THREADS * KEYS_PER_THREAD, c.countDocuments());
    }
  }

  /**
   * As mongod gives each connection a thread, so that one client's read waiting on the disk holds
   * up no other client: more connections than mongo-java-server's default loops (two per core) each
   * get a server thread.
   */
  @Test
  void eachConnectionIsServedOnAThreadOfItsOwn() throws Exception {
    int connections = 2 * Runtime.getRuntime().availableProcessors() + 4;
    WiredTigerOptions options = WiredTigerOptions.defaults().withCacheBytes(64L << 20);
    List<MongoClient> clients = new ArrayList<>();
    try (StandinServer.Running server =
        StandinServer.startWiredTiger("127.0.0.1", 0, dir, options)) {
      for (int i = 0; i < connections; i++) {
        MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + server.port());
        clients.add(client);
        client.getDatabase("admin").runCommand(new Document("ping", 1));
      }
      long serverThreads =
          Thread.getAllStackTraces().keySet().stream()
              .filter(t -> t.getName().startsWith("mongo-server-worker"))
              .count();
      assertTrue(
          serverThreads >= connections,
          serverThreads + " server threads for " + connections + " connections");
    } finally {
      clients.forEach(MongoClient::close);
    }
  }

  private static int[] work(MongoCollection<Document> c, int first) {
    SplittableRandom random = new SplittableRandom(first);
    int[] last = new int[KEYS_PER_THREAD];
    java.util.Arrays.fill(last, -1);
    for (int op = 0; op < OPERATIONS_PER_THREAD; op++) {
      int k = random.nextInt(KEYS_PER_THREAD);
      String key = WiredTigerCacheHitRatioTest.key(first + k);
      int dice = random.nextInt(10);
      if (dice < 5) {
        assertEquals(key, c.find(Filters.eq("_id", key)).first().getString("_id"));
      } else if (dice < 9) {
        c.updateOne(Filters.eq("_id", key), Updates.set("n", op));
        last[k] = op;
      } else {
        List<Document> page = new ArrayList<>();
        c.find(Filters.gte("_id", key)).sort(Sorts.ascending("_id")).limit(10).into(page);
        assertEquals(key, page.get(0).getString("_id"));
      }
    }
    return last;
  }
}
