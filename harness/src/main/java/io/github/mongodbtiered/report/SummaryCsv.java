package io.github.mongodbtiered.report;

import io.github.mongodbtiered.compare.RerunRange;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.FsHitBasis;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.PredictedTierBasis;
import io.github.mongodbtiered.results.Tier;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * One row per cell as RFC 4180 CSV (CRLF line ends), every header naming its unit.
 *
 * <p>Empty means "not measured", never 0: a metric a cell lacks, a latency block for an operation
 * it did not run, and every measured figure of a cell whose status is not ok. Decimals are fixed
 * per column (never exponent notation, always {@link Locale#ROOT}): throughput 1, mean latency 1,
 * each {@link Metric} its {@link Metric#decimals()}; a {@link Metric#flag()} is true or false. A
 * non-finite value (a 0/0 ratio) is empty too.
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
 * <p>{@code threads} is the client threads the cell's measured run had, and {@code
 * workload_properties} its YCSB properties after the command line's overrides; both empty for a
 * cell saved before its settings were recorded. {@code rerun_ops_per_sec_low} and {@code _high},
 * last, are where an identical sweep's throughput is expected to land ({@link RerunRange}), derived
 * when the report is written, so older reports gain them on {@code report DIR}.
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

  /** The columns after the metrics', in order. */
  private static final List<String> AFTER_METRICS =
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
          "continued_from",
          "notes",
          // Last, so readers by position of the earlier columns keep working.
          "threads",
          "workload_properties",
          "rerun_ops_per_sec_low",
          "rerun_ops_per_sec_high");

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

  /** The header for latency columns of {@code ops}; {@link SummaryColumns} documents it. */
  static List<String> header(SortedSet<String> ops) {
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
    h.addAll(AFTER_METRICS);
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
    failures(r, c);
    for (String op : ops) {
      service(r, measured ? c.latencies().get(op) : null);
      intended(r, measured ? c.intendedLatencies().get(op) : null);
    }
    for (Metric m : Metric.values()) {
      r.add(metric(m, measured ? c.metrics().get(m) : null));
    }
    tiersAndFlags(r, c);
    // What the cell ran with (--threads, else the workload's threadcount), not the file's value.
    r.add(c.settings() == null ? "" : Integer.toString(c.settings().shape().threads()));
    r.add(c.settings() == null ? "" : properties(c.settings().workloadProperties()));
    RerunRange rerun = RerunRange.of(c);
    r.add(rerun == null ? "" : fixed(rerun.lowOpsPerSec(), 1));
    r.add(rerun == null ? "" : fixed(rerun.highOpsPerSec(), 1));
    return r;
  }

  /** {@code name=value; name=value}, in name order. */
  static String properties(Map<String, String> properties) {
    return properties.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(java.util.stream.Collectors.joining("; "));
  }

  /** Filled for failed cells too: they often say why it failed. */
  private static void failures(List<String> r, CellResult c) {
    Long failedTotal = c.failedOperationsTotal();
    r.add(failedTotal == null ? "" : Long.toString(failedTotal));
    for (String type : FAILURE_TYPES) {
      Long n = c.failedOperations().get(type);
      r.add(n == null ? "" : Long.toString(n));
    }
  }

  /** One operation's service-time block: count, mean and percentiles; empty when null. */
  private static void service(List<String> r, LatencyStats s) {
    if (s == null) {
      r.addAll(List.of("", "", "", "", "", "", ""));
      return;
    }
    r.add(Long.toString(s.count()));
    percentiles(r, s);
  }

  /**
   * One operation's intended-time block, without the count (the service block's); empty when null.
   */
  private static void intended(List<String> r, LatencyStats i) {
    if (i == null) {
      r.addAll(List.of("", "", "", "", "", ""));
      return;
    }
    percentiles(r, i);
  }

  private static void percentiles(List<String> r, LatencyStats s) {
    r.addAll(
        List.of(
            fixed(s.meanMicros(), 1),
            Long.toString(s.p50Micros()),
            Long.toString(s.p95Micros()),
            Long.toString(s.p99Micros()),
            Long.toString(s.p999Micros()),
            Long.toString(s.maxMicros())));
  }

  /** {@code v} as {@code m}'s column has it: a flag as true or false, else its decimals. */
  static String metric(Metric m, Double v) {
    if (v == null) {
      return "";
    }
    // A yes or no, read as one.
    return m.flag() ? Boolean.toString(v > 0) : fixed(v, m.decimals());
  }

  private static void tiersAndFlags(List<String> r, CellResult c) {
    r.add(Tier.idOf(c.predictedTier()));
    r.add(PredictedTierBasis.idOf(c.predictedTierBasis()));
    r.add(Tier.idOf(c.observedTier()));
    r.add(FsHitBasis.idOf(c.fsHitBasis()));
    r.add(Boolean.toString(c.tierMismatch()));
    r.add(Boolean.toString(c.clientBound()));
    r.add(Boolean.toString(c.latencyApplied()));
    r.add(c.latencyMethod());
    r.add(Boolean.toString(c.pageCacheDropped()));
    r.add(c.continuedFrom());
    r.add(String.join("; ", c.notes()));
  }

  /** "failed_read_modify_write" for READ-MODIFY-WRITE. */
  static String failureColumn(String type) {
    return "failed_" + type.toLowerCase(Locale.ROOT).replace('-', '_');
  }

  static String fixed(double v, int decimals) {
    return Double.isFinite(v) ? String.format(Locale.ROOT, "%." + decimals + "f", v) : "";
  }
}
