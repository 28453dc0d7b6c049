package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.warmup.SteadyStateDetector;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The longer bound of this JVM's first warm-up. The JIT compilers' work outlives a cell: the
 * client's code, and the embedded server's, stay compiled across cells and repeats, so only the
 * first warm-up in a JVM starts with them cold, and under a short {@code --warmup} it ran out while
 * they still compiled (the quickstart's first cell: 1.4 s of compiler time a second at the end of a
 * 30 s warm-up, then a measured run that rose 75%, and repeats that climbed 7,200, 8,900 ops/s).
 * That warm-up may therefore run up to four times {@code --warmup}, at most {@link
 * #FIRST_BOUND_SECONDS} (never less than {@code --warmup}), and, like every warm-up, ends as soon
 * as the steady-state test, which includes the compilers having gone quiet, passes. A {@code
 * --warmup} shorter than the test's two windows (10 s) is kept: no such warm-up can end steady.
 */
final class JvmWarmUp {
  /** The longest the first warm-up's raised bound gets. */
  static final double FIRST_BOUND_SECONDS = 120;

  /** How many times {@code --warmup} the first warm-up may take, short of the cap. */
  static final double FIRST_BOUND_FACTOR = 4;

  private static final AtomicBoolean FIRST_TAKEN = new AtomicBoolean();

  private JvmWarmUp() {}

  /**
   * The bound of a warm-up asked for at most {@code warmupSeconds}: raised for this JVM's first
   * (claimed by this call), else {@code warmupSeconds}.
   */
  static double boundSeconds(double warmupSeconds) {
    // One too short to be judged steady at all is taken as asked: raising it would only cost time.
    if (warmupSeconds < 2 * SteadyStateDetector.WINDOW_SECONDS
        || !FIRST_TAKEN.compareAndSet(false, true)) {
      return warmupSeconds;
    }
    return Math.max(
        warmupSeconds, Math.min(FIRST_BOUND_SECONDS, FIRST_BOUND_FACTOR * warmupSeconds));
  }
}
