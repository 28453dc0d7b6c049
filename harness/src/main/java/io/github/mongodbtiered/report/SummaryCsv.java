package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.FsHitBasis;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.PredictedTierBasis;
import io.github.mongodbtiered.results.Tier;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * One row per cell as RFC 4180 CSV (CRLF line ends), every header naming its unit.
 *
 * <p>Empty means "not measured", never 0: a metric a cell lacks, a latency block for an operation
 * it did not run, and every measured figure of a cell whose status is not ok. Decimals are fixed
 * per column (never exponent notation, always {@link Locale#ROOT}): throughput and per-second rates
 * 1, mean latency 1, byte, page and read counts 0, hit ratios 6, await 3 ms, CPU per operation 2
 * us, CPU cores 3. A non-finite value (a 0/0 ratio) is empty too.
 *
 * <p>{@code observed_tier_fs_hit_basis} says which filesystem hit ratio {@code observed_tier} was
 * classified from: {@code ops} ({@code fs_hit_ratio_ops}) or {@code bytes} ({@code fs_hit_ratio});
 * empty when neither was known or the cell was saved before this was recorded.
 *
 * <p>{@code predicted_tier_basis} says which bytes decided {@code predicted_tier}: {@code data}
 * (data + indexes fit the WiredTiger cache, or no file figure was known), {@code live} ({@code
 * file_live_bytes}: the files less the space WiredTiger holds for reuse) or {@code file} ({@code
 * storage_bytes + index_bytes}, when the live bytes were not known); empty when there is no
 * prediction or the cell was saved before this was recorded.
 *
 * <p>Each operation's service-time block is followed by its intended-time one, {@code
 * read_intended_mean_us} to {@code read_intended_max_us}: the same operations timed from when an
 * open-loop run ({@code --target}) meant to start them, so they include the wait behind a server
 * that fell behind. Empty for a closed loop, which has no schedule.
 *
 * <p>{@code failed_ops} and {@code failed_read}, {@code failed_update}, ... count the measured
 * run's failed operations (a READ that found no record is one). Unlike the figures they are filled
 * for failed cells too, as they often say why it failed; empty when not recorded (no run took
 * place, or the cell was saved before they were), and a type's column is empty when the run did not
 * perform that operation.
 */
public final class SummaryCsv {
  /** Operation types with a failure column, in column order. */
  static final List<String> FAILURE_TYPES =
      List.of("READ", "UPDATE", "INSERT", "SCAN", "READ-MODIFY-WRITE");

  private SummaryCsv() {}

  /** Rows by profile in order of first appearance in {@code cells}, then by record count. */
  public static String render(List<CellResult> cells) {
    return render(cells, List.of());
  }

  /**
   * Rows by profile in {@code profileOrder} (the sweep's; profiles not in it follow in order of
   * first appearance), then by record count.
   */
  public static String render(List<CellResult> cells, List<String> profileOrder) {
    return render(CellResult.inProfileOrder(cells, profileOrder), operations(cells));
  }

  /** The CSV of {@code rows} as ordered, with latency columns for {@code ops}. */
  static String render(List<CellResult> rows, SortedSet<String> ops) {
    StringBuilder out = new StringBuilder();
    Csv.line(out, header(ops));
    for (CellResult cell : rows) {
      Csv.line(out, row(cell, ops));
    }
    return out.toString();
  }

  /** Operation types run by any cell: each gets latency columns, so all files share a header. */
  public static SortedSet<String> operations(List<CellResult> cells) {
    SortedSet<String> ops = new TreeSet<>();
    cells.forEach(c -> ops.addAll(c.latencies().keySet()));
    return ops;
  }

  private static List<String> header(SortedSet<String> ops) {
    List<String> h =
        new ArrayList<>(
            List.of(
                "record_count",
                "profile",
                "server",
                "status",
                "error",
                "operations",
                "runtime_ms",
                "throughput_ops_per_sec",
                "failed_ops"));
    for (String type : FAILURE_TYPES) {
      h.add(failureColumn(type));
    }
    for (String op : ops) {
      String p = op.toLowerCase(Locale.ROOT);
      h.addAll(
          List.of(
              p + "_count",
              p + "_mean_us",
              p + "_p50_us",
              p + "_p95_us",
              p + "_p99_us",
              p + "_p999_us",
              p + "_max_us"));
      for (String figure : List.of("mean", "p50", "p95", "p99", "p999", "max")) {
        h.add(p + "_intended_" + figure + "_us");
      }
    }
    for (Metric m : Metric.values()) {
      h.add(m.column());
    }
    h.addAll(
        List.of(
            "predicted_tier",
            "predicted_tier_basis",
            "observed_tier",
            "observed_tier_fs_hit_basis",
            "tier_mismatch",
            "client_bound",
            "latency_applied",
            "latency_method",
            "page_cache_dropped",
            "notes"));
    return h;
  }

  private static List<String> row(CellResult c, SortedSet<String> ops) {
    // A failed run's zeros are placeholders, not measurements.
    boolean measured = c.ok();
    List<String> r = new ArrayList<>();
    r.add(Long.toString(c.recordCount()));
    r.add(c.profile());
    r.add(c.server().id());
    r.add(c.status().id());
    r.add(c.error());
    r.add(measured ? Long.toString(c.operations()) : "");
    r.add(measured ? Long.toString(c.runtimeMillis()) : "");
    r.add(measured ? fixed(c.throughputOpsPerSec(), 1) : "");
    Long failedTotal = c.failedOperationsTotal();
    r.add(failedTotal == null ? "" : Long.toString(failedTotal));
    for (String type : FAILURE_TYPES) {
      Long n = c.failedOperations().get(type);
      r.add(n == null ? "" : Long.toString(n));
    }
    for (String op : ops) {
      LatencyStats s = measured ? c.latencies().get(op) : null;
      if (s == null) {
        r.addAll(List.of("", "", "", "", "", "", ""));
      } else {
        r.addAll(
            List.of(
                Long.toString(s.count()),
                fixed(s.meanMicros(), 1),
                Long.toString(s.p50Micros()),
                Long.toString(s.p95Micros()),
                Long.toString(s.p99Micros()),
                Long.toString(s.p999Micros()),
                Long.toString(s.maxMicros())));
      }
      LatencyStats i = measured ? c.intendedLatencies().get(op) : null;
      if (i == null) {
        r.addAll(List.of("", "", "", "", "", ""));
      } else {
        r.addAll(
            List.of(
                fixed(i.meanMicros(), 1),
                Long.toString(i.p50Micros()),
                Long.toString(i.p95Micros()),
                Long.toString(i.p99Micros()),
                Long.toString(i.p999Micros()),
                Long.toString(i.maxMicros())));
      }
    }
    for (Metric m : Metric.values()) {
      Double v = measured ? c.metrics().get(m) : null;
      if (m == Metric.STEADY_STATE || m == Metric.UNSTABLE) {
        r.add(v == null ? "" : Boolean.toString(v > 0)); // a yes or no, read as one
        continue;
      }
      r.add(v == null ? "" : fixed(v, decimals(m)));
    }
    r.add(Tier.idOf(c.predictedTier()));
    r.add(PredictedTierBasis.idOf(c.predictedTierBasis()));
    r.add(Tier.idOf(c.observedTier()));
    r.add(FsHitBasis.idOf(c.fsHitBasis()));
    r.add(Boolean.toString(c.tierMismatch()));
    r.add(Boolean.toString(c.clientBound()));
    r.add(Boolean.toString(c.latencyApplied()));
    r.add(c.latencyMethod());
    r.add(Boolean.toString(c.pageCacheDropped()));
    r.add(String.join("; ", c.notes()));
    return r;
  }

  /** "failed_read_modify_write" for READ-MODIFY-WRITE. */
  static String failureColumn(String type) {
    return "failed_" + type.toLowerCase(Locale.ROOT).replace('-', '_');
  }

  /** Decimals each metric's column carries; no default, so a new metric must choose. */
  static int decimals(Metric m) {
    return switch (m) {
      case DATA_BYTES,
          INDEX_BYTES,
          STORAGE_BYTES,
          FILE_LIVE_BYTES,
          WT_CACHE_MAX_BYTES,
          WT_CACHE_USED_BYTES,
          WT_BYTES_READ_INTO_CACHE,
          WT_PAGES_READ_INTO_CACHE,
          WT_PAGES_REQUESTED,
          WT_APP_THREAD_EVICTIONS,
          FS_BYTES_REQUESTED,
          DEVICE_BYTES_READ,
          FS_READ_OPS_REQUESTED,
          DEVICE_READ_OPS,
          INTERVALS,
          REPEATS,
          CLIENTS,
          CLIENT_INDEX,
          CLIENT_START_SPREAD_MS,
          RUN_STARTED_EPOCH_MS ->
          0;
      case LOAD_RECORDS_PER_SEC,
          DEVICE_READS_PER_SEC,
          DEVICE_UTIL_PCT,
          WARMUP_PRELOAD_S,
          WARMUP_S,
          WARMUP_LIFTED_S,
          CLIENT_OPS_PER_SEC_MIN,
          CLIENT_OPS_PER_SEC_MAX,
          OPS_PER_SEC_CI95_LOW,
          OPS_PER_SEC_CI95_HIGH,
          OPS_PER_SEC_CV_PCT,
          RUN_DRIFT_PCT ->
          1;
      case STEADY_STATE, UNSTABLE -> 0;
      case P99_MS_LOW, P99_MS_HIGH -> 3;
      case CLIENT_CPU_US_PER_OP -> 2;
      case DEVICE_AWAIT_MS, CLIENT_CPU_CORES -> 3;
      case WT_HIT_RATIO, FS_HIT_RATIO, FS_HIT_RATIO_OPS -> 6;
    };
  }

  static String fixed(double v, int decimals) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "";
  }
}
