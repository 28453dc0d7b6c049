package io.github.mongodbtiered.warmup;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import io.github.mongodbtiered.ycsb.Progress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.Document;

/**
 * Reads a cold server's data set through it once, so that its caches hold what they can before the
 * workload warm-up: first the {@code _id} index (a covered scan: projection and hint {@code _id}),
 * then every document, both in {@code _id} ranges of {@link #BATCH_DOCUMENTS}, which MongoDB
 * answers from the index and the stand-in from its {@code _id}-keyed table, either way without
 * sorting the collection in memory.
 *
 * <p>Both scans cut the key space into ranges ({@link KeyRange#split}) read by {@link #READERS}
 * connections at once: a volume with added latency (7 ms an I/O on {@code hdd-150}, where the
 * target cannot lift it) serves one reader a few MB/s, and the stand-in's covered scan reads its
 * documents too, so one reader took over 9 minutes for 2M records; concurrent readers keep several
 * I/Os in flight, as the workload's threads do.
 *
 * <p>The document scan asks for {@code _id} and a field no document has ({@link #FETCH_FIELD}): a
 * projection the {@code _id} index cannot cover, so the server still fetches every document into
 * its cache, while the replies carry keys only. Whole documents cost the client their decoding (2.5
 * GB for 2M records, on cores it shares with the server) and the server a reply of {@link
 * #BATCH_DOCUMENTS} documents per reader (20 MB of 10 KB documents). Where the collection's indexes
 * take no room (the stand-in keeps its keys in the collection's own table; a clustered collection
 * has no {@code _id} index) the key scan is skipped: the document scan reads the keys.
 *
 * <p>Either scan stops once the WiredTiger cache is full ({@link CacheFull}): past that, every page
 * it reads evicts one it read before, and on a data set far over memory it would take as long as
 * reading the whole file (a 4M-record scan on san-600, whose added latency stays, took 9.5
 * minutes). The pages the workload wants beyond the cache then reach the filesystem cache during
 * the workload warm-up, as they would in use.
 */
public final class Preload {
  static final int BATCH_DOCUMENTS = 2_000;
  // 16 crashed the stand-in of a CI sweep (512 MiB container, 256 MiB heap) at 80k records of
  // 10 KB: each reader's batch of 2,000 documents is a 20 MB reply.
  static final int READERS = 8;

  /** A field the projection names so that no index covers it; documents need not have it. */
  static final String FETCH_FIELD = "preload-fetch";

  /**
   * What the preload did.
   *
   * @param indexKeys {@code _id} keys read by the covered scan, 0 when it was skipped
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

  /**
   * @param keysApart whether the {@code _id} index is a file of its own to read (false: the
   *     document scan alone, which reads the keys with the documents)
   * @param progress told the keys and documents read so far, against twice the collection's
   *     estimated document count (once when the key scan is skipped)
   */
  public static Outcome run(
      MongoDatabase db, String collection, boolean keysApart, Progress progress) {
    return run(db, collection, keysApart, batchFor(averageBytes(db, collection)), progress);
  }

  /**
   * What one reader's batch may hold on the server at once: the stand-in materializes each batch's
   * whole documents before projecting them away, and 8 readers of 2,000 documents of 10 KB (160 MB)
   * ran its 128 MiB heap out in a far-over warm-up (ci-9, ci-17: exit 3).
   */
  static final long BATCH_BYTES = 2L << 20;

  /** Documents per batch for documents of {@code averageBytes} (0: unknown): 100 to 2,000. */
  static int batchFor(double averageBytes) {
    if (!(averageBytes > 0)) {
      return BATCH_DOCUMENTS;
    }
    return (int) Math.max(100, Math.min(BATCH_DOCUMENTS, BATCH_BYTES / averageBytes));
  }

  /** The collection's mean document size from {@code collStats}, or 0 when it does not say. */
  private static double averageBytes(MongoDatabase db, String collection) {
    try {
      Object size = db.runCommand(new Document("collStats", collection)).get("avgObjSize");
      return size instanceof Number n ? n.doubleValue() : 0;
    } catch (RuntimeException e) {
      return 0; // a server without collStats: the fixed batch
    }
  }

  static Outcome run(
      MongoDatabase db,
      String collection,
      boolean keysApart,
      int batchDocuments,
      Progress progress) {
    long t0 = System.nanoTime();
    MongoCollection<Document> c = db.getCollection(collection);
    long total = c.estimatedDocumentCount() * (keysApart ? 2 : 1);
    // One bar for both scans: keys, then documents.
    AtomicLong keysRead = new AtomicLong();
    AtomicLong nextShownNanos = new AtomicLong();
    ShownProgress shown =
        read -> {
          long now = System.nanoTime();
          long due = nextShownNanos.get();
          // About twice a second, and from one reader at a time: a progress bar is not thread-safe.
          if (now >= due && nextShownNanos.compareAndSet(due, now + 500_000_000L)) {
            synchronized (nextShownNanos) {
              progress.update(keysRead.get() + read, total, (now - t0) / 1_000_000);
            }
          }
        };
    CacheWatch full = new CacheWatch(db);
    long keys = 0;
    String refusal = null;
    List<KeyRange> ranges = List.of(KeyRange.ALL);
    try {
      ranges = KeyRange.split(c);
      if (keysApart) {
        keys = readAll(c, ranges, batchDocuments, true, full, shown);
        keysRead.set(keys);
      }
    } catch (RuntimeException e) {
      // A server without hints (or covered scans) still loads the keys with the documents.
      refusal = String.valueOf(e.getMessage());
    }
    long documents = readAll(c, ranges, batchDocuments, false, full, shown);
    long elapsedNanos = System.nanoTime() - t0;
    // The bar ends where the scans did: a preload shorter than the half-second gap, or one whose
    // first range was empty, would otherwise show nothing or zero.
    synchronized (nextShownNanos) {
      progress.update(keys + documents, total, elapsedNanos / 1_000_000);
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
      find =
          keysOnly
              ? find.projection(Projections.include("_id")).hint(new Document("_id", 1))
              : find.projection(Projections.include("_id", FETCH_FIELD));
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

  private static Thread daemon(Runnable r) {
    Thread t = new Thread(r, "preload");
    t.setDaemon(true);
    return t;
  }

  @FunctionalInterface
  private interface ShownProgress {
    void read(long documents);
  }
}
