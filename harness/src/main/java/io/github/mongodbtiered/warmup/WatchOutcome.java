package io.github.mongodbtiered.warmup;

import java.util.Collections;
import java.util.List;
import java.util.NavigableMap;
import java.util.TreeMap;

/**
 * How a warm-up phase watched by {@link SteadyStateWatch} ended, read once the phase is over.
 *
 * @param steadyAtMillis time from the phase's start to the steady state, or -1 when it was not
 *     reached
 * @param liftedMillis phase time at which the disk limits went back, or -1 when they did not (or
 *     were never lifted)
 * @param liftedSteady whether the caches were steady when the disk limits went back (false: the
 *     bound passed)
 * @param limitsIdle whether the warm-up ended with the limits lifted because its device I/O stayed
 *     below them, so its steady state stands under them
 * @param carriedOver whether the steady state was the cell before's, carried over ({@link
 *     WatchMode.CarryOver})
 * @param restoreFailure why the disk limits could not be put back, or null
 * @param throughputOnly whether the server gave no cache figures and throughput alone decided
 * @param waits the tests that kept the warm-up going at each of its samples, by phase time (ms):
 *     {@link SteadyStateDetector#waitingOn()}, empty at the sample that found the steady state
 * @param lastWindow the last window's figures, for a note ({@link SteadyStateDetector#describe()})
 */
public record WatchOutcome(
    long steadyAtMillis,
    long liftedMillis,
    boolean liftedSteady,
    boolean limitsIdle,
    boolean carriedOver,
    Exception restoreFailure,
    boolean throughputOnly,
    NavigableMap<Long, List<String>> waits,
    String lastWindow) {

  public WatchOutcome {
    waits = Collections.unmodifiableNavigableMap(new TreeMap<>(waits));
  }

  /** Whether the warm-up reached the steady state. */
  public boolean steady() {
    return steadyAtMillis >= 0;
  }
}
