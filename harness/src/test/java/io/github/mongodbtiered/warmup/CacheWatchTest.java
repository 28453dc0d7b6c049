package io.github.mongodbtiered.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Given a cache that fills up, when the scan asks whether to stop, then the page cache decides. */
class CacheWatchTest {
  private static final long MAX = 1L << 30;

  private final AtomicInteger looks = new AtomicInteger();
  private final AtomicInteger asked = new AtomicInteger();
  private volatile long usedBytes = MAX / 10;

  private CacheWatch watch(boolean pageCacheHoldsTheFiles) {
    return new CacheWatch(
        () -> {
          looks.incrementAndGet();
          return new WiredTigerCacheStats(null, null, null, MAX, usedBytes, null, null, null);
        },
        () -> {
          asked.incrementAndGet();
          return pageCacheHoldsTheFiles;
        },
        0);
  }

  @Test
  void aFullCacheStopsTheScanWhenThePageCacheNoLongerHoldsTheFiles() {
    CacheWatch w = watch(false);
    assertFalse(w.check(), "a cache at 10% is not full");
    assertEquals(0, asked.get(), "nothing to decide before the cache is full");

    usedBytes = MAX;
    assertTrue(w.check());
    assertTrue(w.full());
    assertFalse(w.readOnPastFull());
    assertEquals(1, asked.get());
  }

  @Test
  void aFullCacheLetsTheScanReadOnWhenThePageCacheHoldsTheFilesAndIsDecidedOnce() {
    CacheWatch w = watch(true);
    usedBytes = MAX;
    assertFalse(w.check());
    assertFalse(w.full());
    assertTrue(w.readOnPastFull());

    int looked = looks.get();
    for (int i = 0; i < 5; i++) {
      assertFalse(w.check(), "the scan reads on to the end");
    }
    assertEquals(looked, looks.get(), "no more serverStatus once decided");
    assertEquals(1, asked.get(), "the page cache is asked once");
  }
}
