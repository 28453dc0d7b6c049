package io.github.mongodbtiered.standin;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;

/**
 * The stand-in's {@code --standinExtraCostMicros}: CPU time spent on the serving thread for every
 * operation, busy work measured on that thread's CPU clock until it has advanced by the cost. Not a
 * sleep: a sleeping server costs the host no CPU, and a slower server on a busy host is one that
 * needs more of it (on a host short of CPU the operation's wall time grows by more than the cost).
 * Public only because the WiredTiger backend, defined by its own class loader, uses it.
 */
public final class ExtraCost {
  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** Steps of busy work between two reads of the clock: about a microsecond's. */
  private static final int STEPS = 1_000;

  /** Where the busy work's result goes now and then, so the JIT cannot leave the work out. */
  @SuppressWarnings("unused")
  private static volatile long sink;

  private final long nanos;
  private final boolean threadClock;

  /** A cost of {@code micros} (0: none) per {@link #spend}. */
  public ExtraCost(int micros) {
    if (micros < 0) {
      throw new IllegalArgumentException("extra cost must be >= 0 microseconds, got " + micros);
    }
    this.nanos = micros * 1_000L;
    // Where a JVM cannot read a thread's CPU time, the wall clock bounds it instead.
    this.threadClock =
        micros > 0 && THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();
  }

  /** Spends the cost on the calling thread; returns at once when it is 0. */
  public void spend() {
    if (nanos == 0) {
      return;
    }
    long end = now() + nanos;
    long x = end;
    do {
      for (int i = 0; i < STEPS; i++) {
        x = x * 6364136223846793005L + 1442695040888963407L;
      }
    } while (now() < end);
    if (x == 0) {
      sink = x;
    }
  }

  private long now() {
    return threadClock ? THREADS.getCurrentThreadCpuTime() : System.nanoTime();
  }
}
