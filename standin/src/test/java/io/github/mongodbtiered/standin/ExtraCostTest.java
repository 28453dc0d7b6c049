package io.github.mongodbtiered.standin;

import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --standinExtraCostMicros}. Asserts on CPU time, which the threads get however loaded the
 * host is (a loaded host stretches their wall time instead), so these hold on a busy machine.
 */
class ExtraCostTest {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  private static final long MILLI = 1_000_000L;

  @TempDir Path dir;

  @Test
  void spendingAdvancesTheThreadsCpuClockByTheCost() {
    long before = THREADS.getCurrentThreadCpuTime();
    new ExtraCost(5_000).spend();
    long spent = THREADS.getCurrentThreadCpuTime() - before;
    assertTrue(spent >= 5 * MILLI, spent + " ns");
    before = THREADS.getCurrentThreadCpuTime();
    new ExtraCost(0).spend();
    assertTrue(THREADS.getCurrentThreadCpuTime() - before < MILLI, "no cost: nothing spent");
  }

  @Test
  void everyFindCostsTheServingThreadTheExtraCpuTime() throws Exception {
    // The finds' own CPU time falls from 100 ms to 30 as the JIT compiles them (warm-up first, or
    // the cold side pays for that).
    servingCpuNanosOfFinds(0, 1_000);
    long plain = servingCpuNanosOfFinds(0, 200);
    long costly = servingCpuNanosOfFinds(2_000, 200);
    long extra = costly - plain;
    String figures = "with 2000 us: " + costly / MILLI + " ms, without: " + plain / MILLI + " ms";
    assertTrue(costly >= 200 * 2 * MILLI, figures);
    // The finds' own work is about the same on both sides (a loaded host's noise is in the
    // margin); charged twice per find, the extra would be 800 ms or more.
    assertTrue(extra >= 200 * 2 * MILLI * 3 / 4, figures);
    assertTrue(extra < 200 * 2 * MILLI * 7 / 4, figures);
  }

  @Test
  void theH2EngineChargesItToo() throws Exception {
    try (StandinServer.Running server =
            StandinServer.startH2("127.0.0.1", 0, dir.resolve("h2"), -1, 2_000);
        MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + server.port())) {
      MongoCollection<Document> c = client.getDatabase("ycsb").getCollection("usertable");
      c.insertOne(new Document("_id", "user1"));
      long start = System.nanoTime();
      for (int i = 0; i < 50; i++) {
        c.find(new Document("_id", "user1")).first();
      }
      // Each find waits for the server's 2 ms of CPU time, which take at least 2 ms.
      long wall = System.nanoTime() - start;
      assertTrue(wall >= 50 * 2 * MILLI, wall / MILLI + " ms");
    }
  }

  /**
   * The CPU time the server's connection threads spend on {@code finds} finds by {@code _id}, one
   * at a time, after 100 to warm up; each on a server of its own.
   */
  private long servingCpuNanosOfFinds(int extraCostMicros, int finds) throws Exception {
    WiredTigerOptions options =
        WiredTigerOptions.defaults().withCacheBytes(64L << 20).withExtraCostMicros(extraCostMicros);
    try (StandinServer.Running server =
            StandinServer.startWiredTiger(
                "127.0.0.1", 0, Files.createTempDirectory(dir, "cost-"), options);
        MongoClient client = MongoClients.create("mongodb://127.0.0.1:" + server.port())) {
      MongoCollection<Document> c = client.getDatabase("ycsb").getCollection("usertable");
      c.insertOne(new Document("_id", "user1").append("field0", "x".repeat(100)));
      for (int i = 0; i < 100; i++) {
        c.find(new Document("_id", "user1")).first();
      }
      Map<Long, Long> before = servingThreadsCpuNanos();
      for (int i = 0; i < finds; i++) {
        c.find(new Document("_id", "user1")).first();
      }
      long spent = 0;
      for (Map.Entry<Long, Long> t : servingThreadsCpuNanos().entrySet()) {
        spent += t.getValue() - before.getOrDefault(t.getKey(), 0L);
      }
      return spent;
    }
  }

  /** mongo-java-server's connection threads' CPU time so far, by thread id. */
  private static Map<Long, Long> servingThreadsCpuNanos() {
    Map<Long, Long> cpu = new HashMap<>();
    for (ThreadInfo t : THREADS.getThreadInfo(THREADS.getAllThreadIds())) {
      if (t != null && t.getThreadName().startsWith("mongo-server-worker")) {
        long nanos = THREADS.getThreadCpuTime(t.getThreadId());
        if (nanos >= 0) {
          cpu.put(t.getThreadId(), nanos);
        }
      }
    }
    return cpu;
  }
}
