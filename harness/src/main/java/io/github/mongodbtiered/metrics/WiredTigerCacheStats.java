package io.github.mongodbtiered.metrics;

import java.util.List;
import org.bson.Document;

/**
 * WiredTiger cache figures from one {@code serverStatus} reply, or (from {@link #since}) their
 * change over a run. Each field is null when the server does not report it: a server without
 * WiredTiger (e.g. the stand-in) has no {@code wiredTiger} section at all.
 *
 * <p>The study's use: a run whose {@link #hitRatio()} is 100% never left the WiredTiger cache, so
 * the working set fits in it; below that, pages come from the file system cache or the disk.
 *
 * @param bytesReadIntoCache {@code wiredTiger.cache["bytes read into cache"]}: uncompressed bytes
 *     of the pages read from the data files (counter)
 * @param pagesReadIntoCache {@code wiredTiger.cache["pages read into cache"]} (counter)
 * @param pagesRequestedFromCache {@code wiredTiger.cache["pages requested from the cache"]}: every
 *     page access, hit or miss (counter)
 * @param cacheMaxBytes {@code wiredTiger.cache["maximum bytes configured"]} (gauge)
 * @param cacheUsedBytes {@code wiredTiger.cache["bytes currently in the cache"]} (gauge)
 * @param pagesEvictedByAppThreads pages application threads evicted: non-zero means eviction fell
 *     behind and operations paid for it (counter); from the statistics {@code appEvictionSource}
 *     names
 * @param blockManagerBytesRead {@code wiredTiger["block-manager"]["bytes read"]}: compressed bytes
 *     WiredTiger read from its files, i.e. asked the file system for (counter)
 * @param blockManagerBlocksRead {@code wiredTiger["block-manager"]["blocks read"]}: the reads
 *     WiredTiger made from its files, one per block (page), i.e. the read calls it asked the file
 *     system for (counter)
 * @param appEvictionSource which statistics gave {@code pagesEvictedByAppThreads}; null when none
 *     did
 */
public record WiredTigerCacheStats(
    Long bytesReadIntoCache,
    Long pagesReadIntoCache,
    Long pagesRequestedFromCache,
    Long cacheMaxBytes,
    Long cacheUsedBytes,
    Long pagesEvictedByAppThreads,
    Long blockManagerBytesRead,
    Long blockManagerBlocksRead,
    AppEvictionSource appEvictionSource) {

  /** The figures, with the evictions (when known) read under their 6.0-8.0.15 name. */
  public WiredTigerCacheStats(
      Long bytesReadIntoCache,
      Long pagesReadIntoCache,
      Long pagesRequestedFromCache,
      Long cacheMaxBytes,
      Long cacheUsedBytes,
      Long pagesEvictedByAppThreads,
      Long blockManagerBytesRead,
      Long blockManagerBlocksRead) {
    this(
        bytesReadIntoCache,
        pagesReadIntoCache,
        pagesRequestedFromCache,
        cacheMaxBytes,
        cacheUsedBytes,
        pagesEvictedByAppThreads,
        blockManagerBytesRead,
        blockManagerBlocksRead,
        pagesEvictedByAppThreads == null ? null : AppEvictionSource.PAGES_EVICTED);
  }

  /**
   * The figures in a {@code serverStatus} reply; missing sections or keys give nulls. The names are
   * WiredTiger's statistic descriptions (dist/stat_data.py), the same from MongoDB 6.0 to 8.x but
   * for the application threads' evictions: see {@link AppEvictionSource}.
   */
  public static WiredTigerCacheStats from(Document serverStatus) {
    Document wt = section(serverStatus, "wiredTiger");
    Document cache = section(wt, "cache");
    Document blocks = section(wt, "block-manager");
    AppEvictionSource source = appEvictionSource(cache);
    Long evicted = appEvictions(cache, source);
    return new WiredTigerCacheStats(
        Counters.toLong(cache.get("bytes read into cache")),
        Counters.toLong(cache.get("pages read into cache")),
        Counters.toLong(cache.get("pages requested from the cache")),
        Counters.toLong(cache.get("maximum bytes configured")),
        Counters.toLong(cache.get("bytes currently in the cache")),
        evicted,
        Counters.toLong(blocks.get("bytes read")),
        Counters.toLong(blocks.get("blocks read")),
        evicted == null ? null : source);
  }

  /** The old name first; where it is gone, attempts less failures, or null. */
  private static AppEvictionSource appEvictionSource(Document cache) {
    if (Counters.toLong(cache.get("pages evicted by application threads")) != null) {
      return AppEvictionSource.PAGES_EVICTED;
    }
    return Counters.toLong(cache.get("page evict attempts by application threads")) != null
        ? AppEvictionSource.ATTEMPTS_LESS_FAILURES
        : null;
  }

  private static Long appEvictions(Document cache, AppEvictionSource source) {
    if (source == null) {
      return null;
    }
    return switch (source) {
      case PAGES_EVICTED -> Counters.toLong(cache.get("pages evicted by application threads"));
      // An attempt that failed left the page in the cache; more failures than attempts is a
      // reply read mid-update (WiredTiger sums its counters without a lock): unknown.
      case ATTEMPTS_LESS_FAILURES ->
          Counters.delta(
              Counters.toLong(cache.get("page evict attempts by application threads")),
              Counters.toLong(cache.get("page evict failures by application threads")));
    };
  }

  private static Document section(Document parent, String key) {
    return parent.get(key) instanceof Document d ? d : new Document();
  }

  /**
   * The change from {@code before} to this snapshot: counters become differences, gauges keep this
   * (the later) snapshot's value. A counter is null when either side is unknown or it went
   * backwards (the server restarted in between); the evictions are null too when the two were read
   * under different names.
   */
  public WiredTigerCacheStats since(WiredTigerCacheStats before) {
    return new WiredTigerCacheStats(
        Counters.delta(bytesReadIntoCache, before.bytesReadIntoCache),
        Counters.delta(pagesReadIntoCache, before.pagesReadIntoCache),
        Counters.delta(pagesRequestedFromCache, before.pagesRequestedFromCache),
        cacheMaxBytes,
        cacheUsedBytes,
        appEvictionSource == before.appEvictionSource
            ? Counters.delta(pagesEvictedByAppThreads, before.pagesEvictedByAppThreads)
            : null,
        Counters.delta(blockManagerBytesRead, before.blockManagerBytesRead),
        Counters.delta(blockManagerBlocksRead, before.blockManagerBlocksRead),
        appEvictionSource);
  }

  /**
   * Several shards' figures as one server's: counters and cache bytes (used and configured) add up,
   * so that {@link #hitRatio()} on the sum is recomputed from all the shards' pages, never an
   * average of their ratios. A figure one shard lacks is null in the sum (a sum over part of the
   * shards would pass for the whole); so are the evictions when shards read them under different
   * names (a cluster mid-upgrade).
   */
  public static WiredTigerCacheStats sumOf(List<WiredTigerCacheStats> shards) {
    WiredTigerCacheStats s = shards.get(0);
    for (WiredTigerCacheStats t : shards.subList(1, shards.size())) {
      s =
          new WiredTigerCacheStats(
              Counters.sum(s.bytesReadIntoCache, t.bytesReadIntoCache),
              Counters.sum(s.pagesReadIntoCache, t.pagesReadIntoCache),
              Counters.sum(s.pagesRequestedFromCache, t.pagesRequestedFromCache),
              Counters.sum(s.cacheMaxBytes, t.cacheMaxBytes),
              Counters.sum(s.cacheUsedBytes, t.cacheUsedBytes),
              s.appEvictionSource == t.appEvictionSource
                  ? Counters.sum(s.pagesEvictedByAppThreads, t.pagesEvictedByAppThreads)
                  : null,
              Counters.sum(s.blockManagerBytesRead, t.blockManagerBytesRead),
              Counters.sum(s.blockManagerBlocksRead, t.blockManagerBlocksRead),
              s.appEvictionSource == t.appEvictionSource ? s.appEvictionSource : null);
    }
    return s;
  }

  /** Whether the reply had any of these figures, i.e. came from a server running WiredTiger. */
  public boolean anyReported() {
    return bytesReadIntoCache != null
        || pagesReadIntoCache != null
        || pagesRequestedFromCache != null
        || cacheMaxBytes != null
        || cacheUsedBytes != null
        || pagesEvictedByAppThreads != null
        || blockManagerBytesRead != null
        || blockManagerBlocksRead != null;
  }

  /**
   * The fraction of page requests the cache served without a read: {@code 1 - pagesReadIntoCache /
   * pagesRequestedFromCache}, clamped to [0, 1] (reads WiredTiger makes on its own, e.g. for
   * internal pages, can briefly outnumber requests). Null when either count is unknown or no page
   * was requested. Call it on a delta from {@link #since}; on a raw snapshot it covers the server's
   * whole uptime, load included.
   */
  public Double hitRatio() {
    if (pagesReadIntoCache == null
        || pagesRequestedFromCache == null
        || pagesRequestedFromCache <= 0) {
      return null;
    }
    return Counters.clampRatio(1 - (double) pagesReadIntoCache / pagesRequestedFromCache);
  }
}
