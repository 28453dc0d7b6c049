package io.github.mongodbtiered.report;

import io.github.mongodbtiered.intervals.IntervalLog;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellResultBuilder;
import java.io.IOException;
import java.util.function.BiConsumer;

/**
 * How a merged cell ({@link CellMerge}) gets a {@link CellColumn}'s value from the same cell of
 * several clients' reports, every part ok. The rules shared by several columns are named here.
 */
@FunctionalInterface
interface ColumnMerge {
  /**
   * Sets the column's field in {@code merged}.
   *
   * @throws CellMerge.Refused when the parts cannot be merged: the merged cell fails, saying why
   * @throws IOException when a merged log cannot be written
   */
  void into(CellResultBuilder merged, CellMerge.Parts parts) throws IOException, CellMerge.Refused;

  /** The cell's identity, the same in every part: the merged cell begins with it. */
  ColumnMerge SAME = (merged, parts) -> {};

  /** A part missing or failed fails the merged cell, before anything merges; else it is ok. */
  ColumnMerge ALL_OK = (merged, parts) -> {};

  /** Not carried into a merged cell: it has none. */
  ColumnMerge DROPPED = (merged, parts) -> {};

  /** Derived from the merged cell's other fields when it is read. */
  ColumnMerge DERIVED = (merged, parts) -> {};

  /** The clients ran side by side: operations and throughput add up, the runtime is the longest. */
  ColumnMerge RUN =
      (merged, parts) ->
          merged.run(
              parts.all().stream().mapToLong(CellResult::operations).sum(),
              parts.all().stream().mapToLong(CellResult::runtimeMillis).reduce(0, Math::max),
              // Added in part order (DoubleStream.sum compensates, which could move the last
              // digit).
              parts.all().stream()
                  .mapToDouble(CellResult::throughputOpsPerSec)
                  .reduce(0, Double::sum));

  /** Per operation, the percentiles of all clients' logged service times together. */
  ColumnMerge SERVICE_LATENCIES =
      (merged, parts) -> merged.latencies(parts.latencies(CellResult::latencies, ""));

  /** Per operation, the percentiles of all clients' logged intended-start times together. */
  ColumnMerge INTENDED_LATENCIES =
      (merged, parts) ->
          merged.intendedLatencies(
              parts.latencies(CellResult::intendedLatencies, IntervalLog.INTENDED_PREFIX));

  /** Both tiers, from the part that read the server's figures. */
  ColumnMerge TIERS =
      serverPart((merged, server) -> merged.tiers(server.predictedTier(), server.observedTier()));

  /**
   * Where the cell came from and which part gave the server's figures, then the notes every client
   * has once, the others prefixed with the client, each client's throughput and the time series'.
   */
  ColumnMerge NOTES = (merged, parts) -> parts.notes(merged);

  /**
   * The field of the part that read the server's figures (a fleet's client 0, else the first
   * input): the clients shared one server, so its figures are the same run seen from each.
   */
  static ColumnMerge serverPart(BiConsumer<CellResultBuilder, CellResult> copy) {
    return (merged, parts) -> copy.accept(merged, parts.serverPart());
  }
}
