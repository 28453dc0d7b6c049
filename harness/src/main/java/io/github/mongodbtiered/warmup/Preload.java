package io.github.mongodbtiered.warmup;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import io.github.mongodbtiered.ycsb.Progress;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * Reads a cold server's data set through it once, so that its caches hold what they can before the
 * workload warm-up: first the {@code _id} index (a covered scan: projection and hint {@code _id}),
 * then every document, both in {@code _id} ranges of {@link #BATCH_DOCUMENTS}, which MongoDB
 * answers from the index and the stand-in from its {@code _id}-keyed table, either way without
 * sorting the collection in memory.
 *
 * <p>Both scans cut the key space into ranges ({@link KeyRange#split}) read by {@link #READERS}
 * connections at once: a volume with added latency (7 ms an I/O on {@code hdd-150}, which lifting
 * the blkio limits does not remove) serves one reader a few MB/s, and the stand-in's covered scan
 * reads its documents too, so one reader took over 9 minutes for 2M records; concurrent readers
 * keep several I/Os in flight, as the workload's threads do.
 *
 * <p>Either scan stops once the WiredTiger cache is full ({@link CacheFull}): past that, every page
 * it reads evicts one it read before, and on a data set far over memory it would take as long as
 * reading the whole file (a 4M-record scan on san-600, whose added latency stays, took 9.5
 * minutes). The pages the workload wants beyond the cache then reach the filesystem cache during
 * the workload warm-up, as they would in use.
 */
public final class Preload {
  static final int BATCH_DOCUMENTS = 2_000;
  static final int READERS = 8;
  private static final long CACHE_CHECK_NANOS = 500_000_000L;

  /**
   * What the preload did.
   *
   * @param indexKeys {@code _id} keys read by the covered scan
   * @param documents documents read
   * @param stoppedAtFullCache true when the document scan stopped at a full WiredTiger cache
   * @param indexScanRefusal why the server refused the covered scan, or null when it ran
   * @param seconds how long both scans took
   */
  public record Outcome(
      long indexKeys,
      long documents,
      boolean stoppedAtFullCache,
      String indexScanRefusal,
      double seconds) {}

  private Preload() {}

  public static Outcome run(MongoDatabase db, String collection) {
    return run(db, collection, BATCH_DOCUMENTS, Progress.NONE);
  }

  /**
   * @param progress told the keys and documents read so far, against twice the collection's
   *     estimated document count
   */
  public static Outcome run(MongoDatabase db, String collection, Progress progress) {
    return run(db, collection, BATCH_DOCUMENTS, progress);
  }

  static Outcome run(MongoDatabase db, String collection, int batchDocuments, Progress progress) {
    long t0 = System.nanoTime();
    MongoCollection<Document> c = db.getCollection(collection);
    long total = c.estimatedDocumentCount();
    // One bar for both scans: keys, then documents, out of twice the count.
    AtomicLong keysRead = new AtomicLong();
    AtomicLong nextShownNanos = new AtomicLong();
    ShownProgress shown =
        read -> {
          long now = System.nanoTime();
          long due = nextShownNanos.get();
          // About twice a second, and from one reader at a time: a progress bar is not thread-safe.
          if (now >= due && nextShownNanos.compareAndSet(due, now + 500_000_000L)) {
            synchronized (nextShownNanos) {
              progress.update(keysRead.get() + read, 2 * total, (now - t0) / 1_000_000);
            }
          }
        };
    CacheWatch full = new CacheWatch(db);
    long keys = 0;
    String refusal = null;
    List<KeyRange> ranges = List.of(KeyRange.ALL);
    try {
      ranges = KeyRange.split(c);
      keys = readAll(c, ranges, batchDocuments, true, full, shown);
      keysRead.set(keys);
    } catch (RuntimeException e) {
      // A server without hints (or covered scans) still loads the keys with the documents.
      refusal = String.valueOf(e.getMessage());
    }
    long documents = readAll(c, ranges, batchDocuments, false, full, shown);
    long elapsedNanos = System.nanoTime() - t0;
    // The bar ends where the scans did: a preload shorter than the half-second gap, or one whose
    // first range was empty, would otherwise show nothing or zero.
    synchronized (nextShownNanos) {
      progress.update(keys + documents, 2 * total, elapsedNanos / 1_000_000);
    }
    return new Outcome(keys, documents, full.full(), refusal, elapsedNanos / 1e9);
  }

  /**
   * Reads every range, {@link #READERS} at a time, keys only (a covered scan) or whole documents,
   * until the WiredTiger cache is full.
   *
   * @return keys or documents read
   */
  private static long readAll(
      MongoCollection<Document> c,
      List<KeyRange> ranges,
      int batch,
      boolean keysOnly,
      CacheWatch full,
      ShownProgress progress) {
    AtomicInteger next = new AtomicInteger();
    AtomicLong read = new AtomicLong();
    ExecutorService pool =
        Executors.newFixedThreadPool(Math.min(READERS, ranges.size()), Preload::daemon);
    try {
      List<Future<?>> readers = new ArrayList<>();
      for (int r = 0; r < Math.min(READERS, ranges.size()); r++) {
        readers.add(
            pool.submit(
                () -> {
                  int i;
                  while (!full.check() && (i = next.getAndIncrement()) < ranges.size()) {
                    readRange(
                        c,
                        ranges.get(i),
                        batch,
                        keysOnly,
                        full,
                        n -> progress.read(read.addAndGet(n)));
                  }
                  return null;
                }));
      }
      for (Future<?> f : readers) {
        f.get();
      }
    } catch (ExecutionException e) {
      throw e.getCause() instanceof RuntimeException re ? re : new IllegalStateException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("preload interrupted", e);
    } finally {
      pool.shutdownNow();
    }
    return read.get();
  }

  /** One range in {@code _id} order, {@code batch} at a time ({@code _id > last}, limited). */
  private static void readRange(
      MongoCollection<Document> c,
      KeyRange range,
      int batch,
      boolean keysOnly,
      CacheWatch full,
      ShownProgress counted) {
    Object last = null;
    while (true) {
      var find =
          c.find(range.after(last)).sort(Sorts.ascending("_id")).limit(batch).batchSize(batch);
      if (keysOnly) {
        find = find.projection(Projections.include("_id")).hint(new Document("_id", 1));
      }
      int inBatch = 0;
      try (MongoCursor<Document> cursor = find.iterator()) {
        while (cursor.hasNext()) {
          last = cursor.next().get("_id");
          inBatch++;
        }
      }
      counted.read(inBatch);
      if (inBatch < batch || full.check()) {
        return;
      }
    }
  }

  /**
   * A range of {@code _id}s: from {@code low} (inclusive, or from the smallest when null) to {@code
   * high} (exclusive, or to the largest when null).
   */
  record KeyRange(String low, String high) {
    static final KeyRange ALL = new KeyRange(null, null);

    /**
     * The keys in this range after {@code last} (all of them when null), as one {@code _id}
     * condition: the stand-in narrows its scan only by bounds on {@code _id} itself, not inside an
     * {@code $and}, and without them each range would be read from the collection's first key.
     */
    Bson after(Object last) {
      Document bounds = new Document();
      if (last != null) {
        bounds.append("$gt", last);
      } else if (low != null) {
        bounds.append("$gte", low);
      }
      if (high != null) {
        bounds.append("$lt", high);
      }
      return bounds.isEmpty() ? new BsonDocument() : new Document("_id", bounds);
    }

    /**
     * The collection's key space cut at digit prefixes, so that readers can start apart: YCSB's
     * keys are {@code user} and a number, so cutting after the smallest key's letters at every one
     * and two digits gives about 100 ranges of similar size. Only the smallest key is asked for (an
     * ascending scan, which any server streams; a descending one costs the stand-in a full scan).
     * Whatever the keys, the ranges hold every key once; keys that are not strings, or have no
     * digit, give one range.
     */
    static List<KeyRange> split(MongoCollection<Document> c) {
      Object min = smallestKey(c);
      return min instanceof String s ? after(s) : List.of(ALL);
    }

    /** Ranges that together hold every string, cut after the digit-free prefix of {@code min}. */
    static List<KeyRange> after(String min) {
      int p = 0;
      while (p < min.length() && !Character.isDigit(min.charAt(p))) {
        p++;
      }
      if (p == min.length()) {
        return List.of(ALL);
      }
      String prefix = min.substring(0, p);
      List<String> cuts = new ArrayList<>();
      for (char d = '0'; d <= '9'; d++) {
        cuts.add(prefix + d);
        for (char e = '0'; e <= '9'; e++) {
          cuts.add(prefix + d + e);
        }
      }
      List<KeyRange> ranges = new ArrayList<>();
      String from = null;
      for (String cut : cuts.stream().filter(k -> k.compareTo(min) > 0).sorted().toList()) {
        ranges.add(new KeyRange(from, cut));
        from = cut;
      }
      ranges.add(new KeyRange(from, null));
      return ranges;
    }

    /** The smallest {@code _id}, or null for an empty collection. */
    private static Object smallestKey(MongoCollection<Document> c) {
      Document d =
          c.find()
              .sort(Sorts.ascending("_id"))
              .projection(Projections.include("_id"))
              .limit(1)
              .first();
      return d == null ? null : d.get("_id");
    }
  }

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "preload");
    t.setDaemon(true);
    return t;
  }

  @FunctionalInterface
  private interface ShownProgress {
    void read(long documents);
  }

  /** Whether the WiredTiger cache is full, asked of the server at most every half second. */
  private static final class CacheWatch {
    private final MongoDatabase db;
    private final CacheFull rule = new CacheFull();
    private final AtomicBoolean full = new AtomicBoolean();
    private final AtomicLong nextCheckNanos = new AtomicLong(System.nanoTime() + CACHE_CHECK_NANOS);

    CacheWatch(MongoDatabase db) {
      this.db = db;
    }

    boolean full() {
      return full.get();
    }

    /** True once the cache was found full; asks the server when the last look is old enough. */
    boolean check() {
      long due = nextCheckNanos.get();
      if (!full.get()
          && System.nanoTime() >= due
          && nextCheckNanos.compareAndSet(due, System.nanoTime() + CACHE_CHECK_NANOS)) {
        WiredTigerCacheStats s;
        try {
          s = WiredTigerCacheStats.from(db.runCommand(new Document("serverStatus", 1)));
        } catch (RuntimeException e) {
          return false; // the scan itself will say if the server is gone
        }
        synchronized (rule) {
          if (rule.add(System.nanoTime(), s.cacheUsedBytes(), s.cacheMaxBytes())) {
            full.set(true);
          }
        }
      }
      return full.get();
    }
  }

  /**
   * When a scan has filled the WiredTiger cache: its content reached {@link #FULL} of the maximum,
   * or at least {@link #NEAR_FULL} and it grew by less than {@link #STILL_GROWING} of the maximum
   * over the last {@link #PLATEAU_NANOS}, while the scan kept reading. Eviction holds a full cache
   * near its target (80% in WiredTiger's defaults; the stand-in's stayed at 79.9-83%), so a rule
   * waiting for 95% never fired and the scans read the whole collection.
   */
  static final class CacheFull {
    static final double FULL = 0.95;
    static final double NEAR_FULL = 0.70;
    static final double STILL_GROWING = 0.005;
    static final long PLATEAU_NANOS = 3_000_000_000L;

    private final Deque<long[]> looks = new ArrayDeque<>();

    /**
     * @param nanos when the figures were read ({@link System#nanoTime})
     * @param usedBytes bytes currently in the cache, or null when the server gives none
     * @param maxBytes the cache's maximum, or null
     * @return whether the cache is now full
     */
    boolean add(long nanos, Long usedBytes, Long maxBytes) {
      if (usedBytes == null || maxBytes == null || maxBytes <= 0) {
        return false;
      }
      if (usedBytes >= FULL * maxBytes) {
        return true;
      }
      looks.addLast(new long[] {nanos, usedBytes});
      // The oldest look kept is the newest one at least PLATEAU_NANOS old.
      while (looks.size() > 2) {
        Iterator<long[]> it = looks.iterator();
        it.next();
        if (nanos - it.next()[0] >= PLATEAU_NANOS) {
          looks.removeFirst();
        } else {
          break;
        }
      }
      long[] oldest = looks.getFirst();
      return nanos - oldest[0] >= PLATEAU_NANOS
          && usedBytes >= NEAR_FULL * maxBytes
          && usedBytes - oldest[1] < STILL_GROWING * maxBytes;
    }
  }
}
