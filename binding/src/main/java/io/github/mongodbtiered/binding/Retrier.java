package io.github.mongodbtiered.binding;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoException;
import com.mongodb.bulk.BulkWriteError;
import java.util.List;
import java.util.function.Supplier;
import site.ycsb.measurements.Measurements;

/**
 * One client's retries under its {@link RetryPolicy}: whether a failed attempt may be tried again,
 * the backoff before it, and the count of retries under {@code RETRY-<OP>} in YCSB's measurements
 * (one operation per retry, its "latency" the backoff waited).
 */
final class Retrier {
  private final RetryPolicy policy;
  private final Measurements measurements;

  Retrier(RetryPolicy policy, Measurements measurements) {
    this.policy = policy;
    this.measurements = measurements;
  }

  /** Runs {@code action}, retrying retryable failures as the policy allows. */
  <T> T call(String operation, Supplier<T> action) {
    long startNanos = System.nanoTime();
    for (int attempt = 0; ; attempt++) {
      try {
        return action.get();
      } catch (MongoException e) {
        if (!RetryPolicy.isRetryable(e) || !mayRetry(attempt, startNanos)) {
          throw e;
        }
        pause(operation, attempt + 1);
      }
    }
  }

  /** Whether another attempt fits in the policy's count and time after {@code attemptsSoFar}. */
  boolean mayRetry(int attemptsSoFar, long startNanos) {
    long elapsedMillis = (System.nanoTime() - startNanos) / 1_000_000;
    return attemptsSoFar < policy.maxRetries() && elapsedMillis < policy.maxTimeMillis();
  }

  /** Waits before retry number {@code attempt} and counts it under RETRY-operation. */
  void pause(String operation, int attempt) {
    long waitMillis = policy.backoffMillis(attempt);
    try {
      Thread.sleep(waitMillis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    measurements.measure(MongoDbTieredClient.RETRY_PREFIX + operation, (int) (waitMillis * 1_000));
  }

  /**
   * Sorts the records of an unordered bulk write that failed: those worth another attempt go to
   * {@code again}, the rest failed for good.
   *
   * @param pending the records of the attempt, in the order they were sent
   * @param attempt 0 for the first attempt, then the retry number
   * @return how many records failed for good
   */
  <T> int sortBulkFailures(
      MongoBulkWriteException e, List<T> pending, int attempt, long startNanos, List<T> again) {
    boolean mayRetry = mayRetry(attempt, startNanos);
    int failed = 0;
    for (BulkWriteError error : e.getWriteErrors()) {
      if (attempt > 0 && error.getCode() == RetryPolicy.DUPLICATE_KEY) {
        continue; // written by the earlier attempt whose reply was lost
      }
      if (mayRetry && RetryPolicy.isRetryable(error)) {
        again.add(pending.get(error.getIndex()));
      } else {
        failed++;
      }
    }
    if (e.getWriteConcernError() != null && e.getWriteErrors().isEmpty()) {
      // Written but not acknowledged as the write concern asked: retry all, or count all.
      if (mayRetry && RetryPolicy.isRetryable(e)) {
        again.addAll(pending);
      } else {
        failed += pending.size();
      }
    }
    return failed;
  }
}
