package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.Metric;
import java.util.List;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * docs/columns.md, the reference of summary.csv's columns, rendered from the code: each {@link
 * CellColumn} and each {@link Metric} described by itself, in {@link SummaryCsv}'s order.
 */
public final class SummaryColumns {
  /** Stands for each operation type in the per-operation columns: {@code <op>_p99_us}. */
  static final String OP = "<OP>";

  private SummaryColumns() {}

  /** summary.csv's columns in order, per-operation ones once with {@code <op>} for the type. */
  public static List<String> columns() {
    SortedSet<String> op = new TreeSet<>(List.of(OP));
    return SummaryCsv.header(op);
  }

  /** The columns of a report whose cells ran {@code ops}: READ, UPDATE, ... */
  public static List<String> columns(SortedSet<String> ops) {
    return SummaryCsv.header(ops);
  }

  /** The markdown of docs/columns.md. */
  public static String markdown() {
    StringBuilder md = new StringBuilder();
    md.append("# summary.csv columns\n\n")
        .append("Every column of `summary.csv` (and the `tier-*.csv` files), in order: its unit")
        .append(" and what it is,\nand how a cell's repeats and a fleet's clients combine it.\n\n")
        .append("Generated from the code (`Metric`, `CellColumn`) by `ColumnsDocTest`: do not")
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
    CellColumn.inCsvOrder(
            new TreeSet<>(List.of(OP)),
            (c, type) -> row(c.column(type), c.unit(), c.description(type), "", ""),
            m -> row(m.column(), m.unit().symbol(), m.description(), repeats(m), fleet(m)))
        .forEach(md::append);
    return md.toString();
  }

  /** One line of the table. */
  private static String row(String column, String unit, String what, String rep, String fleet) {
    return "| `"
        + column
        + "` | "
        + unit
        + " | "
        + what.replace("|", "\\|")
        + " | "
        + rep
        + " | "
        + fleet
        + " |\n";
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
