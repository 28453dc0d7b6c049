package io.github.mongodbtiered.report;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The outcome of one sweep cell (record count x profile), as plain data that formatters turn into
 * CSV, JSON or text.
 *
 * @param recordCount records in the data set
 * @param profile the disk profile's name (a label only, when the server is not throttled)
 * @param server {@code docker}, {@code url} or {@code embedded}
 * @param status {@code ok} or {@code failed}
 * @param error why the cell failed (empty when ok); never holds credentials
 * @param operations operations measured (warm-up excluded)
 * @param runtimeMillis length of the measured run
 * @param throughputOpsPerSec operations per second over the measured run
 * @param latencies per operation type (READ, UPDATE, ...), sorted by name
 * @param metrics the other figures; a missing key means "not measured"
 * @param predictedTier where sizes say the working set lives ({@code Tier} names), or empty
 * @param observedTier where the hit ratios say it lives, or empty when they were not measured
 * @param clientBound true when the client, not the server, limited throughput
 * @param latencyApplied whether the profile's added latency was in effect
 * @param pageCacheDropped whether the host page cache was dropped before the cell
 * @param notes warnings for this cell (limits not enforced, tier mismatch, ...)
 */
public record CellResult(
    long recordCount,
    String profile,
    String server,
    String status,
    String error,
    long operations,
    long runtimeMillis,
    double throughputOpsPerSec,
    SortedMap<String, LatencyStats> latencies,
    Map<Metric, Double> metrics,
    String predictedTier,
    String observedTier,
    boolean clientBound,
    boolean latencyApplied,
    boolean pageCacheDropped,
    List<String> notes) {

  public static final String OK = "ok";
  public static final String FAILED = "failed";

  public CellResult {
    latencies = new TreeMap<>(latencies);
    EnumMap<Metric, Double> m = new EnumMap<>(Metric.class);
    m.putAll(metrics);
    metrics = m;
    notes = List.copyOf(notes);
  }

  /** True when the observed tier was measured and differs from the predicted one. */
  public boolean tierMismatch() {
    return !predictedTier.isEmpty()
        && !observedTier.isEmpty()
        && !predictedTier.equals(observedTier);
  }

  /** A failed cell: what was known, and why it failed. */
  public static CellResult failed(long recordCount, String profile, String server, String error) {
    return new CellResult(
        recordCount,
        profile,
        server,
        FAILED,
        error,
        0,
        0,
        0,
        new TreeMap<>(),
        Map.of(),
        "",
        "",
        false,
        false,
        false,
        List.of());
  }

  /** This cell with one more figure (or a replaced one). */
  public CellResult withMetric(Metric metric, double value) {
    Map<Metric, Double> m = new EnumMap<>(metrics);
    m.put(metric, value);
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
        m,
        predictedTier,
        observedTier,
        clientBound,
        latencyApplied,
        pageCacheDropped,
        notes);
  }

  /** "2000000 x hdd-150", for progress lines and file names. */
  public String key() {
    return recordCount + " x " + profile;
  }
}
