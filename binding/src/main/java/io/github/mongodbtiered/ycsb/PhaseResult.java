package io.github.mongodbtiered.ycsb;

import io.github.mongodbtiered.binding.MongoDbTieredClient;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What one YCSB phase measured, as plain data: every line YCSB's exporter wrote ({@code [METRIC],
 * measurement, value}), plus the phase's own totals.
 *
 * @param load true for the load phase, false for the transaction phase
 * @param opsDone operations the client threads completed (YCSB's own count)
 * @param runtimeMillis wall-clock time of the phase
 * @param metrics every exported figure, in export order
 */
public record PhaseResult(boolean load, long opsDone, long runtimeMillis, List<Metric> metrics) {

  /** Statuses that are not failures: a missing key is an answer, not an error. */
  private static final Set<String> NOT_ERRORS = Set.of("OK", "BATCHED_OK", "NOT_FOUND");

  public PhaseResult {
    metrics = List.copyOf(metrics);
  }

  /** One exported figure, e.g. {@code [READ], 99thPercentileLatency(us), 412}. */
  public record Metric(String metric, String measurement, double value) {}

  public double throughputOpsPerSec() {
    return runtimeMillis == 0 ? 0 : opsDone * 1000.0 / runtimeMillis;
  }

  /** The figure, or NaN when YCSB did not export it. */
  public double value(String metric, String measurement) {
    for (Metric m : metrics) {
      if (m.metric().equals(metric) && m.measurement().equals(measurement)) {
        return m.value();
      }
    }
    return Double.NaN;
  }

  /** {@code Return=} counts of one metric by status name, e.g. {OK=9990, ERROR=10}. */
  public Map<String, Long> returnCounts(String metric) {
    Map<String, Long> counts = new TreeMap<>();
    for (Metric m : metrics) {
      if (m.metric().equals(metric) && m.measurement().startsWith("Return=")) {
        counts.merge(m.measurement().substring("Return=".length()), (long) m.value(), Long::sum);
      }
    }
    return counts;
  }

  /**
   * Operations (records, for batched inserts) that failed. When inserts were batched, the
   * per-record counts of {@code INSERT-BATCH} replace the per-call counts of {@code INSERT}, so
   * that a failed batch of 100 counts 100 and a record lost in the trailing batch is not missed.
   */
  public long errors() {
    return tally(false);
  }

  /** Operations (records, for batched inserts) attempted, the denominator of the error rate. */
  public long attempts() {
    return tally(true);
  }

  private long tally(boolean all) {
    boolean batched = metrics.stream().anyMatch(m -> isBatch(m.metric()));
    long n = 0;
    for (Metric m : metrics) {
      String name = m.metric();
      if (!m.measurement().startsWith("Return=")
          || name.startsWith(MongoDbTieredClient.RETRY_PREFIX)
          || (batched && name.equals("INSERT"))) {
        continue;
      }
      String status = m.measurement().substring("Return=".length());
      if (all || !NOT_ERRORS.contains(status)) {
        n += (long) m.value();
      }
    }
    return n;
  }

  private static boolean isBatch(String metric) {
    return metric.equals(MongoDbTieredClient.INSERT_BATCH);
  }
}
