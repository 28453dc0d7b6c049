package io.github.mongodbtiered.results;

import java.util.ArrayList;
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
 * @param recordCount records in the data set
 * @param profile the disk profile's name (a label only, when the server is not throttled)
 * @param server what served the cell
 * @param status whether the figures are a result
 * @param error why the cell failed (empty when ok); never holds credentials
 * @param operations operations measured (warm-up excluded)
 * @param runtimeMillis length of the measured run
 * @param throughputOpsPerSec operations per second over the measured run
 * @param latencies per operation type (READ, UPDATE, ...), sorted by name
 * @param metrics the other figures; a missing key means "not measured"
 * @param predictedTier where sizes say the working set lives, or null when sizes were not known
 * @param observedTier where the hit ratios say it lives, or null when they were not measured
 * @param fsHitBasis which filesystem hit ratio {@code observedTier} was classified from; null when
 *     neither was known, and in cells saved before it was recorded (those used bytes)
 * @param predictedTierBasis which bytes decided {@code predictedTier}; null when it is null, and in
 *     cells saved before it was recorded (those used the file size)
 * @param clientBound true when the client, not the server, limited throughput
 * @param latencyApplied whether the profile's added latency was in effect (the data volume added
 *     it; also true on that volume for a profile that asks none, which then got 0 ms)
 * @param latencyMethod how it was added: {@code dm} or {@code nbd}; empty when it was not
 * @param pageCacheDropped whether the host page cache was dropped before the cell
 * @param notes warnings for this cell (limits not enforced, tier mismatch, ...)
 * @param settings what the cell was measured under, compared on resume; null in cells saved before
 *     it was recorded
 * @param failedOperations failed operations of the measured run per operation type (READ, UPDATE,
 *     ...; a READ that found no record counts, as the data set holds every key), for each type the
 *     run performed; empty when not recorded (cells saved before it was, or no run took place)
 * @param intendedLatencies per operation type, latencies from each operation's intended start
 *     rather than its actual one (YCSB's {@code Intended-READ}, ... logs), which include the time
 *     an open-loop run ({@code --target}) kept the operation waiting behind the ones before; empty
 *     for a closed loop, which has no schedule, and in cells saved before they were recorded
 */
public record CellResult(
    long recordCount,
    String profile,
    ServerKind server,
    CellStatus status,
    String error,
    long operations,
    long runtimeMillis,
    double throughputOpsPerSec,
    SortedMap<String, LatencyStats> latencies,
    Map<Metric, Double> metrics,
    Tier predictedTier,
    Tier observedTier,
    FsHitBasis fsHitBasis,
    PredictedTierBasis predictedTierBasis,
    boolean clientBound,
    boolean latencyApplied,
    String latencyMethod,
    boolean pageCacheDropped,
    List<String> notes,
    CellSettings settings,
    SortedMap<String, Long> failedOperations,
    SortedMap<String, LatencyStats> intendedLatencies) {

  public CellResult {
    intendedLatencies = new TreeMap<>(intendedLatencies == null ? Map.of() : intendedLatencies);
    failedOperations = new TreeMap<>(failedOperations == null ? Map.of() : failedOperations);
    error = error == null ? "" : error;
    latencyMethod = latencyMethod == null ? "" : latencyMethod;
    latencies = new TreeMap<>(latencies == null ? Map.of() : latencies);
    EnumMap<Metric, Double> m = new EnumMap<>(Metric.class);
    if (metrics != null) {
      m.putAll(metrics);
    }
    metrics = m;
    notes = notes == null ? List.of() : List.copyOf(notes);
  }

  /** A closed-loop cell: no intended-time latencies. */
  public CellResult(
      long recordCount,
      String profile,
      ServerKind server,
      CellStatus status,
      String error,
      long operations,
      long runtimeMillis,
      double throughputOpsPerSec,
      SortedMap<String, LatencyStats> latencies,
      Map<Metric, Double> metrics,
      Tier predictedTier,
      Tier observedTier,
      FsHitBasis fsHitBasis,
      PredictedTierBasis predictedTierBasis,
      boolean clientBound,
      boolean latencyApplied,
      String latencyMethod,
      boolean pageCacheDropped,
      List<String> notes,
      CellSettings settings,
      SortedMap<String, Long> failedOperations) {
    this(
        recordCount,
        profile,
        server,
        status,
        error,
        operations,
        runtimeMillis,
        throughputOpsPerSec,
        latencies,
        metrics,
        predictedTier,
        observedTier,
        fsHitBasis,
        predictedTierBasis,
        clientBound,
        latencyApplied,
        latencyMethod,
        pageCacheDropped,
        notes,
        settings,
        failedOperations,
        null);
  }

  /** A cell that records neither the settings it was measured under nor its failed operations. */
  public CellResult(
      long recordCount,
      String profile,
      ServerKind server,
      CellStatus status,
      String error,
      long operations,
      long runtimeMillis,
      double throughputOpsPerSec,
      SortedMap<String, LatencyStats> latencies,
      Map<Metric, Double> metrics,
      Tier predictedTier,
      Tier observedTier,
      FsHitBasis fsHitBasis,
      boolean clientBound,
      boolean latencyApplied,
      String latencyMethod,
      boolean pageCacheDropped,
      List<String> notes) {
    this(
        recordCount,
        profile,
        server,
        status,
        error,
        operations,
        runtimeMillis,
        throughputOpsPerSec,
        latencies,
        metrics,
        predictedTier,
        observedTier,
        fsHitBasis,
        null,
        clientBound,
        latencyApplied,
        latencyMethod,
        pageCacheDropped,
        notes,
        null,
        null);
  }

  /** A cell that does not record which filesystem hit ratio its observed tier used. */
  public CellResult(
      long recordCount,
      String profile,
      ServerKind server,
      CellStatus status,
      String error,
      long operations,
      long runtimeMillis,
      double throughputOpsPerSec,
      SortedMap<String, LatencyStats> latencies,
      Map<Metric, Double> metrics,
      Tier predictedTier,
      Tier observedTier,
      boolean clientBound,
      boolean latencyApplied,
      boolean pageCacheDropped,
      List<String> notes) {
    this(
        recordCount,
        profile,
        server,
        status,
        error,
        operations,
        runtimeMillis,
        throughputOpsPerSec,
        latencies,
        metrics,
        predictedTier,
        observedTier,
        null,
        null,
        clientBound,
        latencyApplied,
        "",
        pageCacheDropped,
        notes,
        null,
        null);
  }

  /** An ok cell with nothing measured yet. */
  public static Builder builder(long recordCount, String profile, ServerKind server) {
    return new Builder(recordCount, profile, server);
  }

  /** A failed cell: what was known, and why it failed. */
  public static CellResult failed(
      long recordCount, String profile, ServerKind server, String error) {
    return builder(recordCount, profile, server).failed(error).build();
  }

  public boolean ok() {
    return status == CellStatus.OK;
  }

  /** True when both tiers are known and they differ. */
  public boolean tierMismatch() {
    return predictedTier != null && observedTier != null && predictedTier != observedTier;
  }

  /** Failed operations of all types, or null when they were not recorded. */
  public Long failedOperationsTotal() {
    return failedOperations.isEmpty()
        ? null
        : failedOperations.values().stream().mapToLong(Long::longValue).sum();
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
    return recordCount + " x " + profile;
  }

  public Builder toBuilder() {
    Builder b = new Builder(recordCount, profile, server);
    b.status = status;
    b.error = error;
    b.operations = operations;
    b.runtimeMillis = runtimeMillis;
    b.throughputOpsPerSec = throughputOpsPerSec;
    b.latencies.putAll(latencies);
    b.metrics.putAll(metrics);
    b.predictedTier = predictedTier;
    b.observedTier = observedTier;
    b.fsHitBasis = fsHitBasis;
    b.predictedTierBasis = predictedTierBasis;
    b.clientBound = clientBound;
    b.latencyApplied = latencyApplied;
    b.latencyMethod = latencyMethod;
    b.pageCacheDropped = pageCacheDropped;
    b.notes.addAll(notes);
    b.settings = settings;
    b.failedOperations.putAll(failedOperations);
    b.intendedLatencies.putAll(intendedLatencies);
    return b;
  }

  /** Collects a cell's figures; every setter returns this builder. */
  public static final class Builder {
    private final long recordCount;
    private final String profile;
    private final ServerKind server;
    private CellStatus status = CellStatus.OK;
    private String error = "";
    private long operations;
    private long runtimeMillis;
    private double throughputOpsPerSec;
    private final SortedMap<String, LatencyStats> latencies = new TreeMap<>();
    private final Map<Metric, Double> metrics = new EnumMap<>(Metric.class);
    private Tier predictedTier;
    private Tier observedTier;
    private FsHitBasis fsHitBasis;
    private PredictedTierBasis predictedTierBasis;
    private boolean clientBound;
    private boolean latencyApplied;
    private String latencyMethod = "";
    private boolean pageCacheDropped;
    private final List<String> notes = new ArrayList<>();
    private CellSettings settings;
    private final SortedMap<String, Long> failedOperations = new TreeMap<>();
    private final SortedMap<String, LatencyStats> intendedLatencies = new TreeMap<>();

    private Builder(long recordCount, String profile, ServerKind server) {
      this.recordCount = recordCount;
      this.profile = profile;
      this.server = server;
    }

    public Builder failed(String why) {
      status = CellStatus.FAILED;
      error = why;
      return this;
    }

    /** The measured run: how many operations, how long, and their rate. */
    public Builder run(long operations, long runtimeMillis, double throughputOpsPerSec) {
      this.operations = operations;
      this.runtimeMillis = runtimeMillis;
      this.throughputOpsPerSec = throughputOpsPerSec;
      return this;
    }

    public Builder latency(String operation, LatencyStats stats) {
      latencies.put(operation, stats);
      return this;
    }

    public Builder latencies(Map<String, LatencyStats> byOperation) {
      latencies.putAll(byOperation);
      return this;
    }

    /** One operation type's latencies from the intended start times (an open-loop run). */
    public Builder intendedLatency(String operation, LatencyStats stats) {
      intendedLatencies.put(operation, stats);
      return this;
    }

    /** Latencies from the intended start times, per operation type (an open-loop run). */
    public Builder intendedLatencies(Map<String, LatencyStats> byOperation) {
      intendedLatencies.putAll(byOperation);
      return this;
    }

    /** Sets the figure; a null value leaves it unmeasured (and removes an earlier one). */
    public Builder metric(Metric metric, Number value) {
      if (value == null) {
        metrics.remove(metric);
      } else {
        metrics.put(metric, value.doubleValue());
      }
      return this;
    }

    public Builder metrics(Map<Metric, Double> figures) {
      figures.forEach(this::metric);
      return this;
    }

    public Builder tiers(Tier predicted, Tier observed) {
      predictedTier = predicted;
      observedTier = observed;
      return this;
    }

    /** Which bytes decided the predicted tier; null when there is none. */
    public Builder predictedTierBasis(PredictedTierBasis basis) {
      predictedTierBasis = basis;
      return this;
    }

    /** Which filesystem hit ratio the observed tier was classified from; null when neither. */
    public Builder fsHitBasis(FsHitBasis basis) {
      fsHitBasis = basis;
      return this;
    }

    public Builder clientBound(boolean value) {
      clientBound = value;
      return this;
    }

    /** How the latency was added ({@code dm}, {@code nbd}), or empty. */
    public Builder latencyMethod(String value) {
      latencyMethod = value;
      return this;
    }

    public Builder latencyApplied(boolean value) {
      latencyApplied = value;
      return this;
    }

    public Builder pageCacheDropped(boolean value) {
      pageCacheDropped = value;
      return this;
    }

    public Builder note(String note) {
      notes.add(note);
      return this;
    }

    public Builder notes(List<String> more) {
      notes.addAll(more);
      return this;
    }

    /** What the cell was measured under. */
    public Builder settings(CellSettings value) {
      settings = value;
      return this;
    }

    /** Failed operations per operation type, for each type the run performed. */
    public Builder failedOperations(Map<String, Long> byOperation) {
      failedOperations.putAll(byOperation);
      return this;
    }

    public CellResult build() {
      return new CellResult(
          recordCount,
          profile,
          server,
          status,
          error,
          operations,
          runtimeMillis,
          throughputOpsPerSec,
          latencies,
          metrics,
          predictedTier,
          observedTier,
          fsHitBasis,
          predictedTierBasis,
          clientBound,
          latencyApplied,
          latencyMethod,
          pageCacheDropped,
          notes,
          settings,
          failedOperations,
          intendedLatencies);
    }
  }
}
