package io.github.mongodbtiered.warmup;

import com.mongodb.client.MongoCollection;
import com.mongodb.client.MongoCursor;
import com.mongodb.client.MongoDatabase;
import com.mongodb.client.model.Filters;
import com.mongodb.client.model.Projections;
import com.mongodb.client.model.Sorts;
import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import org.bson.BsonDocument;
import org.bson.Document;
import org.bson.conversions.Bson;

/**
 * Reads a cold server's data set through it once, so that its caches hold what they can before the
 * workload warm-up: first the {@code _id} index (a covered scan: projection and hint {@code _id}),
 * then every document, both in {@code _id} ranges of {@link #BATCH_DOCUMENTS} ({@code _id > last},
 * sorted by {@code _id}, limited), which MongoDB answers from the index and the stand-in from its
 * {@code _id}-keyed table, either way without sorting the collection in memory.
 *
 * <p>The document scan stops once the WiredTiger cache is {@link #FULL_CACHE} full: past that,
 * every page it reads evicts one it read before, and on a data set far over memory it would take as
 * long as reading the whole file. The pages the workload wants beyond the cache then reach the
 * filesystem cache during the workload warm-up, as they would in use.
 */
public final class Preload {
  static final int BATCH_DOCUMENTS = 2_000;
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
    long t0 = System.nanoTime();
    MongoCollection<Document> c = db.getCollection(collection);
    long keys = 0;
    String refusal = null;
    try {
      keys = scan(c, Projections.include("_id"), true, null);
    } catch (RuntimeException e) {
      // A server without hints (or covered scans) still loads the keys with the documents.
      refusal = String.valueOf(e.getMessage());
    }
    boolean[] full = new boolean[1];
    long documents = scan(c, null, false, () -> full[0] = cacheFull(db));
    return new Outcome(keys, documents, full[0], refusal, (System.nanoTime() - t0) / 1e9);
  }

  /**
   * Reads the collection in {@code _id} order, batch by batch.
   *
   * @param stop asked about every half second; true ends the scan
   * @return the documents (or keys) read
   */
  private static long scan(
      MongoCollection<Document> c, Bson projection, boolean hintId, StopCheck stop) {
    long read = 0;
    Object last = null;
    long nextCheck = System.nanoTime() + CACHE_CHECK_NANOS;
    while (true) {
      Bson filter = last == null ? new BsonDocument() : Filters.gt("_id", last);
      var find =
          c.find(filter)
              .sort(Sorts.ascending("_id"))
              .limit(BATCH_DOCUMENTS)
              .batchSize(BATCH_DOCUMENTS);
      if (projection != null) {
        find = find.projection(projection);
      }
      if (hintId) {
        find = find.hint(new Document("_id", 1));
      }
      int inBatch = 0;
      try (MongoCursor<Document> cursor = find.iterator()) {
        while (cursor.hasNext()) {
          last = cursor.next().get("_id");
          inBatch++;
        }
      }
      read += inBatch;
      if (inBatch < BATCH_DOCUMENTS) {
        return read;
      }
      if (stop != null && System.nanoTime() >= nextCheck) {
        nextCheck = System.nanoTime() + CACHE_CHECK_NANOS;
        if (stop.stop()) {
          return read;
        }
      }
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

  @FunctionalInterface
  private interface StopCheck {
    boolean stop();
  }
}
