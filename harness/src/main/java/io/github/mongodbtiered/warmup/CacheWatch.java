package io.github.mongodbtiered.warmup;

import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.bson.Document;

/** Whether the WiredTiger cache is full, asked of the server at most every half second. */
final class CacheWatch {
  private static final long CHECK_NANOS = 500_000_000L;

  private final MongoDatabase db;
  private final CacheFull rule = new CacheFull();
  private final AtomicBoolean full = new AtomicBoolean();
  private final AtomicLong nextCheckNanos = new AtomicLong(System.nanoTime() + CHECK_NANOS);

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
        && nextCheckNanos.compareAndSet(due, System.nanoTime() + CHECK_NANOS)) {
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
