package io.github.mongodbtiered.ycsb;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import java.util.concurrent.locks.Lock;
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;

/**
 * The switch one client's threads share while they alternate between servers ("arms"): which arm
 * holds the current slice, and each arm's latencies and outcomes per operation type since its last
 * slice was closed. {@link AlternatingDb} sends every operation to the arm active when it starts
 * and records it there; {@link AlternatingPhase} moves the switch and closes the slices.
 *
 * <p>An operation in flight when the switch moves finishes on its arm and is recorded there, so it
 * counts in that arm's next slice: nothing is lost, and no arm is credited with another's work. An
 * operation's latency and its outcome always fall in the same slice.
 */
public final class Alternation implements AutoCloseable {
  /** YCSB's DB classes are made by name: they find their alternation by this property's id. */
  public static final String ID_PROPERTY = "alternation.id";

  /** The URL of arm {@code i} is the property {@code alternation.url.i}. */
  public static final String URL_PROPERTY_PREFIX = "alternation.url.";

  private static final Map<String, Alternation> OPEN = new ConcurrentHashMap<>();
  private static final AtomicInteger IDS = new AtomicInteger();

  private final String id;
  private final List<Map<String, Recorder>> latencies = new ArrayList<>();
  private final List<Map<String, Map<String, LongAdder>>> outcomes = new ArrayList<>();
  // Threads record under the read side, together; a slice closes under the write side, so it never
  // falls between an operation's latency and its outcome.
  private final List<ReadWriteLock> pairs = new ArrayList<>();
  private volatile int active;

  private Alternation(int arms) {
    if (arms < 2) {
      throw new IllegalArgumentException("an alternation needs two or more arms, not " + arms);
    }
    this.id = Integer.toString(IDS.incrementAndGet());
    for (int i = 0; i < arms; i++) {
      latencies.add(new ConcurrentHashMap<>());
      outcomes.add(new ConcurrentHashMap<>());
      pairs.add(new ReentrantReadWriteLock());
    }
  }

  /** A new alternation of {@code arms} arms, arm 0 active, found by its {@link #id()}. */
  public static Alternation open(int arms) {
    Alternation a = new Alternation(arms);
    OPEN.put(a.id, a);
    return a;
  }

  /** The open alternation of this id, or null. */
  static Alternation byId(String id) {
    return id == null ? null : OPEN.get(id);
  }

  public String id() {
    return id;
  }

  public int arms() {
    return latencies.size();
  }

  /** The arm the next operation goes to. */
  public int active() {
    return active;
  }

  public void activate(int arm) {
    if (arm < 0 || arm >= arms()) {
      throw new IllegalArgumentException("no arm " + arm + " of " + arms());
    }
    active = arm;
  }

  /**
   * Records one operation of {@code arm}.
   *
   * @param operation YCSB's name of it ({@code READ}, {@code UPDATE}, ...)
   * @param status YCSB's status name ({@code OK}, {@code NOT_FOUND}, {@code ERROR}, ...)
   */
  public void record(int arm, String operation, String status, long latencyMicros) {
    Lock pair = pairs.get(arm).readLock();
    pair.lock();
    try {
      latencies
          .get(arm)
          .computeIfAbsent(operation, k -> new Recorder(3))
          .recordValue(Math.max(0, latencyMicros));
      outcomes
          .get(arm)
          .computeIfAbsent(operation, k -> new ConcurrentHashMap<>())
          .computeIfAbsent(status, k -> new LongAdder())
          .increment();
    } finally {
      pair.unlock();
    }
  }

  /**
   * Closes the slice of {@code arm}: its latencies per operation type since its last slice closed,
   * stamped with the slice's start and end, and its outcomes counted since then. Each operation
   * type in {@code always} gets a histogram, empty when the arm did none of it.
   */
  Slice close(int arm, long startMillis, long endMillis, List<String> always) {
    Lock pair = pairs.get(arm).writeLock();
    pair.lock();
    try {
      return closeLocked(arm, startMillis, endMillis, always);
    } finally {
      pair.unlock();
    }
  }

  private Slice closeLocked(int arm, long startMillis, long endMillis, List<String> always) {
    Map<String, Histogram> byOperation = new TreeMap<>();
    for (String op : always) {
      latencies.get(arm).computeIfAbsent(op, k -> new Recorder(3));
    }
    latencies
        .get(arm)
        .forEach(
            (op, recorder) -> {
              Histogram h = recorder.getIntervalHistogram();
              h.setStartTimeStamp(startMillis);
              h.setEndTimeStamp(endMillis);
              byOperation.put(op, h);
            });
    Map<String, Map<String, Long>> counted = new TreeMap<>();
    outcomes
        .get(arm)
        .forEach(
            (op, byStatus) ->
                byStatus.forEach(
                    (status, n) ->
                        counted
                            .computeIfAbsent(op, k -> new TreeMap<>())
                            .put(status, n.sumThenReset())));
    return new Slice(arm, startMillis, endMillis, byOperation, counted);
  }

  /**
   * One closed slice of one arm.
   *
   * @param latencies per operation type, in microseconds, stamped with the slice's times
   * @param outcomes per operation type, the count of each status
   */
  record Slice(
      int arm,
      long startMillis,
      long endMillis,
      Map<String, Histogram> latencies,
      Map<String, Map<String, Long>> outcomes) {}

  @Override
  public void close() {
    OPEN.remove(id);
  }
}
