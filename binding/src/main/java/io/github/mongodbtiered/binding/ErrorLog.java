package io.github.mongodbtiered.binding;

import com.mongodb.MongoBulkWriteException;
import com.mongodb.MongoException;
import java.io.PrintStream;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.LongAdder;

/**
 * Prints the first occurrence of each distinct failure (operation, exception type, server error
 * code) and only counts the rest, so that a million failed reads give one line and a total rather
 * than a million stack traces. Messages are scrubbed of the connection string's secrets.
 */
final class ErrorLog {
  private final Map<String, LongAdder> counts = new ConcurrentHashMap<>();
  private final String url;
  private final PrintStream out;

  ErrorLog(String url, PrintStream out) {
    this.url = url;
    this.out = out;
  }

  void record(String operation, Throwable e) {
    String key = operation + " " + kind(e);
    LongAdder first = new LongAdder();
    LongAdder existing = counts.putIfAbsent(key, first);
    (existing == null ? first : existing).increment();
    if (existing == null) {
      out.println(
          "[mongodb-tiered] "
              + operation
              + " failed: "
              + kind(e)
              + ": "
              + Redaction.scrub(message(e), url)
              + " (later failures of this kind are counted, not printed)");
    }
  }

  /** Failure counts by "OPERATION ExceptionType[code]", sorted. */
  Map<String, Long> counts() {
    Map<String, Long> result = new TreeMap<>();
    counts.forEach((k, v) -> result.put(k, v.sum()));
    return result;
  }

  void printSummary() {
    Map<String, Long> c = counts();
    if (c.values().stream().anyMatch(n -> n > 1)) {
      c.forEach((k, n) -> out.println("[mongodb-tiered] " + k + " failures: " + n));
    }
  }

  /** A bulk error's message lists every failed record; one is enough to say what went wrong. */
  private static String message(Throwable e) {
    String m;
    if (e instanceof MongoBulkWriteException bwe && !bwe.getWriteErrors().isEmpty()) {
      m =
          bwe.getWriteErrors().size()
              + " record(s) of the batch failed, the first with: "
              + bwe.getWriteErrors().get(0).getMessage();
    } else {
      m = String.valueOf(e.getMessage());
    }
    return m.length() > 400 ? m.substring(0, 400) + "..." : m;
  }

  private static String kind(Throwable e) {
    String name = e.getClass().getSimpleName();
    if (e instanceof MongoBulkWriteException bwe && !bwe.getWriteErrors().isEmpty()) {
      return name + "[" + bwe.getWriteErrors().get(0).getCode() + "]";
    }
    if (e instanceof MongoException me && me.getCode() != -1) {
      return name + "[" + me.getCode() + "]";
    }
    return name;
  }
}
