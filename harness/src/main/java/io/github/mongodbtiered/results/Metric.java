package io.github.mongodbtiered.results;

/**
 * Every per-cell figure besides throughput and latency, with its CSV column name (which carries the
 * unit). A cell holds each as a Double, or null when it could not be measured (e.g. the stand-in
 * server reports no WiredTiger statistics): the CSV then leaves the cell empty, never 0.
 */
public enum Metric {
  /** Records per second of the load step that brought the data set to this cell's count. */
  LOAD_RECORDS_PER_SEC("load_records_per_sec"),
  DATA_BYTES("data_bytes"),
  INDEX_BYTES("index_bytes"),
  STORAGE_BYTES("storage_bytes"),
  /**
   * The data files' live bytes, collection and indexes: each file's size less WiredTiger's "file
   * bytes available for reuse" (space freed by deletes, updates and checkpoints, which no reader
   * touches). Can be far below {@code storage_bytes + index_bytes} after a load.
   */
  FILE_LIVE_BYTES("file_live_bytes"),
  WT_CACHE_MAX_BYTES("wt_cache_max_bytes"),
  WT_CACHE_USED_BYTES("wt_cache_used_bytes"),
  WT_BYTES_READ_INTO_CACHE("wt_bytes_read_into_cache"),
  WT_PAGES_READ_INTO_CACHE("wt_pages_read_into_cache"),
  WT_PAGES_REQUESTED("wt_pages_requested_from_cache"),
  /** 1 - pages read into cache / pages requested from the cache, over the run. */
  WT_HIT_RATIO("wt_hit_ratio"),
  WT_APP_THREAD_EVICTIONS("wt_pages_evicted_by_app_threads"),
  /** Bytes the storage engine asked the file system for (block manager, else the process rchar). */
  FS_BYTES_REQUESTED("fs_bytes_requested"),
  /** Bytes the server's reads took from the device (/proc/PID/io read_bytes or blkio counters). */
  DEVICE_BYTES_READ("device_bytes_read"),
  /**
   * 1 - device bytes read / bytes requested from the file system. Read-ahead counts as device
   * bytes, so this errs low; see {@link #FS_HIT_RATIO_OPS}.
   */
  FS_HIT_RATIO("fs_hit_ratio"),
  /** Reads the storage engine asked the file system for (WiredTiger block manager blocks read). */
  FS_READ_OPS_REQUESTED("fs_read_ops_requested"),
  /** Read requests the server's cgroup issued to the data device (blkio io_serviced, io.stat). */
  DEVICE_READ_OPS("device_read_ops"),
  /**
   * 1 - device read requests / reads requested from the file system: unlike {@link #FS_HIT_RATIO}
   * not inflated by read-ahead, which fetches many pages in one request.
   */
  FS_HIT_RATIO_OPS("fs_hit_ratio_ops"),
  DEVICE_READS_PER_SEC("device_reads_per_sec"),
  DEVICE_AWAIT_MS("device_await_ms"),
  DEVICE_UTIL_PCT("device_util_pct"),
  /** CPU time of the client process per operation. */
  CLIENT_CPU_US_PER_OP("client_cpu_us_per_op"),
  /** Cores the client process kept busy on average (1.0 = one core). */
  CLIENT_CPU_CORES("client_cpu_cores"),
  /** Clients that ran the cell side by side: a fleet's size ({@code --clients}), or merged ones. */
  CLIENTS("clients"),
  /** This client's index in its fleet (a client's own report; not in a merged one). */
  CLIENT_INDEX("client_index"),
  /** The slowest client's throughput in a merged cell: with the fastest's, the fleet's balance. */
  CLIENT_OPS_PER_SEC_MIN("client_ops_per_sec_min"),
  /** The fastest client's throughput in a merged cell. */
  CLIENT_OPS_PER_SEC_MAX("client_ops_per_sec_max"),
  /** Milliseconds between the first and the last client's start of the measured run (merged). */
  CLIENT_START_SPREAD_MS("client_start_spread_ms"),
  /**
   * When the measured run started, in ms since the epoch (this client's clock; the first repeat's).
   */
  RUN_STARTED_EPOCH_MS("run_started_epoch_ms"),
  /** Seconds the preload (a pass over the _id index and the documents) took before the warm-up. */
  WARMUP_PRELOAD_S("warmup_preload_s"),
  /** Seconds of the workload warm-up: until the steady state, at most --warmup. */
  WARMUP_S("warmup_s"),
  /**
   * Seconds of the workload warm-up that ran with the disk limits lifted, filling the caches,
   * before the rest of it ran under the profile's limits (absent where the target throttles
   * nothing).
   */
  WARMUP_LIFTED_S("warmup_lifted_s"),
  /** 1 when the workload warm-up reached the steady state, 0 when --warmup ran out first. */
  STEADY_STATE("steady_state"),
  /**
   * The measured run's fitted throughput change from its first batch to its last, in percent of its
   * mean ({@code variation.Drift}); a significant one beyond 10% makes the cell not steady.
   */
  RUN_DRIFT_PCT("run_drift_pct"),
  /**
   * Lower end of the 95% confidence interval of the throughput: Student-t over the repeats' means,
   * or with one repeat over the run's batch means (see {@code variation.BatchMeans}).
   */
  OPS_PER_SEC_CI95_LOW("ops_per_sec_ci95_low"),
  /** Upper end of that interval. */
  OPS_PER_SEC_CI95_HIGH("ops_per_sec_ci95_high"),
  /** Coefficient of variation of the samples the interval came from, in percent of their mean. */
  OPS_PER_SEC_CV_PCT("ops_per_sec_cv_pct"),
  /** Lowest p99 of the main operation over the run's batches, or over the repeats. */
  P99_MS_LOW("p99_ms_low"),
  /** Highest p99 of the main operation over the run's batches, or over the repeats. */
  P99_MS_HIGH("p99_ms_high"),
  /** Full one-second intervals measured, all repeats together (the last, partial one left out). */
  INTERVALS("intervals"),
  /** Measured runs of the cell, each from a cold start ({@code --repeats}). */
  REPEATS("repeats"),
  /** 1 when the coefficient of variation is above the documented threshold, else 0. */
  UNSTABLE("unstable");

  private final String column;

  Metric(String column) {
    this.column = column;
  }

  public String column() {
    return column;
  }
}
