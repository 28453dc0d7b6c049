package io.github.mongodbtiered.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoCollection;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import io.github.mongodbtiered.ycsb.Progress;
import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.Document;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** Given a collection of YCSB-like keys, the preload reads every document exactly once. */
class PreloadTest {
  private MongoServer server;
  private MongoClient client;

  @BeforeEach
  void start() {
    server = new MongoServer(new MemoryBackend());
    InetSocketAddress a = server.bind();
    client = MongoClients.create("mongodb://" + a.getHostString() + ":" + a.getPort());
  }

  @AfterEach
  void stop() {
    client.close();
    server.shutdownNow();
  }

  @Test
  void concurrentRangesReadEveryDocumentOnceWithProgress() {
    MongoCollection<Document> c = client.getDatabase("bench").getCollection("usertable");
    List<Document> docs = new ArrayList<>();
    // 1,037 keys: ranges of 50 leave a short last range, which must not be dropped.
    for (int i = 0; i < 1_037; i++) {
      docs.add(new Document("_id", "user" + Long.toUnsignedString(i * 0x9E3779B97F4A7C15L)));
    }
    c.insertMany(docs);
    AtomicLong shown = new AtomicLong();

    Preload.Outcome o =
        Preload.run(
            client.getDatabase("bench"),
            "usertable",
            true,
            50,
            (done, total, elapsed) -> {
              assertEquals(2 * 1_037, total);
              shown.accumulateAndGet(done, Math::max);
            });

    assertNull(o.indexScanRefusal());
    assertEquals(1_037, o.indexKeys());
    assertEquals(1_037, o.documents());
    assertFalse(o.stoppedAtFullCache()); // the memory backend reports no WiredTiger cache
    assertEquals(2 * 1_037, shown.get(), "the bar ends at both scans' total");
  }

  /** Given a server that keeps its keys with the documents, one scan reads them all. */
  @Test
  void withoutAnIndexOfItsOwnTheDocumentScanAloneReadsEveryDocument() {
    MongoCollection<Document> c = client.getDatabase("bench").getCollection("usertable");
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < 777; i++) {
      docs.add(
          new Document("_id", "user" + Long.toUnsignedString(i * 0x9E3779B97F4A7C15L))
              .append("field0", "x".repeat(100)));
    }
    c.insertMany(docs);
    AtomicLong total = new AtomicLong();
    AtomicLong shown = new AtomicLong();

    Preload.Outcome o =
        Preload.run(
            client.getDatabase("bench"),
            "usertable",
            false,
            50,
            (done, all, elapsed) -> {
              total.set(all);
              shown.accumulateAndGet(done, Math::max);
            });

    assertEquals(0, o.indexKeys());
    assertEquals(777, o.documents());
    assertEquals(777, total.get(), "one scan's worth on the bar");
    assertEquals(777, shown.get());
  }

  @Test
  void keysThatAreNotStringsAreReadAsOneRange() {
    MongoCollection<Document> c = client.getDatabase("bench").getCollection("usertable");
    List<Document> docs = new ArrayList<>();
    for (int i = 0; i < 333; i++) {
      docs.add(new Document("_id", i));
    }
    c.insertMany(docs);

    Preload.Outcome o =
        Preload.run(client.getDatabase("bench"), "usertable", true, 50, Progress.NONE);

    assertEquals(333, o.indexKeys());
    assertEquals(333, o.documents());
  }

  @Test
  void rangesCoverTheKeySpaceFromTheSmallestKeyWithoutOverlap() {
    List<KeyRange> ranges = KeyRange.after("user1000231");
    assertNull(ranges.get(0).low());
    assertNull(ranges.get(ranges.size() - 1).high());
    for (int i = 1; i < ranges.size(); i++) {
      assertEquals(ranges.get(i - 1).high(), ranges.get(i).low());
      if (i > 1) {
        assertTrue(ranges.get(i).low().compareTo(ranges.get(i - 1).low()) > 0);
      }
    }
    // Cuts above the smallest key: user11..user19, then user2, user20..user29, ... user99.
    assertEquals(9 + 8 * 11 + 1, ranges.size());
    assertEquals(List.of(KeyRange.ALL), KeyRange.after("usertable"));
  }

  /** A cache held at its eviction target by eviction is full; one still filling is not. */
  @Test
  void cacheIsFullOnceItStopsGrowingNearItsMaximum() {
    long max = 3_465_543_680L;
    long second = 1_000_000_000L;
    CacheFull filling = new CacheFull();
    // Growing 1% of the maximum a second up to 79%: never a plateau.
    for (int t = 0; t <= 20; t++) {
      assertFalse(filling.add(t * second, (long) ((0.59 + 0.01 * t) * max), max), "at " + t);
    }
    // Then held at 79.9-80.2% by eviction: full once three seconds show no growth.
    assertFalse(filling.add(21 * second, (long) (0.799 * max), max));
    assertFalse(filling.add(22 * second, (long) (0.802 * max), max));
    assertFalse(filling.add(23 * second, (long) (0.800 * max), max));
    assertTrue(filling.add(24 * second, (long) (0.801 * max), max));

    // A data set that fits: a pause at half the cache is not a full cache.
    CacheFull fits = new CacheFull();
    for (int t = 0; t <= 10; t++) {
      assertFalse(fits.add(t * second, max / 2, max));
    }
    CacheFull over = new CacheFull();
    assertTrue(over.add(0, (long) (0.96 * max), max));
    CacheFull unknown = new CacheFull();
    for (int t = 0; t <= 10; t++) {
      assertFalse(unknown.add(t * second, null, null));
    }
  }

  @Test
  void aBatchHoldsAboutTwoMegabytesOfDocumentsOnTheServer() {
    assertEquals(2_000, Preload.batchFor(1_000), "YCSB's 1 KB records: the whole batch");
    assertEquals(209, Preload.batchFor(10_000), "10 KB records: 2 MiB, not 20 MB");
    assertEquals(100, Preload.batchFor(1_000_000), "at least 100");
    assertEquals(Preload.BATCH_DOCUMENTS, Preload.batchFor(0), "unknown size: the fixed batch");
    assertEquals(Preload.BATCH_DOCUMENTS, Preload.batchFor(Double.NaN));
  }
}
