package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.Metric;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * docs/columns.md, the reference of summary.csv's columns, rendered from the code: the header is
 * {@link SummaryCsv}'s, each {@link Metric} described by itself, and the other columns here, so a
 * column added to the CSV without a description fails to render (ColumnsDocTest).
 */
public final class SummaryColumns {
  /** Stands for each operation type in the per-operation columns: {@code <op>_p99_us}. */
  static final String OP = "<OP>";

  private static final Map<String, String[]> OTHERS = new LinkedHashMap<>();

  static {
    other("record_count", "records", "the cell's record count");
    other("profile", "", "the disk profile's name");
    other("server", "", "the server kind: docker, url or embedded");
    other("status", "", "ok or failed; a failed cell's measured figures are empty");
    other("error", "", "why the cell failed, empty when ok");
    other("operations", "ops", "operations of the measured run, all repeats");
    other(
        "runtime_ms",
        "ms",
        "length of the measured run (at most --seconds; shorter on --precision)");
    other("throughput_ops_per_sec", "ops/s", "operations per second (with repeats, their mean)");
    other(
        "failed_ops",
        "ops",
        "failed operations of the measured run (filled for failed cells too; a read that finds no"
            + " record is one)");
    other("failed_read", "ops", "failed READs");
    other("failed_update", "ops", "failed UPDATEs");
    other("failed_insert", "ops", "failed INSERTs");
    other("failed_scan", "ops", "failed SCANs");
    other("failed_read_modify_write", "ops", "failed READ-MODIFY-WRITEs");
    other("<op>_count", "ops", "operations of this type measured");
    other("<op>_mean_us", "µs", "mean service time: from when the operation was sent");
    other("<op>_p50_us", "µs", "median service time");
    other("<op>_p95_us", "µs", "95th percentile service time");
    other("<op>_p99_us", "µs", "99th percentile service time");
    other("<op>_p999_us", "µs", "99.9th percentile service time");
    other("<op>_max_us", "µs", "highest service time");
    String intended = "from when an open loop (--target) meant to send it; empty for a closed loop";
    other("<op>_intended_mean_us", "µs", "mean latency " + intended);
    other("<op>_intended_p50_us", "µs", "median of that latency");
    other("<op>_intended_p95_us", "µs", "95th percentile of that latency");
    other("<op>_intended_p99_us", "µs", "99th percentile of that latency");
    other("<op>_intended_p999_us", "µs", "99.9th percentile of that latency");
    other("<op>_intended_max_us", "µs", "highest of that latency");
    other(
        "predicted_tier",
        "",
        "where the sizes say the data lives: wt-cache, fs-cache, slightly-over, far-over");
    other(
        "predicted_tier_basis",
        "",
        "which bytes decided the prediction: live (file_live_bytes), file (storage_bytes +"
            + " index_bytes) or data (data + indexes)");
    other(
        "observed_tier",
        "",
        "where the measured hit ratios say it lived; unclassified without WiredTiger figures");
    other(
        "observed_tier_fs_hit_basis",
        "",
        "which filesystem hit ratio the observed tier used: ops (fs_hit_ratio_ops) or bytes"
            + " (fs_hit_ratio)");
    other(
        "tier_mismatch",
        "yes/no",
        "the predicted and observed tiers differ (never on the embedded server, whose profile"
            + " memory is a label)");
    other("client_bound", "yes/no", "the client, not the server, limited the throughput");
    other("latency_applied", "yes/no", "the profile's added latency was applied to the volume");
    other("latency_method", "", "how it was applied: dm or nbd; empty when not");
    other("page_cache_dropped", "yes/no", "the page cache was dropped before the cell");
    other(
        "continued_from",
        "",
        "the profile of the cell before, whose server this cell went on with (its caches warm,"
            + " only the disk's limits and latency changed in place); empty after a cold start");
    other("notes", "", "the cell's notes and warnings, separated by '; '");
    other(
        "threads",
        "",
        "client threads the cell's measured run used (--threads, else the workload's threadcount);"
            + " empty for cells saved before settings were recorded");
    other(
        "workload_properties",
        "",
        "the YCSB properties the cell's measured run had, after the command line's -p overrides,"
            + " as name=value separated by '; ' (not those the sweep sets per run, nor connection"
            + " settings); empty for cells saved before settings were recorded");
    other(
        "rerun_ops_per_sec_low",
        "ops/s",
        "lower end of where an identical sweep's throughput is expected to land (95%): from 2+"
            + " repeats their variation and 8% between sweeps, from one run its interval widened by"
            + " 1.25 as compare widens it (docs/compare.md); empty for a failed cell");
    other("rerun_ops_per_sec_high", "ops/s", "upper end of that range");
  }

  private SummaryColumns() {}

  private static void other(String column, String unit, String description) {
    OTHERS.put(column, new String[] {unit, description});
  }

  /** summary.csv's columns in order, per-operation ones once with {@code <op>} for the type. */
  public static List<String> columns() {
    SortedSet<String> op = new TreeSet<>(List.of(OP));
    return SummaryCsv.header(op);
  }

  /** The columns of a report whose cells ran {@code ops}: READ, UPDATE, ... */
  public static List<String> columns(SortedSet<String> ops) {
    return SummaryCsv.header(ops);
  }

  /** The markdown of docs/columns.md; throws if a column has no description. */
  public static String markdown() {
    StringBuilder md = new StringBuilder();
    md.append("# summary.csv columns\n\n")
        .append("Every column of `summary.csv` (and the `tier-*.csv` files), in order: its unit")
        .append(" and what it is,\nand how a cell's repeats and a fleet's clients combine it.\n\n")
        .append("Generated from the code (`Metric`, `SummaryColumns`) by `ColumnsDocTest`: do not")
        .append(" edit by hand;\nregenerate with")
        .append(" `mvn -B -o -pl harness test -Dtest=ColumnsDocTest -Dupdate=true`.\n\n")
        .append("An empty field means not measured, never 0. A measured figure of a failed cell is")
        .append(" empty. `<op>`\nstands for each operation type the cells ran, in lower case")
        .append(" (`read`, `update`,\n`read-modify-write`, ...). A yes/no column holds `true` or")
        .append(" `false`. With `--repeats`, a figure\nnot listed with a rule is the repeats'")
        .append(" mean; merged reports combine the throughput and\nlatencies from all clients'")
        .append(" logs (see [report.md](report.md)).\n\n")
        .append("| column | unit | what | repeats | fleet |\n")
        .append("|---|---|---|---|---|\n");
    for (String column : columns()) {
      Metric m = metricOf(column);
      if (m != null) {
        row(md, column, m.unit().symbol(), m.description(), repeats(m), fleet(m));
        continue;
      }
      String[] other = OTHERS.get(column);
      if (other == null) {
        throw new IllegalStateException("summary.csv column " + column + " has no description");
      }
      row(md, column, other[0], other[1], "", "");
    }
    return md.toString();
  }

  private static Metric metricOf(String column) {
    for (Metric m : Metric.values()) {
      if (m.column().equals(column)) {
        return m;
      }
    }
    return null;
  }

  private static void row(
      StringBuilder md, String column, String unit, String what, String rep, String fleet) {
    md.append("| `")
        .append(column)
        .append("` | ")
        .append(unit)
        .append(" | ")
        .append(what.replace("|", "\\|"))
        .append(" | ")
        .append(rep)
        .append(" | ")
        .append(fleet)
        .append(" |\n");
  }

  private static String repeats(Metric m) {
    return switch (m.repeats()) {
      case MEAN -> "mean";
      case LOWEST -> "lowest";
      case FIRST -> "first repeat's";
      case SUM -> "sum";
      case RECOMPUTED -> "from all repeats";
    };
  }

  private static String fleet(Metric m) {
    return switch (m.fleet()) {
      case SERVER_PART -> "client 0's";
      case SUM -> "sum";
      case FLEET_SUM -> "sum over a fleet's slices";
      case OPS_WEIGHTED_MEAN -> "mean weighted by operations";
      case EARLIEST -> "earliest";
      case LOWEST -> "lowest";
      case CLIENT_COUNT -> "clients counted";
      case SLOWEST_CLIENT -> "slowest client's";
      case FASTEST_CLIENT -> "fastest client's";
      case START_SPREAD -> "latest less earliest start";
      case DROPPED -> "dropped";
    };
  }
}
