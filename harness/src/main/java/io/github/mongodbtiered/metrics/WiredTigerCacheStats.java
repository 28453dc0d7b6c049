package io.github.mongodbtiered.metrics;

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
 * @param pagesEvictedByAppThreads {@code wiredTiger.cache["pages evicted by application threads"]}:
 *     non-zero means eviction fell behind and operations paid for it (counter)
 * @param blockManagerBytesRead {@code wiredTiger["block-manager"]["bytes read"]}: compressed bytes
 *     WiredTiger read from its files, i.e. asked the file system for (counter)
 * @param blockManagerBlocksRead {@code wiredTiger["block-manager"]["blocks read"]}: the reads
 *     WiredTiger made from its files, one per block (page), i.e. the read calls it asked the file
 *     system for (counter)
 */
public record WiredTigerCacheStats(
    Long bytesReadIntoCache,
    Long pagesReadIntoCache,
    Long pagesRequestedFromCache,
    Long cacheMaxBytes,
    Long cacheUsedBytes,
    Long pagesEvictedByAppThreads,
    Long blockManagerBytesRead,
    Long blockManagerBlocksRead) {

  /** The figures in a {@code serverStatus} reply; missing sections or keys give nulls. */
  public static WiredTigerCacheStats from(Document serverStatus) {
    Document wt = section(serverStatus, "wiredTiger");
    Document cache = section(wt, "cache");
    Document blocks = section(wt, "block-manager");
    return new WiredTigerCacheStats(
        Counters.toLong(cache.get("bytes read into cache")),
        Counters.toLong(cache.get("pages read into cache")),
        Counters.toLong(cache.get("pages requested from the cache")),
        Counters.toLong(cache.get("maximum bytes configured")),
        Counters.toLong(cache.get("bytes currently in the cache")),
        Counters.toLong(cache.get("pages evicted by application threads")),
        Counters.toLong(blocks.get("bytes read")),
        Counters.toLong(blocks.get("blocks read")));
  }

  private static Document section(Document parent, String key) {
    return parent.get(key) instanceof Document d ? d : new Document();
  }

  /**
   * The change from {@code before} to this snapshot: counters become differences, gauges keep this
   * (the later) snapshot's value. A counter is null when either side is unknown or it went
   * backwards (the server restarted in between).
   */
  public WiredTigerCacheStats since(WiredTigerCacheStats before) {
    return new WiredTigerCacheStats(
        Counters.delta(bytesReadIntoCache, before.bytesReadIntoCache),
        Counters.delta(pagesReadIntoCache, before.pagesReadIntoCache),
        Counters.delta(pagesRequestedFromCache, before.pagesRequestedFromCache),
        cacheMaxBytes,
        cacheUsedBytes,
        Counters.delta(pagesEvictedByAppThreads, before.pagesEvictedByAppThreads),
        Counters.delta(blockManagerBytesRead, before.blockManagerBytesRead),
        Counters.delta(blockManagerBlocksRead, before.blockManagerBlocksRead));
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
