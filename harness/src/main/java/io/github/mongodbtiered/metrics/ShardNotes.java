package io.github.mongodbtiered.metrics;

import io.github.mongodbtiered.results.Metric;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The notes of a cell measured through a router whose shards were read beside it ({@code
 * --shard-url}): where the figures came from and how they combine, which shard did not answer or
 * lacks a figure (leaving the sum empty), and that this host's disk figures do not apply.
 */
final class ShardNotes {
  private ShardNotes() {}

  static List<String> of(ServerSnapshot after) {
    List<ShardStatus> shards = after.shards();
    List<String> notes = new ArrayList<>();
    notes.add(sources(shards));
    for (ShardStatus s : shards) {
      if (s.failure() != null) {
        notes.add(
            s.who()
                + " did not answer serverStatus ("
                + s.failure()
                + "): every WiredTiger figure left empty rather than summed over the other shards");
      }
    }
    List<ShardStatus> answered = shards.stream().filter(s -> s.failure() == null).toList();
    notes.addAll(lacking(answered));
    String evictions = evictionNames(answered);
    if (evictions != null) {
      notes.add(evictions);
    }
    return notes;
  }

  /** Each figure some shard that answered does not report, naming those shards. */
  private static List<String> lacking(List<ShardStatus> answered) {
    List<String> notes = new ArrayList<>();
    for (Map.Entry<Metric, Function<WiredTigerCacheStats, Long>> f :
        StatisticNotes.WT_FIGURES.entrySet()) {
      String lacking =
          answered.stream()
              .filter(s -> f.getValue().apply(s.wiredTiger()) == null)
              .map(ShardStatus::who)
              .collect(Collectors.joining(", "));
      if (!lacking.isEmpty()) {
        notes.add(
            f.getKey().column()
                + (hitRatioInput(f.getKey()) ? " and " + Metric.WT_HIT_RATIO.column() : "")
                + " empty: "
                + lacking
                + " reports no wiredTiger."
                + StatisticNotes.WT_NAMES.get(f.getKey())
                + ", and a sum over the other shards would pass for the whole cluster");
      }
    }
    return notes;
  }

  /** Which shards, how their figures combine, and which columns cannot be had from here. */
  private static String sources(List<ShardStatus> shards) {
    return "server figures from "
        + shards.size()
        + " shards' serverStatus (--shard-url): "
        + shards.stream().map(ShardStatus::who).collect(Collectors.joining(", "))
        + "; counters and cache bytes (used and configured) added up over the shards, "
        + Metric.WT_HIT_RATIO.column()
        + " recomputed from the added-up pages, never an average of the shards' ratios; this"
        + " host's disk figures do not apply to remote shards and stay empty: "
        + RunMetrics.HOST_DISK_FIGURES.stream()
            .map(Metric::column)
            .collect(Collectors.joining(", "));
  }

  private static boolean hitRatioInput(Metric m) {
    return m == Metric.WT_PAGES_READ_INTO_CACHE || m == Metric.WT_PAGES_REQUESTED;
  }

  /**
   * Said when the evictions came under 8.0.16+'s names, or under different names on different
   * shards (a cluster mid-upgrade: not added up). Null when every shard used the long-standing
   * name.
   */
  private static String evictionNames(List<ShardStatus> answered) {
    List<AppEvictionSource> sources =
        answered.stream()
            .map(s -> s.wiredTiger().appEvictionSource())
            .filter(Objects::nonNull)
            .distinct()
            .toList();
    if (sources.size() > 1) {
      return Metric.WT_APP_THREAD_EVICTIONS.column()
          + " empty: the shards name it differently ("
          + answered.stream()
              .map(s -> s.who() + ": cache[" + name(s.wiredTiger().appEvictionSource()) + "]")
              .collect(Collectors.joining(", "))
          + "), as in a cluster mid-upgrade; not added up";
    }
    if (sources.equals(List.of(AppEvictionSource.ATTEMPTS_LESS_FAILURES))) {
      return Metric.WT_APP_THREAD_EVICTIONS.column()
          + " from cache["
          + AppEvictionSource.ATTEMPTS_LESS_FAILURES.statistics()
          + "] on each shard";
    }
    return null;
  }

  private static String name(AppEvictionSource s) {
    return s == null ? "none" : s.statistics();
  }
}
