package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.results.ServerKind;
import java.io.IOException;

/**
 * The target's disk limits, lifted for the warm-up and put back once, whoever asks first: the watch
 * when the caches have settled, or the end of the warm-up.
 */
final class LiftedLimits implements AutoCloseable {
  private final AutoCloseable held;
  private final boolean any;
  private final String note;
  private boolean restored;

  private LiftedLimits(AutoCloseable held, boolean any, String note) {
    this.held = held;
    this.any = any;
    this.note = note;
  }

  /** Nothing lifted: the warm-up runs under the limits from its start. */
  static LiftedLimits none() {
    return new LiftedLimits(() -> {}, false, null);
  }

  /** Lifts the limits; a target that cannot lift them keeps them, and {@link #note} says so. */
  static LiftedLimits lift(TargetServer server) {
    try {
      return new LiftedLimits(
          server.diskLimitsLifted(), server.has(ServerKind.Capability.LIMITS_DISK), null);
    } catch (Exception e) {
      return new LiftedLimits(
          () -> {}, false, "warm-up ran under the disk limits: " + e.getMessage());
    }
  }

  /** Whether any limit was lifted, so that there is something to put back. */
  boolean any() {
    return any;
  }

  /** What the cell says of the limits: why they stayed on, or nothing. */
  Findings findings() {
    return note == null
        ? Findings.NONE
        : new Findings(java.util.Map.of(), java.util.List.of(note), null);
  }

  /** Puts the limits back (once). */
  synchronized void restore() throws Exception {
    if (!restored) {
      restored = true;
      held.close();
    }
  }

  @Override
  public void close() throws IOException {
    try {
      restore();
    } catch (Exception e) {
      throw notRestored(e);
    }
  }

  /** The failure to put the limits back, as the cell's measurement throws it. */
  static IOException notRestored(Exception e) {
    if (e instanceof RuntimeException r) {
      throw r;
    }
    return e instanceof IOException io
        ? io
        : new IOException("could not restore the disk limits after the warm-up", e);
  }
}
