package io.github.mongodbtiered.binding;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoCommandException;
import com.mongodb.MongoException;
import com.mongodb.MongoNodeIsRecoveringException;
import com.mongodb.MongoNotPrimaryException;
import com.mongodb.MongoSocketException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.MongoWriteConcernException;
import com.mongodb.MongoWriteException;
import com.mongodb.bulk.BulkWriteError;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Client-side retries for an overloaded or failing-over deployment: at most {@code maxRetries}
 * extra attempts and at most {@code maxTimeMillis} spent in all, each wait drawn uniformly from [0,
 * min(maxDelay, baseDelay * 2^attempt)] ("full jitter"), so that many clients backing off at once
 * do not retry in lock step. Off when {@code maxRetries} is 0 (the default).
 */
public record RetryPolicy(
    int maxRetries, long baseDelayMillis, long maxDelayMillis, long maxTimeMillis) {

  /** Server error codes that mean "try again later", not "this request is wrong". */
  static final Set<Integer> RETRYABLE_CODES =
      Set.of(
          6, // HostUnreachable
          7, // HostNotFound
          89, // NetworkTimeout
          91, // ShutdownInProgress
          189, // PrimarySteppedDown
          262, // ExceededTimeLimit
          462, // IngressRequestRateLimitExceeded
          9001, // SocketException
          10107, // NotWritablePrimary
          11600, // InterruptedAtShutdown
          11602, // InterruptedDueToReplStateChange
          13435, // NotPrimaryNoSecondaryOk
          13436 // NotPrimaryOrSecondary
          );

  static final int DUPLICATE_KEY = 11000;

  public boolean enabled() {
    return maxRetries > 0;
  }

  /** The wait before retry number {@code attempt} (1-based), with full jitter. */
  public long backoffMillis(int attempt) {
    int exponent = Math.min(attempt - 1, 30);
    long cap = Math.min(maxDelayMillis, baseDelayMillis << exponent);
    return ThreadLocalRandom.current().nextLong(cap + 1);
  }

  /** Whether an attempt that failed with {@code e} may succeed if simply tried again. */
  public static boolean isRetryable(Throwable e) {
    if (e instanceof MongoSocketException
        || e instanceof MongoTimeoutException
        || e instanceof MongoNotPrimaryException
        || e instanceof MongoNodeIsRecoveringException) {
      return true;
    }
    if (e instanceof MongoException me) {
      if (me.hasErrorLabel("RetryableWriteError")
          || me.hasErrorLabel("RetryableError")
          || me.hasErrorLabel("SystemOverloadedError")) {
        return true;
      }
      if (e instanceof MongoWriteConcernException wce) {
        return RETRYABLE_CODES.contains(wce.getWriteConcernError().getCode());
      }
      if (e instanceof MongoWriteException we) {
        return RETRYABLE_CODES.contains(we.getError().getCode());
      }
      if (e instanceof MongoBulkWriteException bwe) {
        if (bwe.getWriteConcernError() != null
            && RETRYABLE_CODES.contains(bwe.getWriteConcernError().getCode())) {
          return true;
        }
        return !bwe.getWriteErrors().isEmpty()
            && bwe.getWriteErrors().stream().allMatch(RetryPolicy::isRetryable);
      }
      if (e instanceof MongoCommandException ce) {
        return RETRYABLE_CODES.contains(ce.getErrorCode());
      }
      return RETRYABLE_CODES.contains(me.getCode());
    }
    return false;
  }

  static boolean isRetryable(BulkWriteError error) {
    return RETRYABLE_CODES.contains(error.getCode());
  }

  static boolean isDuplicateKey(Throwable e) {
    if (e instanceof MongoWriteException we) {
      return we.getError().getCode() == DUPLICATE_KEY;
    }
    if (e instanceof MongoBulkWriteException bwe) {
      return !bwe.getWriteErrors().isEmpty()
          && bwe.getWriteErrors().stream().allMatch(w -> w.getCode() == DUPLICATE_KEY);
    }
    return e instanceof MongoException me && me.getCode() == DUPLICATE_KEY;
  }
}
