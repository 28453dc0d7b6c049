package io.github.mongodbtiered.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The outcome of one sweep cell (record count x profile), as plain data that formats turn into CSV,
 * JSON, plots or a page. Built with {@link #builder}; changed copies come from {@link #toBuilder}.
 *
 * <p>Its parts are unwrapped in JSON, so a cell file is one flat object as it always was; the
 * accessors of the parts' fields are repeated here ({@link #recordCount()}, ...) for readers.
 *
 * @param id which cell
 * @param outcome whether the figures are a result
 * @param counts what the measured run did
 * @param timing latencies per operation type
 * @param metrics the other figures; a missing key means "not measured"
 * @param tiers where the working set lives, by sizes and by hit ratios
 * @param conditions what the run's figures depend on besides the server
 * @param notes warnings for this cell (limits not enforced, tier mismatch, ...)
 * @param settings what the cell was measured under, compared on resume; null in cells saved before
 *     it was recorded
 */
public record CellResult(
    @JsonUnwrapped Id id,
    @JsonUnwrapped Outcome outcome,
    @JsonUnwrapped RunCounts counts,
    @JsonUnwrapped Latencies timing,
    Map<Metric, Double> metrics,
    @JsonUnwrapped Tiers tiers,
    @JsonUnwrapped Conditions conditions,
    List<String> notes,
    CellSettings settings) {

  public CellResult {
    EnumMap<Metric, Double> m = new EnumMap<>(Metric.class);
    if (metrics != null) {
      m.putAll(metrics);
    }
    metrics = m;
    notes = notes == null ? List.of() : List.copyOf(notes);
  }

  /**
   * Which cell.
   *
   * @param recordCount records in the data set
   * @param profile the disk profile's name (a label only, when the server is not throttled)
   * @param server what served the cell
   */
  public record Id(long recordCount, String profile, ServerKind server) {}

  /**
   * @param status whether the figures are a result
   * @param error why the cell failed (empty when ok); never holds credentials
   */
  public record Outcome(CellStatus status, String error) {
    public Outcome {
      error = error == null ? "" : error;
    }
  }

  /**
   * @param operations operations measured (warm-up excluded)
   * @param runtimeMillis length of the measured run
   * @param throughputOpsPerSec operations per second over the measured run
   * @param failedOperations failed operations of the measured run per operation type (READ, UPDATE,
   *     ...; a READ that found no record counts, as the data set holds every key), for each type
   *     the run performed; empty when not recorded (cells saved before it was, or no run)
   * @param repeatRuns each repeat by itself, in order, for a cell of two or more repeats; empty for
   *     one run and in cells saved before they were recorded
   */
  public record RunCounts(
      long operations,
      long runtimeMillis,
      double throughputOpsPerSec,
      SortedMap<String, Long> failedOperations,
      // Left out when empty: a one-run cell's file is as it was.
      @JsonInclude(JsonInclude.Include.NON_EMPTY) List<RepeatRun> repeatRuns) {
    public RunCounts {
      failedOperations = new TreeMap<>(failedOperations == null ? Map.of() : failedOperations);
      repeatRuns = repeatRuns == null ? List.of() : List.copyOf(repeatRuns);
    }
  }

  /**
   * @param latencies per operation type (READ, UPDATE, ...), sorted by name
   * @param intendedLatencies per operation type, latencies from each operation's intended start
   *     rather than its actual one (YCSB's {@code Intended-READ}, ... logs), which include the time
   *     an open-loop run ({@code --target}) kept the operation waiting behind the ones before;
   *     empty for a closed loop, which has no schedule, and in cells saved before they were
   *     recorded
   */
  public record Latencies(
      SortedMap<String, LatencyStats> latencies,
      SortedMap<String, LatencyStats> intendedLatencies) {
    public Latencies {
      latencies = new TreeMap<>(latencies == null ? Map.of() : latencies);
      intendedLatencies = new TreeMap<>(intendedLatencies == null ? Map.of() : intendedLatencies);
    }
  }

  /**
   * @param predictedTier where sizes say the working set lives, or null when sizes were not known
   * @param observedTier where the hit ratios say it lives, or null when they were not measured
   * @param fsHitBasis which filesystem hit ratio {@code observedTier} was classified from; null
   *     when neither was known, and in cells saved before it was recorded (those used bytes)
   * @param predictedTierBasis which bytes decided {@code predictedTier}; null when it is null, and
   *     in cells saved before it was recorded (those used the file size)
   */
  public record Tiers(
      Tier predictedTier,
      Tier observedTier,
      FsHitBasis fsHitBasis,
      PredictedTierBasis predictedTierBasis) {}

  /**
   * @param clientBound true when the client, not the server, limited throughput
   * @param latencyApplied whether the profile's added latency was in effect (the data volume added
   *     it; also true on that volume for a profile that asks none, which then got 0 ms)
   * @param latencyMethod how it was added: {@code dm} or {@code nbd}; empty when it was not
   * @param pageCacheDropped whether the host page cache was dropped before the cell
   * @param continuedFrom the profile of the cell before, whose server (and caches) this cell went
   *     on with, only the disk's limits and latency changed; empty after a cold start
   */
  public record Conditions(
      boolean clientBound,
      boolean latencyApplied,
      String latencyMethod,
      boolean pageCacheDropped,
      String continuedFrom) {
    public Conditions {
      latencyMethod = latencyMethod == null ? "" : latencyMethod;
      continuedFrom = continuedFrom == null ? "" : continuedFrom;
    }
  }

  // The parts' fields, read through the cell as before the parts existed.

  public long recordCount() {
    return id.recordCount();
  }

  public String profile() {
    return id.profile();
  }

  public ServerKind server() {
    return id.server();
  }

  public CellStatus status() {
    return outcome.status();
  }

  public String error() {
    return outcome.error();
  }

  public long operations() {
    return counts.operations();
  }

  public long runtimeMillis() {
    return counts.runtimeMillis();
  }

  public double throughputOpsPerSec() {
    return counts.throughputOpsPerSec();
  }

  public SortedMap<String, Long> failedOperations() {
    return counts.failedOperations();
  }

  public List<RepeatRun> repeatRuns() {
    return counts.repeatRuns();
  }

  public SortedMap<String, LatencyStats> latencies() {
    return timing.latencies();
  }

  public SortedMap<String, LatencyStats> intendedLatencies() {
    return timing.intendedLatencies();
  }

  public Tier predictedTier() {
    return tiers.predictedTier();
  }

  public Tier observedTier() {
    return tiers.observedTier();
  }

  public FsHitBasis fsHitBasis() {
    return tiers.fsHitBasis();
  }

  public PredictedTierBasis predictedTierBasis() {
    return tiers.predictedTierBasis();
  }

  public boolean clientBound() {
    return conditions.clientBound();
  }

  public boolean latencyApplied() {
    return conditions.latencyApplied();
  }

  public String latencyMethod() {
    return conditions.latencyMethod();
  }

  public boolean pageCacheDropped() {
    return conditions.pageCacheDropped();
  }

  /** The profile whose cell's server this cell went on with, or empty after a cold start. */
  public String continuedFrom() {
    return conditions.continuedFrom();
  }

  /** An ok cell with nothing measured yet. */
  public static CellResultBuilder builder(long recordCount, String profile, ServerKind server) {
    return new CellResultBuilder(recordCount, profile, server);
  }

  /** A failed cell: what was known, and why it failed. */
  public static CellResult failed(
      long recordCount, String profile, ServerKind server, String error) {
    return builder(recordCount, profile, server).failed(error).build();
  }

  public boolean ok() {
    return outcome.status() == CellStatus.OK;
  }

  /**
   * True when both tiers are known and they differ, on a server whose memory the profile describes:
   * the embedded server's is the host's, the profile's only a label.
   */
  public boolean tierMismatch() {
    return !server().memoryIsOnlyALabel()
        && tiers.predictedTier() != null
        && tiers.observedTier() != null
        && tiers.predictedTier() != tiers.observedTier();
  }

  /** Failed operations of all types, or null when they were not recorded. */
  public Long failedOperationsTotal() {
    Map<String, Long> failed = counts.failedOperations();
    return failed.isEmpty() ? null : failed.values().stream().mapToLong(Long::longValue).sum();
  }

  /** The figure, or null when it was not measured. */
  public Double metric(Metric metric) {
    return metrics.get(metric);
  }

  /** This cell with one more figure (or a replaced one). */
  public CellResult withMetric(Metric metric, double value) {
    return toBuilder().metric(metric, value).build();
  }

  /**
   * {@code cells} in report order: profiles as {@code profileOrder} lists them, then any others in
   * the order they first appear; within a profile, record counts ascending.
   */
  public static List<CellResult> inProfileOrder(
      Collection<CellResult> cells, List<String> profileOrder) {
    Map<String, Integer> rank = new HashMap<>();
    profileOrder.forEach(p -> rank.putIfAbsent(p, rank.size()));
    cells.forEach(c -> rank.putIfAbsent(c.profile(), rank.size()));
    return cells.stream()
        .sorted(
            Comparator.comparingInt((CellResult c) -> rank.get(c.profile()))
                .thenComparingLong(CellResult::recordCount))
        .toList();
  }

  /** "2000000 x hdd-150", for progress lines and messages. */
  public String key() {
    return id.recordCount() + " x " + id.profile();
  }

  public CellResultBuilder toBuilder() {
    return CellResultBuilder.of(this);
  }
}
