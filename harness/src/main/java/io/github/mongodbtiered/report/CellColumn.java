package io.github.mongodbtiered.report;

import static io.github.mongodbtiered.report.CellColumn.Block.AFTER_METRICS;
import static io.github.mongodbtiered.report.CellColumn.Block.CELL;
import static io.github.mongodbtiered.report.CellColumn.Block.PER_FAILURE_TYPE;
import static io.github.mongodbtiered.report.CellColumn.Block.PER_OPERATION;

import io.github.mongodbtiered.compare.RerunRange;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.FsHitBasis;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.PredictedTierBasis;
import io.github.mongodbtiered.results.Tier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

/**
 * Every column of summary.csv (and the tier CSVs) that is not a {@link Metric}, each declared once:
 * its name, unit and description (its line in docs/columns.md), how its value is read from a cell,
 * and how the same cell of several clients' reports merges it. {@link SummaryCsv} writes its header
 * and rows from this, {@link SummaryColumns} the reference, {@link CellMerge} the merged cell.
 *
 * <p>A column of {@link Block#PER_FAILURE_TYPE} stands for one per {@link #FAILURE_TYPES type},
 * {@code <type>} in its name and {@code <TYPE>} in its description standing for it; one of {@link
 * Block#PER_OPERATION} for one per operation type the cells ran, {@code <op>} in its name.
 *
 * <p>To add a column, add its constant here, in CSV order within its block (a new column goes last
 * of {@link Block#AFTER_METRICS}, so that readers by position of the earlier ones keep working),
 * and regenerate docs/columns.md ({@code ColumnsDocTest} with {@code -Dupdate=true}). Its {@link
 * ColumnMerge} says what a merged cell holds; columns that one setter of the cell fills together
 * share one merge, which runs once.
 */
enum CellColumn {
  RECORD_COUNT(
      CELL,
      "record_count",
      "records",
      "the cell's record count",
      cell(c -> Long.toString(c.recordCount())),
      ColumnMerge.SAME),
  PROFILE(
      CELL, "profile", "", "the disk profile's name", cell(CellResult::profile), ColumnMerge.SAME),
  SERVER(
      CELL,
      "server",
      "",
      "the server kind: docker, url or embedded",
      cell(c -> c.server().id()),
      ColumnMerge.SAME),
  STATUS(
      CELL,
      "status",
      "",
      "ok or failed; a failed cell's measured figures are empty",
      cell(c -> c.status().id()),
      ColumnMerge.ALL_OK),
  ERROR(
      CELL,
      "error",
      "",
      "why the cell failed, empty when ok",
      cell(CellResult::error),
      ColumnMerge.ALL_OK),
  OPERATIONS(
      CELL,
      "operations",
      "ops",
      "operations of the measured run, all repeats",
      measured(c -> Long.toString(c.operations())),
      ColumnMerge.RUN),
  RUNTIME_MS(
      CELL,
      "runtime_ms",
      "ms",
      "length of the measured run (at most --seconds; shorter on --precision)",
      measured(c -> Long.toString(c.runtimeMillis())),
      ColumnMerge.RUN),
  THROUGHPUT_OPS_PER_SEC(
      CELL,
      "throughput_ops_per_sec",
      "ops/s",
      "operations per second (with repeats, their mean)",
      measured(c -> SummaryCsv.fixed(c.throughputOpsPerSec(), 1)),
      ColumnMerge.RUN),
  /**
   * The measured run's failed operations (a READ that found no record is one). Unlike the figures
   * they are filled for failed cells too, as they often say why it failed; empty when not recorded
   * (no run took place, or the cell was saved before they were). A merged cell has none.
   */
  FAILED_OPS(
      CELL,
      "failed_ops",
      "ops",
      "failed operations of the measured run (filled for failed cells too; a read that finds no"
          + " record is one)",
      cell(c -> orEmpty(c.failedOperationsTotal())),
      ColumnMerge.DROPPED),
  /** Empty also when the run did not perform that operation. */
  FAILED_OF_TYPE(
      PER_FAILURE_TYPE,
      "failed_<type>",
      "ops",
      "failed <TYPE>s",
      (c, type) -> orEmpty(c.failedOperations().get(type)),
      ColumnMerge.DROPPED),
  OP_COUNT(
      PER_OPERATION,
      "<op>_count",
      "ops",
      "operations of this type measured",
      service(s -> Long.toString(s.count())),
      ColumnMerge.SERVICE_LATENCIES),
  OP_MEAN_US(
      PER_OPERATION,
      "<op>_mean_us",
      "µs",
      "mean service time: from when the operation was sent",
      service(s -> SummaryCsv.fixed(s.meanMicros(), 1)),
      ColumnMerge.SERVICE_LATENCIES),
  OP_P50_US(
      PER_OPERATION,
      "<op>_p50_us",
      "µs",
      "median service time",
      service(s -> Long.toString(s.p50Micros())),
      ColumnMerge.SERVICE_LATENCIES),
  OP_P95_US(
      PER_OPERATION,
      "<op>_p95_us",
      "µs",
      "95th percentile service time",
      service(s -> Long.toString(s.p95Micros())),
      ColumnMerge.SERVICE_LATENCIES),
  OP_P99_US(
      PER_OPERATION,
      "<op>_p99_us",
      "µs",
      "99th percentile service time",
      service(s -> Long.toString(s.p99Micros())),
      ColumnMerge.SERVICE_LATENCIES),
  OP_P999_US(
      PER_OPERATION,
      "<op>_p999_us",
      "µs",
      "99.9th percentile service time",
      service(s -> Long.toString(s.p999Micros())),
      ColumnMerge.SERVICE_LATENCIES),
  OP_MAX_US(
      PER_OPERATION,
      "<op>_max_us",
      "µs",
      "highest service time",
      service(s -> Long.toString(s.maxMicros())),
      ColumnMerge.SERVICE_LATENCIES),
  /**
   * After each operation's service-time block its intended-time one: the same operations timed from
   * when an open-loop run ({@code --target}) meant to start them, so they include the wait behind a
   * server that fell behind. Empty for a closed loop, which has no schedule.
   */
  OP_INTENDED_MEAN_US(
      PER_OPERATION,
      "<op>_intended_mean_us",
      "µs",
      "mean latency from when an open loop (--target) meant to send it; empty for a closed loop",
      intended(s -> SummaryCsv.fixed(s.meanMicros(), 1)),
      ColumnMerge.INTENDED_LATENCIES),
  OP_INTENDED_P50_US(
      PER_OPERATION,
      "<op>_intended_p50_us",
      "µs",
      "median of that latency",
      intended(s -> Long.toString(s.p50Micros())),
      ColumnMerge.INTENDED_LATENCIES),
  OP_INTENDED_P95_US(
      PER_OPERATION,
      "<op>_intended_p95_us",
      "µs",
      "95th percentile of that latency",
      intended(s -> Long.toString(s.p95Micros())),
      ColumnMerge.INTENDED_LATENCIES),
  OP_INTENDED_P99_US(
      PER_OPERATION,
      "<op>_intended_p99_us",
      "µs",
      "99th percentile of that latency",
      intended(s -> Long.toString(s.p99Micros())),
      ColumnMerge.INTENDED_LATENCIES),
  OP_INTENDED_P999_US(
      PER_OPERATION,
      "<op>_intended_p999_us",
      "µs",
      "99.9th percentile of that latency",
      intended(s -> Long.toString(s.p999Micros())),
      ColumnMerge.INTENDED_LATENCIES),
  OP_INTENDED_MAX_US(
      PER_OPERATION,
      "<op>_intended_max_us",
      "µs",
      "highest of that latency",
      intended(s -> Long.toString(s.maxMicros())),
      ColumnMerge.INTENDED_LATENCIES),
  PREDICTED_TIER(
      AFTER_METRICS,
      "predicted_tier",
      "",
      "where the sizes say the data lives: wt-cache, fs-cache, slightly-over, far-over",
      cell(c -> Tier.idOf(c.predictedTier())),
      ColumnMerge.TIERS),
  /**
   * Which bytes decided {@code predicted_tier}: {@code data} (data + indexes fit the WiredTiger
   * cache, or no file figure was known), {@code live} ({@code file_live_bytes}: the files less the
   * space WiredTiger holds for reuse) or {@code file} ({@code storage_bytes + index_bytes}, when
   * the live bytes were not known); empty when there is no prediction or the cell was saved before
   * this was recorded.
   */
  PREDICTED_TIER_BASIS(
      AFTER_METRICS,
      "predicted_tier_basis",
      "",
      "which bytes decided the prediction: live (file_live_bytes), file (storage_bytes +"
          + " index_bytes) or data (data + indexes)",
      cell(c -> PredictedTierBasis.idOf(c.predictedTierBasis())),
      ColumnMerge.serverPart((m, c) -> m.predictedTierBasis(c.predictedTierBasis()))),
  OBSERVED_TIER(
      AFTER_METRICS,
      "observed_tier",
      "",
      "where the measured hit ratios say it lived; unclassified without WiredTiger figures",
      cell(c -> Tier.idOf(c.observedTier())),
      ColumnMerge.TIERS),
  /**
   * Which filesystem hit ratio {@code observed_tier} was classified from: {@code ops} ({@code
   * fs_hit_ratio_ops}) or {@code bytes} ({@code fs_hit_ratio}); empty when neither was known or the
   * cell was saved before this was recorded.
   */
  OBSERVED_TIER_FS_HIT_BASIS(
      AFTER_METRICS,
      "observed_tier_fs_hit_basis",
      "",
      "which filesystem hit ratio the observed tier used: ops (fs_hit_ratio_ops) or bytes"
          + " (fs_hit_ratio)",
      cell(c -> FsHitBasis.idOf(c.fsHitBasis())),
      ColumnMerge.serverPart((m, c) -> m.fsHitBasis(c.fsHitBasis()))),
  TIER_MISMATCH(
      AFTER_METRICS,
      "tier_mismatch",
      "yes/no",
      "the predicted and observed tiers differ (never on the embedded server, whose profile"
          + " memory is a label)",
      cell(c -> Boolean.toString(c.tierMismatch())),
      ColumnMerge.DERIVED),
  CLIENT_BOUND(
      AFTER_METRICS,
      "client_bound",
      "yes/no",
      "the client, not the server, limited the throughput",
      cell(c -> Boolean.toString(c.clientBound())),
      (m, p) -> m.clientBound(p.all().stream().anyMatch(CellResult::clientBound))),
  LATENCY_APPLIED(
      AFTER_METRICS,
      "latency_applied",
      "yes/no",
      "the profile's added latency was applied to the volume",
      cell(c -> Boolean.toString(c.latencyApplied())),
      (m, p) -> m.latencyApplied(p.all().stream().allMatch(CellResult::latencyApplied))),
  LATENCY_METHOD(
      AFTER_METRICS,
      "latency_method",
      "",
      "how it was applied: dm or nbd; empty when not",
      cell(CellResult::latencyMethod),
      // Applied only if it was for every client.
      (m, p) ->
          m.latencyMethod(
              p.all().stream().allMatch(CellResult::latencyApplied)
                  ? p.all().get(0).latencyMethod()
                  : "")),
  PAGE_CACHE_DROPPED(
      AFTER_METRICS,
      "page_cache_dropped",
      "yes/no",
      "the page cache was dropped before the cell",
      cell(c -> Boolean.toString(c.pageCacheDropped())),
      ColumnMerge.serverPart((m, c) -> m.pageCacheDropped(c.pageCacheDropped()))),
  CONTINUED_FROM(
      AFTER_METRICS,
      "continued_from",
      "",
      "the profile of the cell before, whose server this cell went on with (its caches warm,"
          + " only the disk's limits and latency changed in place); empty after a cold start",
      cell(CellResult::continuedFrom),
      ColumnMerge.serverPart((m, c) -> m.continuedFrom(c.continuedFrom()))),
  NOTES(
      AFTER_METRICS,
      "notes",
      "",
      "the cell's notes and warnings, separated by '; '",
      cell(c -> String.join("; ", c.notes())),
      ColumnMerge.NOTES),
  /** With the columns after it, last: readers by position of the earlier columns keep working. */
  THREADS(
      AFTER_METRICS,
      "threads",
      "",
      "client threads the cell's measured run used (--threads, else the workload's threadcount);"
          + " empty for cells saved before settings were recorded",
      cell(c -> c.settings() == null ? "" : Integer.toString(c.settings().shape().threads())),
      ColumnMerge.DROPPED),
  WORKLOAD_PROPERTIES(
      AFTER_METRICS,
      "workload_properties",
      "",
      "the YCSB properties the cell's measured run had, after the command line's -p overrides,"
          + " as name=value separated by '; ' (not those the sweep sets per run, nor connection"
          + " settings); empty for cells saved before settings were recorded",
      cell(c -> c.settings() == null ? "" : properties(c.settings().workloadProperties())),
      ColumnMerge.DROPPED),
  /**
   * With {@code _high}, where an identical sweep's throughput is expected to land ({@link
   * RerunRange}), derived when the report is written, so older reports gain them on {@code report
   * DIR}.
   */
  RERUN_OPS_PER_SEC_LOW(
      AFTER_METRICS,
      "rerun_ops_per_sec_low",
      "ops/s",
      "lower end of where an identical sweep's throughput is expected to land (95%): from 2+"
          + " repeats their variation and 8% between sweeps, from one run its interval widened by"
          + " 1.25 as compare widens it (docs/compare.md); empty for a failed cell",
      rerun(RerunRange::lowOpsPerSec),
      ColumnMerge.DERIVED),
  RERUN_OPS_PER_SEC_HIGH(
      AFTER_METRICS,
      "rerun_ops_per_sec_high",
      "ops/s",
      "upper end of that range",
      rerun(RerunRange::highOpsPerSec),
      ColumnMerge.DERIVED),
  BURST(
      AFTER_METRICS,
      "burst",
      "",
      "whether the measured run drew on a burst-credit volume's credits (ran above its"
          + " baseline): yes (throughout), partly (it ran out, earned them back, or needed them"
          + " part of the time), no (at or below the baseline); empty without a bucket",
      cell(CellColumn::burst),
      ColumnMerge.DERIVED);

  /** Operation types with a failure column ({@link #FAILED_OF_TYPE}), in column order. */
  static final List<String> FAILURE_TYPES =
      List.of("READ", "UPDATE", "INSERT", "SCAN", "READ-MODIFY-WRITE");

  /** Where a column sits in the CSV, and how many it stands for; in CSV order. */
  enum Block {
    /** One column each, first. */
    CELL,
    /** One column per failure type, in {@link CellColumn#FAILURE_TYPES}' order. */
    PER_FAILURE_TYPE,
    /** One block per operation type the cells ran, in name order: {@code read_count}, ... */
    PER_OPERATION,
    /** One column each, after the metrics' columns. */
    AFTER_METRICS
  }

  private final Block block;
  private final String column;
  private final String unit;
  private final String description;
  private final BiFunction<CellResult, String, String> value;
  private final ColumnMerge merge;

  /**
   * @param value the field as the CSV has it, from the cell and the type the column stands for
   *     (empty for a column of one)
   */
  CellColumn(
      Block block,
      String column,
      String unit,
      String description,
      BiFunction<CellResult, String, String> value,
      ColumnMerge merge) {
    this.block = block;
    this.column = column;
    this.unit = unit;
    this.description = description;
    this.value = value;
    this.merge = merge;
  }

  /**
   * Every column in CSV order, each of these as {@code ours} makes it of the column and the type it
   * stands for, the metrics' (before {@link Block#AFTER_METRICS}) as {@code metric} does.
   *
   * @param ops the operation types the cells ran: READ, UPDATE, ...
   */
  static <T> List<T> inCsvOrder(
      SortedSet<String> ops, BiFunction<CellColumn, String, T> ours, Function<Metric, T> metric) {
    List<T> out = new ArrayList<>();
    for (Block b : Block.values()) {
      if (b == AFTER_METRICS) {
        for (Metric m : Metric.values()) {
          out.add(metric.apply(m));
        }
      }
      List<String> types =
          switch (b) {
            case PER_FAILURE_TYPE -> FAILURE_TYPES;
            case PER_OPERATION -> List.copyOf(ops);
            case CELL, AFTER_METRICS -> List.of("");
          };
      for (String type : types) {
        for (CellColumn c : values()) {
          if (c.block == b) {
            out.add(ours.apply(c, type));
          }
        }
      }
    }
    return out;
  }

  /** The merges of all columns, in column order, each once. */
  static Set<ColumnMerge> merges() {
    Set<ColumnMerge> merges = new LinkedHashSet<>();
    for (CellColumn c : values()) {
      merges.add(c.merge);
    }
    return merges;
  }

  /** Its name in the CSV, for {@code type} where it stands for one per type. */
  String column(String type) {
    return switch (block) {
      case PER_FAILURE_TYPE ->
          column.replace("<type>", type.toLowerCase(Locale.ROOT).replace('-', '_'));
      case PER_OPERATION -> column.replace("<op>", type.toLowerCase(Locale.ROOT));
      case CELL, AFTER_METRICS -> column;
    };
  }

  String unit() {
    return unit;
  }

  /** What it is, in one line, for {@code type} where it stands for one per type. */
  String description(String type) {
    return description.replace("<TYPE>", type);
  }

  /** Its field in {@code cell}'s row, for {@code type} where it stands for one per type. */
  String value(CellResult cell, String type) {
    return value.apply(cell, type);
  }

  /** yes, partly, no or empty, from the cell's burst figures (a second's slack at each end). */
  static String burst(CellResult c) {
    Double on = c.metrics().get(Metric.BURST_ON_CREDITS_S);
    if (on == null || !c.ok()) {
      return "";
    }
    double runSeconds = c.runtimeMillis() / 1000.0;
    return on <= 0 ? "no" : on >= runSeconds - 1 ? "yes" : "partly";
  }

  private static BiFunction<CellResult, String, String> cell(Function<CellResult, String> field) {
    return (c, type) -> field.apply(c);
  }

  /** Empty for a cell that is not ok: a failed run's zeros are placeholders, not measurements. */
  private static BiFunction<CellResult, String, String> measured(
      Function<CellResult, String> field) {
    return (c, type) -> c.ok() ? field.apply(c) : "";
  }

  /** A figure of the operation's service times; empty when it has none or the cell failed. */
  private static BiFunction<CellResult, String, String> service(
      Function<LatencyStats, String> figure) {
    return (c, op) -> latency(c.ok() ? c.latencies().get(op) : null, figure);
  }

  /** A figure of the operation's intended-start times; empty also for a closed loop. */
  private static BiFunction<CellResult, String, String> intended(
      Function<LatencyStats, String> figure) {
    return (c, op) -> latency(c.ok() ? c.intendedLatencies().get(op) : null, figure);
  }

  private static String latency(LatencyStats s, Function<LatencyStats, String> figure) {
    return s == null ? "" : figure.apply(s);
  }

  /** An end of the range an identical sweep's throughput is expected in; empty when none. */
  private static BiFunction<CellResult, String, String> rerun(ToDoubleFunction<RerunRange> end) {
    return cell(
        c -> {
          RerunRange rerun = RerunRange.of(c);
          return rerun == null ? "" : SummaryCsv.fixed(end.applyAsDouble(rerun), 1);
        });
  }

  private static String orEmpty(Long n) {
    return n == null ? "" : Long.toString(n);
  }

  /** {@code name=value; name=value}, in name order. */
  static String properties(Map<String, String> properties) {
    return properties.entrySet().stream()
        .map(e -> e.getKey() + "=" + e.getValue())
        .collect(java.util.stream.Collectors.joining("; "));
  }
}
