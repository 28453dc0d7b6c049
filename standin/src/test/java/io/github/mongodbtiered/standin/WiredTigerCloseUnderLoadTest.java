package io.github.mongodbtiered.standin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import com.mongodb.client.model.Filters;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given clients reading and scanning, when the stand-in is closed under them (what a Ctrl-C's
 * shutdown hook does in the embedded sweep), then the close returns, the process lives (WiredTiger
 * is never closed under a request still inside it: that once crashed the JVM), and the data set
 * opens again whole.
 */
class WiredTigerCloseUnderLoadTest {
  private static final int RECORDS = 5_000;
  private static final int THREADS = 8;
  private static final int ROUNDS = 2;

  @TempDir Path dir;

  @Test
  void closingUnderReadsAndScansLeavesTheDataSetWhole() throws Exception {
    WiredTigerOptions options = WiredTigerOptions.defaults().withCacheBytes(32L << 20);
    try (StandinServer.Running server =
            StandinServer.startWiredTiger("127.0.0.1", 0, dir, options);
        MongoClient client = MongoClients.create(url(server))) {
      List<Document> docs = new ArrayList<>();
      for (int i = 0; i < RECORDS; i++) {
        docs.add(new Document("_id", WiredTigerCacheHitRatioTest.key(i)).append("n", i));
      }
      client.getDatabase("ycsb").getCollection("usertable").insertMany(docs);
    }
    for (int round = 0; round < ROUNDS; round++) {
      StandinServer.Running server = StandinServer.startWiredTiger("127.0.0.1", 0, dir, options);
      AtomicLong served = new AtomicLong();
      ExecutorService pool = Executors.newFixedThreadPool(THREADS);
      // A socket timeout: a connection accepted while the server closes can be left open with no
      // answer (mongo-java-server's channel group is closed by then), and its reader would wait on
      // it for ever; what this test checks is the server, not that race.
      try (MongoClient client =
          MongoClients.create(
              url(server) + "/?serverSelectionTimeoutMS=500&socketTimeoutMS=5000")) {
        MongoCollection<Document> c = client.getDatabase("ycsb").getCollection("usertable");
        for (int t = 0; t < THREADS; t++) {
          int thread = t;
          pool.submit(() -> readUntilRefused(c, thread, served));
        }
        // Closed once requests are flowing, with some surely inside the server.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (served.get() < 200 && System.nanoTime() < deadline) {
          Thread.onSpinWait();
        }
        assertTrue(served.get() >= 200, "the readers never got going");
        long start = System.nanoTime();
        server.close();
        double seconds = (System.nanoTime() - start) / 1e9;
        assertTrue(seconds < 30, "close took " + seconds + " s");
      } finally {
        pool.shutdownNow();
        assertTrue(pool.awaitTermination(30, TimeUnit.SECONDS), "a reader did not stop");
      }
    }
    try (StandinServer.Running server =
            StandinServer.startWiredTiger("127.0.0.1", 0, dir, options);
        MongoClient client = MongoClients.create(url(server))) {
      assertEquals(RECORDS, client.getDatabase("ycsb").getCollection("usertable").countDocuments());
    }
  }

  private static String url(StandinServer.Running server) {
    return "mongodb://127.0.0.1:" + server.port();
  }

  /** Point reads, and now and then a scan, until the server stops answering. */
  private static void readUntilRefused(MongoCollection<Document> c, int thread, AtomicLong served) {
    ThreadLocalRandom random = ThreadLocalRandom.current();
    try {
      while (!Thread.currentThread().isInterrupted()) {
        if (random.nextInt(10) == thread % 10) {
          c.find(Filters.gte("_id", WiredTigerCacheHitRatioTest.key(random.nextInt(RECORDS))))
              .limit(50)
              .into(new ArrayList<>());
        } else {
          c.find(Filters.eq("_id", WiredTigerCacheHitRatioTest.key(random.nextInt(RECORDS))))
              .first();
        }
        served.incrementAndGet();
      }
    } catch (RuntimeException e) {
      // The server went away: what this reader waited for.
    }
  }
}
