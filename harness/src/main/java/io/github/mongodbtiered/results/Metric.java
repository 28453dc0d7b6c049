package io.github.mongodbtiered.results;

import static io.github.mongodbtiered.results.Metric.FleetRule.CLIENT_COUNT;
import static io.github.mongodbtiered.results.Metric.FleetRule.DROPPED;
import static io.github.mongodbtiered.results.Metric.FleetRule.EARLIEST;
import static io.github.mongodbtiered.results.Metric.FleetRule.FASTEST_CLIENT;
import static io.github.mongodbtiered.results.Metric.FleetRule.FLEET_SUM;
import static io.github.mongodbtiered.results.Metric.FleetRule.OPS_WEIGHTED_MEAN;
import static io.github.mongodbtiered.results.Metric.FleetRule.SERVER_PART;
import static io.github.mongodbtiered.results.Metric.FleetRule.SLOWEST_CLIENT;
import static io.github.mongodbtiered.results.Metric.FleetRule.START_SPREAD;
import static io.github.mongodbtiered.results.Metric.FleetRule.SUM;
import static io.github.mongodbtiered.results.Metric.RepeatRule.FIRST;
import static io.github.mongodbtiered.results.Metric.RepeatRule.MEAN;
import static io.github.mongodbtiered.results.Metric.RepeatRule.RECOMPUTED;

/**
 * Every per-cell figure besides throughput and latency, each described once: its CSV column (whose
 * name carries the unit), unit, decimals in the CSV, what it is, and how a cell's repeats ({@link
 * RepeatRule}) and a fleet's clients ({@link FleetRule}) combine it. A cell holds each as a Double,
 * or null when it could not be measured (e.g. the stand-in server reports no WiredTiger
 * statistics): the CSV then leaves the cell empty, never 0.
 *
 * <p>The table is long because it is the one place a metric is described: the CSV, the repeats and
 * the fleet merge read it rather than each keeping its own list of names.
 *
 * <p>The constants' names are the keys of a cell's saved JSON: renaming one makes older cells
 * unreadable.
 */
public enum Metric {
  LOAD_RECORDS_PER_SEC(
      "load_records_per_sec",
      Unit.RECORDS_PER_SEC,
      1,
      MEAN,
      FLEET_SUM,
      "records per second of the load step that brought the data set to this cell's count"),
  DATA_BYTES("data_bytes", Unit.BYTES, 0, MEAN, SERVER_PART, "the collection's data size"),
  INDEX_BYTES("index_bytes", Unit.BYTES, 0, MEAN, SERVER_PART, "the collection's indexes' size"),
  STORAGE_BYTES(
      "storage_bytes",
      Unit.BYTES,
      0,
      MEAN,
      SERVER_PART,
      "storage the collection's file takes, free space included"),
  /**
   * Each file's size less WiredTiger's "file bytes available for reuse" (space freed by deletes,
   * updates and checkpoints, which no reader touches). Can be far below {@code storage_bytes +
   * index_bytes} after a load.
   */
  FILE_LIVE_BYTES(
      "file_live_bytes",
      Unit.BYTES,
      0,
      MEAN,
      SERVER_PART,
      "the data files' live bytes, collection and indexes"),
  WT_CACHE_MAX_BYTES(
      "wt_cache_max_bytes", Unit.BYTES, 0, MEAN, SERVER_PART, "WiredTiger's configured cache size"),
  WT_CACHE_USED_BYTES(
      "wt_cache_used_bytes", Unit.BYTES, 0, MEAN, SERVER_PART, "WiredTiger cache in use"),
  WT_BYTES_READ_INTO_CACHE(
      "wt_bytes_read_into_cache", Unit.BYTES, 0, MEAN, SERVER_PART, "bytes read into the cache"),
  WT_PAGES_READ_INTO_CACHE(
      "wt_pages_read_into_cache", Unit.PAGES, 0, MEAN, SERVER_PART, "pages read into the cache"),
  WT_PAGES_REQUESTED(
      "wt_pages_requested_from_cache",
      Unit.PAGES,
      0,
      MEAN,
      SERVER_PART,
      "pages requested from the cache"),
  WT_HIT_RATIO(
      "wt_hit_ratio",
      Unit.RATIO,
      6,
      MEAN,
      SERVER_PART,
      "1 - pages read into cache / pages requested from the cache, over the run"),
  WT_APP_THREAD_EVICTIONS(
      "wt_pages_evicted_by_app_threads",
      Unit.PAGES,
      0,
      MEAN,
      SERVER_PART,
      "pages application threads had to evict themselves"),
  FS_BYTES_REQUESTED(
      "fs_bytes_requested",
      Unit.BYTES,
      0,
      MEAN,
      SERVER_PART,
      "bytes the storage engine asked the file system for (block manager, else the process rchar)"),
  DEVICE_BYTES_READ(
      "device_bytes_read",
      Unit.BYTES,
      0,
      MEAN,
      SERVER_PART,
      "bytes the server's reads took from the device (/proc/PID/io read_bytes or blkio counters)"),
  /** Read-ahead counts as device bytes, so this errs low; see {@link #FS_HIT_RATIO_OPS}. */
  FS_HIT_RATIO(
      "fs_hit_ratio",
      Unit.RATIO,
      6,
      MEAN,
      SERVER_PART,
      "1 - device bytes read / bytes requested from the file system"),
  FS_READ_OPS_REQUESTED(
      "fs_read_ops_requested",
      Unit.READS,
      0,
      MEAN,
      SERVER_PART,
      "reads the storage engine asked the file system for (WiredTiger block manager blocks read)"),
  DEVICE_READ_OPS(
      "device_read_ops",
      Unit.READS,
      0,
      MEAN,
      SERVER_PART,
      "read requests the server's cgroup issued to the data device (blkio io_serviced, io.stat)"),
  /** Unlike {@link #FS_HIT_RATIO} not inflated by read-ahead, which fetches many pages at once. */
  FS_HIT_RATIO_OPS(
      "fs_hit_ratio_ops",
      Unit.RATIO,
      6,
      MEAN,
      SERVER_PART,
      "1 - device read requests / reads requested from the file system"),
  DEVICE_READS_PER_SEC(
      "device_reads_per_sec",
      Unit.READS_PER_SEC,
      1,
      MEAN,
      SERVER_PART,
      "the data device's completed reads per second"),
  DEVICE_AWAIT_MS(
      "device_await_ms",
      Unit.MS,
      3,
      MEAN,
      SERVER_PART,
      "the data device's mean time per request, queue included"),
  DEVICE_UTIL_PCT(
      "device_util_pct",
      Unit.PCT,
      1,
      MEAN,
      SERVER_PART,
      "share of the run the data device was busy"),
  CLIENT_CPU_US_PER_OP(
      "client_cpu_us_per_op",
      Unit.US_PER_OP,
      2,
      MEAN,
      OPS_WEIGHTED_MEAN,
      "CPU time of the client process per operation"),
  CLIENT_CPU_CORES(
      "client_cpu_cores",
      Unit.CORES,
      3,
      MEAN,
      SUM,
      "cores the client process kept busy on average (1.0 = one core)"),
  CLIENTS(
      "clients",
      Unit.CLIENTS,
      0,
      FIRST,
      CLIENT_COUNT,
      "clients that ran the cell side by side: a fleet's size (--clients), or merged ones"),
  CLIENT_INDEX(
      "client_index",
      Unit.INDEX,
      0,
      FIRST,
      DROPPED,
      "this client's index in its fleet (a client's own report; not in a merged one)"),
  CLIENT_OPS_PER_SEC_MIN(
      "client_ops_per_sec_min",
      Unit.OPS_PER_SEC,
      1,
      MEAN,
      SLOWEST_CLIENT,
      "the slowest client's throughput in a merged cell: with the fastest's, the fleet's balance"),
  CLIENT_OPS_PER_SEC_MAX(
      "client_ops_per_sec_max",
      Unit.OPS_PER_SEC,
      1,
      MEAN,
      FASTEST_CLIENT,
      "the fastest client's throughput in a merged cell"),
  CLIENT_START_SPREAD_MS(
      "client_start_spread_ms",
      Unit.MS,
      0,
      MEAN,
      START_SPREAD,
      "ms between the first and the last client's start of the measured run (merged)"),
  RUN_STARTED_EPOCH_MS(
      "run_started_epoch_ms",
      Unit.EPOCH_MS,
      0,
      FIRST,
      EARLIEST,
      "when the measured run started (this client's clock; the first repeat's)"),
  WARMUP_PRELOAD_S(
      "warmup_preload_s",
      Unit.S,
      1,
      MEAN,
      SERVER_PART,
      "the preload's time before the warm-up: the page cache fill (page_cache_fill_s), then a pass"
          + " over the _id index and the documents"),
  WARMUP_S(
      "warmup_s",
      Unit.S,
      1,
      MEAN,
      SERVER_PART,
      "the workload warm-up's time: until the steady state, at most --warmup"),
  /** Absent where the target throttles nothing. */
  WARMUP_LIFTED_S(
      "warmup_lifted_s",
      Unit.S,
      1,
      MEAN,
      SERVER_PART,
      "the part of the warm-up that ran with the disk limits lifted, filling the caches"),
  STEADY_STATE(
      "steady_state",
      Unit.FLAG,
      0,
      RepeatRule.LOWEST,
      FleetRule.LOWEST,
      "the workload warm-up reached the steady state (else --warmup ran out first)"),
  /** A significant drift beyond 10% makes the cell not steady. */
  RUN_DRIFT_PCT(
      "run_drift_pct",
      Unit.PCT,
      1,
      MEAN,
      SERVER_PART,
      "the run's fitted throughput change, first batch to last, in % of its mean (variation.Drift)"),
  /** Student-t over the repeats' means, or with one repeat over the run's batch means. */
  OPS_PER_SEC_CI95_LOW(
      "ops_per_sec_ci95_low",
      Unit.OPS_PER_SEC,
      1,
      RECOMPUTED,
      SERVER_PART,
      "lower end of the 95% confidence interval of the throughput"),
  OPS_PER_SEC_CI95_HIGH(
      "ops_per_sec_ci95_high",
      Unit.OPS_PER_SEC,
      1,
      RECOMPUTED,
      SERVER_PART,
      "upper end of that interval"),
  OPS_PER_SEC_CV_PCT(
      "ops_per_sec_cv_pct",
      Unit.PCT,
      1,
      RECOMPUTED,
      SERVER_PART,
      "coefficient of variation of the samples the interval came from, in % of their mean"),
  P99_MS_LOW(
      "p99_ms_low",
      Unit.MS,
      3,
      RECOMPUTED,
      SERVER_PART,
      "lowest p99 of the main operation over the run's batches, or over the repeats"),
  P99_MS_HIGH(
      "p99_ms_high",
      Unit.MS,
      3,
      RECOMPUTED,
      SERVER_PART,
      "highest p99 of the main operation over the run's batches, or over the repeats"),
  INTERVALS(
      "intervals",
      Unit.INTERVALS,
      0,
      RECOMPUTED,
      SERVER_PART,
      "full one-second intervals measured, all repeats together (the last, partial one left out)"),
  REPEATS(
      "repeats",
      Unit.RUNS,
      0,
      RECOMPUTED,
      SERVER_PART,
      "measured runs of the cell, each from a cold start (--repeats)"),
  UNSTABLE(
      "unstable",
      Unit.FLAG,
      0,
      RECOMPUTED,
      SERVER_PART,
      "the coefficient of variation is above the documented threshold"),
  // Where the time went (results.TimeBreakdown sums them for the sweep).
  LOAD_S(
      "load_s",
      Unit.S,
      1,
      FIRST,
      SERVER_PART,
      "seconds of the load step that brought the data set to this cell's count, its loading"
          + " server's start and stop included (the same in each cell of the row)"),
  CELL_S(
      "cell_s",
      Unit.S,
      1,
      RepeatRule.SUM,
      SERVER_PART,
      "the cell's wall-clock seconds, from its server's start to its stop, every repeat (with"
          + " --alternate, its own part of each round: its server's start, warm-up and stop and its"
          + " share of the run the servers alternated in)"),
  SERVER_START_S(
      "server_start_s",
      Unit.S,
      1,
      MEAN,
      SERVER_PART,
      "seconds to start the cell's server cold: its volume mounted, the page cache dropped, the"
          + " server answering"),
  SERVER_STOP_S(
      "server_stop_s",
      Unit.S,
      1,
      MEAN,
      SERVER_PART,
      "seconds to stop the cell's server and release its volume"),
  PAGE_CACHE_FILL_S(
      "page_cache_fill_s",
      Unit.S,
      1,
      MEAN,
      SERVER_PART,
      "the part of warmup_preload_s spent reading the data files into the page cache"),
  /**
   * Set only through a router with {@code --shard-url}; the cell's notes name the shards. Last, so
   * that the saved cells of older reports keep their keys' order.
   */
  WT_SHARDS(
      "wt_shards",
      Unit.SHARDS,
      0,
      FIRST,
      SERVER_PART,
      "shards whose serverStatus the wt_ and fs_ figures add up (--shard-url); empty for one server"),
  BURST_CREDITS_START(
      "burst_credits_start",
      Unit.CREDITS,
      0,
      FIRST,
      SERVER_PART,
      "the volume's burst credits when the measured run began; empty for a volume without a"
          + " bucket"),
  BURST_CREDITS_END(
      "burst_credits_end",
      Unit.CREDITS,
      0,
      FIRST,
      SERVER_PART,
      "the volume's burst credits when the measured run ended"),
  BURST_ON_CREDITS_S(
      "burst_on_credits_s",
      Unit.S,
      1,
      MEAN,
      SERVER_PART,
      "seconds of the measured run the volume drew on its credits: ran above its baseline");

  /** Operations (or reads, or records) per second no deployment this tool measures comes near. */
  public static final double MAX_PER_SEC = 1e9;

  /**
   * The figures a measurement of this metric can give, both ends included: counts, bytes, times and
   * most percentages at least 0; ratios 0 to 1; rates 0 to {@link #MAX_PER_SEC}; a count of
   * clients, runs or shards at least 1; a flag 0 or 1. Two are signed: a fitted drift, and the low
   * end of a throughput interval, which a wide spread takes below 0. The device's %util has no
   * ceiling here: reports made before it was capped at 100 hold figures in the thousands. NaN (a
   * figure 0/0 left unworked) is outside every range and read as "not known" before a range is
   * asked.
   */
  public Range range() {
    return switch (this) {
      case RUN_DRIFT_PCT -> new Range(Double.NEGATIVE_INFINITY, Double.POSITIVE_INFINITY);
      case OPS_PER_SEC_CI95_LOW -> new Range(-MAX_PER_SEC, MAX_PER_SEC);
      default -> unit.range();
    };
  }

  /** A closed range of figures. */
  public record Range(double min, double max) {
    public boolean holds(double v) {
      return v >= min && v <= max;
    }

    /** In words, for a refusal: "from 0 to 1", "at least 0", "0 or 1". */
    public String describe() {
      String lo = figure(min);
      if (max == Double.POSITIVE_INFINITY) {
        return min == Double.NEGATIVE_INFINITY ? "any number" : "at least " + lo;
      }
      return "from " + lo + " to " + figure(max);
    }

    private static String figure(double v) {
      return Math.abs(v) >= 1e6
          ? String.format(java.util.Locale.ROOT, "%.0e", v)
          : v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
    }
  }

  /** What a metric counts or measures; its CSV column's name ends in it where it has a suffix. */
  public enum Unit {
    BYTES("bytes"),
    PAGES("pages"),
    READS("reads"),
    READS_PER_SEC("reads/s"),
    RECORDS_PER_SEC("records/s"),
    OPS_PER_SEC("ops/s"),
    /** A fraction of 1: 1 is every request served from the cache. */
    RATIO("ratio"),
    PCT("%"),
    MS("ms"),
    S("s"),
    US_PER_OP("us/op"),
    CORES("cores"),
    /** Milliseconds since the epoch. */
    EPOCH_MS("epoch ms"),
    CLIENTS("clients"),
    INDEX("index"),
    INTERVALS("intervals"),
    RUNS("runs"),
    SHARDS("shards"),
    /** A burst bucket's I/O credits: one is spent per I/O. */
    CREDITS("I/O credits"),
    /** A yes or no held as 1 or 0: the CSV writes true or false. */
    FLAG("yes/no");

    private final String symbol;

    Unit(String symbol) {
      this.symbol = symbol;
    }

    public String symbol() {
      return symbol;
    }

    /** What a figure in this unit can be ({@link Metric#range()} names the exceptions). */
    Range range() {
      return switch (this) {
        case RATIO, FLAG -> new Range(0, 1);
        case READS_PER_SEC, RECORDS_PER_SEC, OPS_PER_SEC -> new Range(0, MAX_PER_SEC);
        case CLIENTS, RUNS, SHARDS -> new Range(1, Double.POSITIVE_INFINITY);
        default -> new Range(0, Double.POSITIVE_INFINITY);
      };
    }
  }

  /**
   * How a cell measured more than once ({@code --repeats}, each run from a cold start) combines a
   * metric from its repeats' figures. A repeat without the figure is left out; none having it
   * leaves the cell without it.
   */
  public enum RepeatRule {
    /** The mean of the repeats that have it. */
    MEAN,
    /** The lowest: for a {@link Unit#FLAG}, 1 only when every repeat that has it says 1. */
    LOWEST,
    /** The first repeat's that has it: a fact of the cell, not a measurement to average. */
    FIRST,
    /** The sum of the repeats': a time the cell spent on all of them. */
    SUM,
    /**
     * A run's own uncertainty, never averaged: the repeats' replaces it, computed from all of them
     * together ({@code variation.CellVariation.ofRepeats}: their means, p99s and intervals).
     */
    RECOMPUTED
  }

  /**
   * How the same cell of several clients' reports (a fleet's, or any merged ones) combines into
   * one. The clients shared one server, so a server-side figure is the same run seen from each:
   * summing it would count the server once per client.
   */
  public enum FleetRule {
    /**
     * The part that read the server's figures, taken once: a fleet's client 0, else the first
     * input. The run's own variation figures come from it too.
     */
    SERVER_PART,
    /** The sum over the clients; unknown when one lacks it. */
    SUM,
    /**
     * As {@link #SUM} when every part is a fleet's client (each did its slice at the same time),
     * else as {@link #SERVER_PART}.
     */
    FLEET_SUM,
    /** The mean weighted by each client's operations; unknown when one lacks it or none ran. */
    OPS_WEIGHTED_MEAN,
    /** The earliest; unknown when one lacks it. */
    EARLIEST,
    /** The lowest of those that have it: for a {@link Unit#FLAG}, 1 only when every one says 1. */
    LOWEST,
    /**
     * The clients counted: a fleet client's own cell is one, a report merged before counts its
     * {@link Metric#CLIENTS}, any other one.
     */
    CLIENT_COUNT,
    /** The lowest of the clients' throughputs. */
    SLOWEST_CLIENT,
    /** The highest of the clients' throughputs. */
    FASTEST_CLIENT,
    /**
     * The latest less the earliest of the clients' {@link Metric#RUN_STARTED_EPOCH_MS}; unknown
     * when one lacks it.
     */
    START_SPREAD,
    /** A client's own: the merged cell has none. */
    DROPPED
  }

  private final String column;
  private final Unit unit;
  private final int decimals;
  private final RepeatRule repeats;
  private final FleetRule fleet;
  private final String description;

  Metric(
      String column,
      Unit unit,
      int decimals,
      RepeatRule repeats,
      FleetRule fleet,
      String description) {
    this.column = column;
    this.unit = unit;
    this.decimals = decimals;
    this.repeats = repeats;
    this.fleet = fleet;
    this.description = description;
  }

  /** Its column in summary.csv and the tier CSVs. */
  public String column() {
    return column;
  }

  public Unit unit() {
    return unit;
  }

  /** A yes or no, held as 1 or 0. */
  public boolean flag() {
    return unit == Unit.FLAG;
  }

  /** Decimals its CSV column carries (fixed, never exponent notation); none for a flag. */
  public int decimals() {
    return decimals;
  }

  /** How a cell's repeats combine it. */
  public RepeatRule repeats() {
    return repeats;
  }

  /** How several clients' cells combine it. */
  public FleetRule fleet() {
    return fleet;
  }

  /** What it is, in one line. */
  public String description() {
    return description;
  }
}
