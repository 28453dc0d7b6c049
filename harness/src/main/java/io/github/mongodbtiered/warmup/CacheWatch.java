package io.github.mongodbtiered.warmup;

import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;
import org.bson.Document;

/**
 * Whether a scan should stop because the WiredTiger cache is full, asked of the server at most
 * every half second. Once the cache is full it asks {@code readOn} once: when that says yes the
 * scan goes on to the end, and {@link #readOnPastFull} says so.
 */
final class CacheWatch {
  private static final long CHECK_NANOS = 500_000_000L;

  private final Supplier<WiredTigerCacheStats> stats;
  private final BooleanSupplier readOn;
  private final CacheFull rule = new CacheFull();
  private final AtomicBoolean full = new AtomicBoolean();
  private final AtomicBoolean decided = new AtomicBoolean();
  private final long checkNanos;
  private final AtomicLong nextCheckNanos;

  CacheWatch(MongoDatabase db, BooleanSupplier readOn) {
    this(
        () -> WiredTigerCacheStats.from(db.runCommand(new Document("serverStatus", 1))),
        readOn,
        CHECK_NANOS);
  }

  CacheWatch(Supplier<WiredTigerCacheStats> stats, BooleanSupplier readOn, long checkNanos) {
    this.stats = stats;
    this.readOn = readOn;
    this.checkNanos = checkNanos;
    this.nextCheckNanos = new AtomicLong(System.nanoTime() + checkNanos);
  }

  /** Whether a scan stopped at the full cache. */
  boolean full() {
    return full.get();
  }

  /** Whether the cache became full and the scans were told to read on. */
  boolean readOnPastFull() {
    return decided.get() && !full.get();
  }

  /** True once the cache was found full; asks the server when the last look is old enough. */
  boolean check() {
    long due = nextCheckNanos.get();
    if (!decided.get()
        && System.nanoTime() >= due
        && nextCheckNanos.compareAndSet(due, System.nanoTime() + checkNanos)) {
      WiredTigerCacheStats s;
      try {
        s = stats.get();
      } catch (RuntimeException e) {
        return false; // the scan itself will say if the server is gone
      }
      synchronized (rule) {
        if (!decided.get() && rule.add(System.nanoTime(), s.cacheUsedBytes(), s.cacheMaxBytes())) {
          full.set(!readOn.getAsBoolean());
          decided.set(true);
        }
      }
    }
    return full.get();
  }
}
