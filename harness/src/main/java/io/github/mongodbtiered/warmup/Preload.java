package io.github.mongodbtiered.warmup;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import io.github.mongodbtiered.ycsb.Progress;
import java.util.ArrayList;
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
 * <p>The index scan notes every range's first key, so the document ranges are then read by {@link
 * #READERS} connections at once: a volume with added latency (7 ms an I/O on {@code hdd-150}, which
 * lifting the blkio limits does not remove) serves one reader a few MB/s, so a 2 GB data set would
 * take many minutes; concurrent readers keep several I/Os in flight, as the workload's threads do.
 * A server that refuses the covered scan gets the documents read by one reader, range after range.
 *
 * <p>The document scan stops once the WiredTiger cache is {@link #FULL_CACHE} full: past that,
 * every page it reads evicts one it read before, and on a data set far over memory it would take as
 * long as reading the whole file. The pages the workload wants beyond the cache then reach the
 * filesystem cache during the workload warm-up, as they would in use.
 */
public final class Preload {
  static final int BATCH_DOCUMENTS = 2_000;
  static final int READERS = 8;
  static final double FULL_CACHE = 0.95;
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
   * @param progress told the keys and then the documents read so far, against the collection's
   *     estimated document count
   */
  public static Outcome run(MongoDatabase db, String collection, Progress progress) {
    return run(db, collection, BATCH_DOCUMENTS, progress);
  }

  static Outcome run(MongoDatabase db, String collection, int batchDocuments, Progress progress) {
    long t0 = System.nanoTime();
    MongoCollection<Document> c = db.getCollection(collection);
    long total = c.estimatedDocumentCount();
    AtomicLong nextShownNanos = new AtomicLong();
    ShownProgress shown =
        read -> {
          long now = System.nanoTime();
          long due = nextShownNanos.get();
          // About twice a second, and from one reader at a time: a progress bar is not thread-safe.
          if (now >= due && nextShownNanos.compareAndSet(due, now + 500_000_000L)) {
            synchronized (nextShownNanos) {
              progress.update(read, total, (now - t0) / 1_000_000);
            }
          }
        };
    List<Object> rangeStarts = new ArrayList<>();
    long keys = 0;
    String refusal = null;
    try {
      keys = scanKeys(c, batchDocuments, rangeStarts, shown);
    } catch (RuntimeException e) {
      // A server without hints (or covered scans) still loads the keys with the documents.
      refusal = String.valueOf(e.getMessage());
      rangeStarts.clear();
    }
    CacheWatch full = new CacheWatch(db);
    long documents =
        refusal == null
            ? readRanges(c, rangeStarts, full, shown)
            : scanDocuments(c, batchDocuments, full, shown);
    return new Outcome(keys, documents, full.full(), refusal, (System.nanoTime() - t0) / 1e9);
  }

  /** The covered index scan; notes the first key of every range of {@code batch} keys. */
  private static long scanKeys(
      MongoCollection<Document> c, int batch, List<Object> rangeStarts, ShownProgress progress) {
    long read = 0;
    Object last = null;
    while (true) {
      int inBatch = 0;
      try (MongoCursor<Document> cursor =
          page(c, last, batch)
              .projection(Projections.include("_id"))
              .hint(new Document("_id", 1))
              .iterator()) {
        while (cursor.hasNext()) {
          last = cursor.next().get("_id");
          if (inBatch == 0) {
            rangeStarts.add(last);
          }
          inBatch++;
        }
      }
      read += inBatch;
      progress.read(read);
      if (inBatch < batch) {
        return read;
      }
    }
  }

  /** The documents of every range, {@link #READERS} ranges at a time, in index order. */
  private static long readRanges(
      MongoCollection<Document> c, List<Object> starts, CacheWatch full, ShownProgress progress) {
    AtomicInteger next = new AtomicInteger();
    AtomicLong read = new AtomicLong();
    ExecutorService pool = Executors.newFixedThreadPool(READERS, Preload::daemon);
    try {
      List<Future<?>> readers = new ArrayList<>();
      for (int r = 0; r < READERS; r++) {
        readers.add(
            pool.submit(
                () -> {
                  int i;
                  while (!full.check() && (i = next.getAndIncrement()) < starts.size()) {
                    Bson range =
                        i + 1 < starts.size()
                            ? Filters.and(
                                Filters.gte("_id", starts.get(i)),
                                Filters.lt("_id", starts.get(i + 1)))
                            : Filters.gte("_id", starts.get(i));
                    long n = 0;
                    try (MongoCursor<Document> cursor = c.find(range).batchSize(2_000).iterator()) {
                      while (cursor.hasNext()) {
                        cursor.next();
                        n++;
                      }
                    }
                    progress.read(read.addAndGet(n));
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

  /** The documents one range after another, for a server that refused the covered scan. */
  private static long scanDocuments(
      MongoCollection<Document> c, int batch, CacheWatch full, ShownProgress progress) {
    long read = 0;
    Object last = null;
    while (true) {
      int inBatch = 0;
      try (MongoCursor<Document> cursor = page(c, last, batch).iterator()) {
        while (cursor.hasNext()) {
          last = cursor.next().get("_id");
          inBatch++;
        }
      }
      read += inBatch;
      progress.read(read);
      if (inBatch < batch || full.check()) {
        return read;
      }
    }
  }

  /** The next {@code batch} documents after {@code last} in {@code _id} order. */
  private static com.mongodb.client.FindIterable<Document> page(
      MongoCollection<Document> c, Object last, int batch) {
    Bson filter = last == null ? new BsonDocument() : Filters.gt("_id", last);
    return c.find(filter).sort(Sorts.ascending("_id")).limit(batch).batchSize(batch);
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
          && nextCheckNanos.compareAndSet(due, System.nanoTime() + CACHE_CHECK_NANOS)
          && cacheFull(db)) {
        full.set(true);
      }
      return full.get();
    }
  }

  private static boolean cacheFull(MongoDatabase db) {
    WiredTigerCacheStats s;
    try {
      s = WiredTigerCacheStats.from(db.runCommand(new Document("serverStatus", 1)));
    } catch (RuntimeException e) {
      return false; // the scan itself will say if the server is gone
    }
    return s.cacheUsedBytes() != null
        && s.cacheMaxBytes() != null
        && s.cacheMaxBytes() > 0
        && s.cacheUsedBytes() >= FULL_CACHE * s.cacheMaxBytes();
  }
}
