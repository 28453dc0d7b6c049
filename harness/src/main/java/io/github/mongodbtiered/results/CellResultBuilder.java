package io.github.mongodbtiered.results;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/** Collects a cell's figures; every setter returns this builder. */
public final class CellResultBuilder {
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
  private String continuedFrom = "";
  private final List<String> notes = new ArrayList<>();
  private CellSettings settings;
  private final SortedMap<String, Long> failedOperations = new TreeMap<>();
  private final List<RepeatRun> repeatRuns = new ArrayList<>();
  private final SortedMap<String, LatencyStats> intendedLatencies = new TreeMap<>();

  CellResultBuilder(long recordCount, String profile, ServerKind server) {
    this.recordCount = recordCount;
    this.profile = profile;
    this.server = server;
  }

  public CellResultBuilder failed(String why) {
    status = CellStatus.FAILED;
    error = why;
    return this;
  }

  /** The measured run: how many operations, how long, and their rate. */
  public CellResultBuilder run(long operations, long runtimeMillis, double throughputOpsPerSec) {
    this.operations = operations;
    this.runtimeMillis = runtimeMillis;
    this.throughputOpsPerSec = throughputOpsPerSec;
    return this;
  }

  public CellResultBuilder latency(String operation, LatencyStats stats) {
    latencies.put(operation, stats);
    return this;
  }

  public CellResultBuilder latencies(Map<String, LatencyStats> byOperation) {
    latencies.putAll(byOperation);
    return this;
  }

  /** One operation type's latencies from the intended start times (an open-loop run). */
  public CellResultBuilder intendedLatency(String operation, LatencyStats stats) {
    intendedLatencies.put(operation, stats);
    return this;
  }

  /** Latencies from the intended start times, per operation type (an open-loop run). */
  public CellResultBuilder intendedLatencies(Map<String, LatencyStats> byOperation) {
    intendedLatencies.putAll(byOperation);
    return this;
  }

  /** Sets the figure; a null value leaves it unmeasured (and removes an earlier one). */
  public CellResultBuilder metric(Metric metric, Number value) {
    if (value == null) {
      metrics.remove(metric);
    } else {
      metrics.put(metric, value.doubleValue());
    }
    return this;
  }

  public CellResultBuilder metrics(Map<Metric, Double> figures) {
    figures.forEach(this::metric);
    return this;
  }

  public CellResultBuilder tiers(Tier predicted, Tier observed) {
    predictedTier = predicted;
    observedTier = observed;
    return this;
  }

  /** Which bytes decided the predicted tier; null when there is none. */
  public CellResultBuilder predictedTierBasis(PredictedTierBasis basis) {
    predictedTierBasis = basis;
    return this;
  }

  /** Which filesystem hit ratio the observed tier was classified from; null when neither. */
  public CellResultBuilder fsHitBasis(FsHitBasis basis) {
    fsHitBasis = basis;
    return this;
  }

  public CellResultBuilder clientBound(boolean value) {
    clientBound = value;
    return this;
  }

  /** How the latency was added ({@code dm}, {@code nbd}), or empty. */
  public CellResultBuilder latencyMethod(String value) {
    latencyMethod = value;
    return this;
  }

  public CellResultBuilder latencyApplied(boolean value) {
    latencyApplied = value;
    return this;
  }

  public CellResultBuilder pageCacheDropped(boolean value) {
    pageCacheDropped = value;
    return this;
  }

  /** The profile whose cell's server this one went on with; empty after a cold start. */
  public CellResultBuilder continuedFrom(String profile) {
    continuedFrom = profile;
    return this;
  }

  public CellResultBuilder note(String note) {
    notes.add(note);
    return this;
  }

  public CellResultBuilder notes(List<String> more) {
    notes.addAll(more);
    return this;
  }

  /** What the cell was measured under. */
  public CellResultBuilder settings(CellSettings value) {
    settings = value;
    return this;
  }

  /** Failed operations per operation type, for each type the run performed. */
  public CellResultBuilder failedOperations(Map<String, Long> byOperation) {
    failedOperations.putAll(byOperation);
    return this;
  }

  /** Each repeat by itself, in order (replacing any set before). */
  public CellResultBuilder repeatRuns(List<RepeatRun> runs) {
    repeatRuns.clear();
    repeatRuns.addAll(runs);
    return this;
  }

  public CellResult build() {
    return new CellResult(
        new CellResult.Id(recordCount, profile, server),
        new CellResult.Outcome(status, error),
        new CellResult.RunCounts(
            operations, runtimeMillis, throughputOpsPerSec, failedOperations, repeatRuns),
        new CellResult.Latencies(latencies, intendedLatencies),
        metrics,
        new CellResult.Tiers(predictedTier, observedTier, fsHitBasis, predictedTierBasis),
        new CellResult.Conditions(
            clientBound, latencyApplied, latencyMethod, pageCacheDropped, continuedFrom),
        notes,
        settings);
  }

  /** This builder holding every part of {@code c}. */
  static CellResultBuilder of(CellResult c) {
    CellResultBuilder b = new CellResultBuilder(c.recordCount(), c.profile(), c.server());
    b.status = c.status();
    b.error = c.error();
    b.operations = c.operations();
    b.runtimeMillis = c.runtimeMillis();
    b.throughputOpsPerSec = c.throughputOpsPerSec();
    b.latencies.putAll(c.latencies());
    b.metrics.putAll(c.metrics());
    b.predictedTier = c.predictedTier();
    b.observedTier = c.observedTier();
    b.fsHitBasis = c.fsHitBasis();
    b.predictedTierBasis = c.predictedTierBasis();
    b.clientBound = c.clientBound();
    b.latencyApplied = c.latencyApplied();
    b.latencyMethod = c.latencyMethod();
    b.pageCacheDropped = c.pageCacheDropped();
    b.continuedFrom = c.continuedFrom();
    b.notes.addAll(c.notes());
    b.settings = c.settings();
    b.failedOperations.putAll(c.failedOperations());
    b.intendedLatencies.putAll(c.intendedLatencies());
    b.repeatRuns.addAll(c.repeatRuns());
    return b;
  }
}
