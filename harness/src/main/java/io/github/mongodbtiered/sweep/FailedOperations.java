package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.binding.MongoDbTieredClient;
import io.github.mongodbtiered.ycsb.ErrorBudget;
import io.github.mongodbtiered.ycsb.PhaseResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * A measured run's failed operations per operation type, from YCSB's {@code Return=} counts. Unlike
 * {@link PhaseResult#errors()}, a READ that found no record ({@code NOT_FOUND}) is a failure: the
 * sweep's data set holds every key the workload asks for, so a missing one means lost data.
 *
 * @param failed failed operations per type, for every type the run performed
 * @param attempted operations per type
 */
record FailedOperations(SortedMap<String, Long> failed, SortedMap<String, Long> attempted) {
  private static final Set<String> SUCCESSES = Set.of("OK", "BATCHED_OK");

  FailedOperations {
    failed = new TreeMap<>(failed);
    attempted = new TreeMap<>(attempted);
  }

  static FailedOperations of(PhaseResult run) {
    boolean batched =
        run.metrics().stream().anyMatch(m -> m.metric().equals(MongoDbTieredClient.INSERT_BATCH));
    SortedMap<String, Long> failed = new TreeMap<>();
    SortedMap<String, Long> attempted = new TreeMap<>();
    for (PhaseResult.Metric m : run.metrics()) {
      String name = m.metric();
      if (!m.measurement().startsWith("Return=")
          || name.startsWith(MongoDbTieredClient.RETRY_PREFIX)
          || (batched && name.equals("INSERT"))) {
        continue;
      }
      // A batch's records are inserts: counted per record, under INSERT.
      String type = name.equals(MongoDbTieredClient.INSERT_BATCH) ? "INSERT" : name;
      String status = m.measurement().substring("Return=".length());
      long n = (long) m.value();
      attempted.merge(type, n, Long::sum);
      failed.merge(type, SUCCESSES.contains(status) ? 0 : n, Long::sum);
    }
    return new FailedOperations(failed, attempted);
  }

  long total() {
    return failed.values().stream().mapToLong(Long::longValue).sum();
  }

  long attemptedTotal() {
    return attempted.values().stream().mapToLong(Long::longValue).sum();
  }

  /**
   * Why the run is not a result, e.g. "137 of 7150 READ operations failed (--max-errors 0)", or
   * null when the failures stay within {@code budget}.
   */
  String beyond(ErrorBudget budget) {
    if (budget.allows(total(), attemptedTotal())) {
      return null;
    }
    List<String> parts = new ArrayList<>();
    for (Map.Entry<String, Long> e : failed.entrySet()) {
      if (e.getValue() > 0) {
        parts.add(
            e.getValue() + " of " + attempted.get(e.getKey()) + " " + e.getKey() + " operations");
      }
    }
    return String.join(" and ", parts) + " failed (--max-errors " + budget + ")";
  }
}
