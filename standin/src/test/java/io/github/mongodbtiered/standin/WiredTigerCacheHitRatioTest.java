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
import java.util.Locale;
import java.util.SplittableRandom;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The figure the study rests on, from the stand-in's real WiredTiger: with a data set twice the
 * cache, reads over a hot subset that fits are served from the cache, uniform reads over everything
 * are not, and {@code serverStatus} alone tells the two apart.
 */
class WiredTigerCacheHitRatioTest {
  private static final long CACHE_BYTES = 64L << 20;
  private static final int DOCUMENT_BYTES = 1024;
  private static final int DOCUMENTS = 140_000; // ~140 MB of BSON: twice the cache
  private static final int HOT_DOCUMENTS = 10_000; // ~10 MB: fits
  private static final int READS = 20_000;

  @TempDir Path dir;

  @Test
  void hotSubsetHitsTheCacheAndUniformReadsOverTwiceTheCacheDoNot() throws Exception {
    WiredTigerOptions options = WiredTigerOptions.defaults().withCacheBytes(CACHE_BYTES);
    try (StandinServer.Running server =
            StandinServer.startWiredTiger("127.0.0.1", 0, dir, options);
        MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + server.port())) {
      MongoCollection<Document> usertable = client.getDatabase("ycsb").getCollection("usertable");
      SplittableRandom random = new SplittableRandom(42);
      long loadStart = System.nanoTime();
      List<Document> batch = new ArrayList<>();
      for (int i = 0; i < DOCUMENTS; i++) {
        batch.add(
            new Document("_id", key(i)).append("field0", randomText(random, DOCUMENT_BYTES - 40)));
        if (batch.size() == 1000) {
          usertable.insertMany(batch);
          batch.clear();
        }
      }
      double loadSeconds = (System.nanoTime() - loadStart) / 1e9;
      Document stats =
          client.getDatabase("ycsb").runCommand(new Document("collStats", "usertable"));
      long dataBytes = ((Number) stats.get("size")).longValue();
      assertTrue(
          dataBytes >= 2 * CACHE_BYTES, "data set " + dataBytes + " bytes is not twice the cache");

      // Hot: warm the subset once, then measure reads over it alone.
      read(usertable, random, HOT_DOCUMENTS, HOT_DOCUMENTS);
      ServerStatusCounters before = ServerStatusCounters.of(client);
      double hotOpsPerSecond = read(usertable, random, HOT_DOCUMENTS, READS);
      ServerStatusCounters hot = ServerStatusCounters.of(client).since(before);

      before = ServerStatusCounters.of(client);
      double uniformOpsPerSecond = read(usertable, random, DOCUMENTS, READS);
      ServerStatusCounters uniform = ServerStatusCounters.of(client).since(before);

      System.out.printf(
          Locale.ROOT,
          "cache %d MB, data %d MB, storage %d MB: load %.0f docs/s (%.1f MB/s);"
              + " hot reads %.0f ops/s, hit ratio %.4f (%s);"
              + " uniform reads %.0f ops/s, hit ratio %.4f (%s)%n",
          CACHE_BYTES >> 20,
          dataBytes >> 20,
          ((Number) stats.get("storageSize")).longValue() >> 20,
          DOCUMENTS / loadSeconds,
          dataBytes / loadSeconds / (1 << 20),
          hotOpsPerSecond,
          hot.hitRatio(),
          hot,
          uniformOpsPerSecond,
          uniform.hitRatio(),
          uniform);
      assertTrue(hot.pagesRequested() >= READS, hot.toString());
      assertTrue(hot.hitRatio() > 0.99, "hot subset: " + hot);
      assertTrue(uniform.hitRatio() < 0.9, "uniform over twice the cache: " + uniform);
      assertTrue(uniform.bytesReadIntoCache() > 0, uniform.toString());
    }
  }

  /** Reads {@code reads} random documents among the first {@code range}; returns ops/s. */
  private static double read(
      MongoCollection<Document> c, SplittableRandom random, int range, int reads) {
    long start = System.nanoTime();
    for (int i = 0; i < reads; i++) {
      int n = random.nextInt(range);
      Document d = c.find(Filters.eq("_id", key(n))).first();
      assertEquals(key(n), d.getString("_id"));
    }
    return reads / ((System.nanoTime() - start) / 1e9);
  }

  static String key(int i) {
    return String.format(Locale.ROOT, "user%08d", i);
  }

  static String randomText(SplittableRandom random, int length) {
    char[] chars = new char[length];
    for (int i = 0; i < length; i++) {
      chars[i] = (char) (' ' + random.nextInt(95));
    }
    return new String(chars);
  }
}
