package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.report.BaselineTable;
import io.github.mongodbtiered.results.BaselineStep;

/**
 * {@code disk-baseline}'s rows: the {@link BaselineTable} columns a sweep's report shares, and
 * after them the latency the profile asked for and whether the data volume applied it ({@link
 * AppliedLatency}), which only this command prints.
 */
final class BaselineRows {
  private BaselineRows() {}

  static String csvHeader() {
    return BaselineTable.csvHeader() + "," + AppliedLatency.CSV_COLUMNS;
  }

  static String csvRow(BaselineStep step, AppliedLatency latency) {
    return BaselineTable.csvRow(step) + "," + latency.csvColumns();
  }

  /** The header; the latency is the last column, left-aligned, so it needs no fixed width. */
  static String textHeader() {
    return BaselineTable.textHeader() + "  added latency";
  }

  static String textRow(BaselineStep step, AppliedLatency latency) {
    return BaselineTable.textRow(step) + "  " + latency.text();
  }
}
