package io.github.mongodbtiered.metrics;

import io.github.mongodbtiered.results.Metric;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The notes that say where a cell's server figures and sizes came from: which statistic answered
 * where the server's names changed, which figure no name answered (naming the server's version),
 * why a router leaves the server figures empty, and which command gave the sizes. A pure function
 * of the readings, so each rule is tested without a server.
 */
public final class StatisticNotes {
  private StatisticNotes() {}

  /**
   * Each column read from WiredTiger's statistics alone, and its value ({@code fs_bytes_requested}
   * is not one: without the block manager's count it falls back to the process's reads).
   */
  static final Map<Metric, Function<WiredTigerCacheStats, Long>> WT_FIGURES = figures();

  static final Map<Metric, String> WT_NAMES =
      Map.of(
          Metric.WT_CACHE_MAX_BYTES, "cache[\"maximum bytes configured\"]",
          Metric.WT_CACHE_USED_BYTES, "cache[\"bytes currently in the cache\"]",
          Metric.WT_BYTES_READ_INTO_CACHE, "cache[\"bytes read into cache\"]",
          Metric.WT_PAGES_READ_INTO_CACHE, "cache[\"pages read into cache\"]",
          Metric.WT_PAGES_REQUESTED, "cache[\"pages requested from the cache\"]",
          Metric.WT_APP_THREAD_EVICTIONS,
              "cache["
                  + AppEvictionSource.PAGES_EVICTED.statistics()
                  + "] or cache["
                  + AppEvictionSource.ATTEMPTS_LESS_FAILURES.statistics()
                  + "]",
          Metric.FS_READ_OPS_REQUESTED, "block-manager[\"blocks read\"]");

  private static Map<Metric, Function<WiredTigerCacheStats, Long>> figures() {
    Map<Metric, Function<WiredTigerCacheStats, Long>> m = new LinkedHashMap<>();
    m.put(Metric.WT_CACHE_MAX_BYTES, WiredTigerCacheStats::cacheMaxBytes);
    m.put(Metric.WT_CACHE_USED_BYTES, WiredTigerCacheStats::cacheUsedBytes);
    m.put(Metric.WT_BYTES_READ_INTO_CACHE, WiredTigerCacheStats::bytesReadIntoCache);
    m.put(Metric.WT_PAGES_READ_INTO_CACHE, WiredTigerCacheStats::pagesReadIntoCache);
    m.put(Metric.WT_PAGES_REQUESTED, WiredTigerCacheStats::pagesRequestedFromCache);
    m.put(Metric.WT_APP_THREAD_EVICTIONS, WiredTigerCacheStats::pagesEvictedByAppThreads);
    m.put(Metric.FS_READ_OPS_REQUESTED, WiredTigerCacheStats::blockManagerBlocksRead);
    return m;
  }

  /**
   * The notes for one cell.
   *
   * @param after the server's snapshot after the run (its statistics' names are the run's)
   * @param sizes the sizes read after the run
   * @param sizesFallback why the better size sources failed, or null
   */
  public static List<String> of(ServerSnapshot after, DataSizes sizes, String sizesFallback) {
    List<String> notes = new ArrayList<>();
    ServerIdentity server = after.server();
    String who = server == null ? "the server" : server.label();
    List<String> sources = new ArrayList<>();
    WiredTigerCacheStats wt = after.wiredTiger();
    boolean wtReported = !after.fromRouter() && wt != null && wt.anyReported();
    // Only a source other than the long-standing one is said: every cell would say it otherwise.
    if (wtReported && wt.appEvictionSource() == AppEvictionSource.ATTEMPTS_LESS_FAILURES) {
      sources.add(
          Metric.WT_APP_THREAD_EVICTIONS.column()
              + " from cache["
              + wt.appEvictionSource().statistics()
              + "]");
    }
    String sizesSource = sizes(sizes, sizesFallback);
    if (sizesSource != null) {
      sources.add(sizesSource);
    }
    if (!sources.isEmpty()) {
      notes.add("statistics of " + who + ": " + String.join("; ", sources));
    }
    if (after.fromRouter() && after.fromShards()) {
      notes.addAll(ShardNotes.of(after));
    } else if (after.fromRouter()) {
      notes.add(router(server));
    } else if (wtReported) {
      notes.addAll(missing(wt, who));
    }
    if (sizes.liveBytesOverFile() != null) {
      notes.add(
          Metric.FILE_LIVE_BYTES.column()
              + " capped at storage + index bytes ("
              + sizes.liveBytes()
              + "): the files' block-manager sizes less their reusable bytes came to "
              + (sizes.liveBytes() + sizes.liveBytesOverFile())
              + ", read at another moment than storageSize");
    }
    return notes;
  }

  /** Through a router: which columns stay empty, and why. */
  static String router(ServerIdentity router) {
    return "server figures unavailable through a router ("
        + router.label()
        + ", process "
        + router.process()
        + "): mongos has no WiredTiger cache and no data disk of its own, so cache and disk figures"
        + " are left empty rather than computed from part of the data: "
        + RunMetrics.SERVER_FIGURES.stream().map(Metric::column).collect(Collectors.joining(", "))
        + " (give each shard's URL with --shard-url to read the cache figures from the shards)";
  }

  /** Each figure no name gave, on a server that reports WiredTiger's statistics. */
  private static List<String> missing(WiredTigerCacheStats wt, String who) {
    List<String> notes = new ArrayList<>();
    for (Map.Entry<Metric, Function<WiredTigerCacheStats, Long>> f : WT_FIGURES.entrySet()) {
      if (f.getValue().apply(wt) == null) {
        notes.add(
            f.getKey().column()
                + " empty: "
                + who
                + " reports no wiredTiger."
                + WT_NAMES.get(f.getKey()));
      }
    }
    return notes;
  }

  /** Which command gave the sizes, over how many shards, and why not a better one. */
  private static String sizes(DataSizes sizes, String fallback) {
    String why = fallback == null ? "" : " (" + fallback + ")";
    if (sizes.source() == null) {
      return fallback == null ? null : "no sizes" + why;
    }
    if (sizes.source() != SizesSource.DB_STATS && sizes.shards() <= 1) {
      return null; // $collStats or collStats: the same figures, nothing lost to say
    }
    String from = "sizes from " + sizes.source().label();
    if (sizes.shards() > 1) {
      from += ", " + sizes.shards() + " shards added up";
    }
    if (sizes.source() == SizesSource.DB_STATS) {
      from += "; the whole database, and no live bytes: the prediction uses the file size";
    }
    return from + why;
  }
}
