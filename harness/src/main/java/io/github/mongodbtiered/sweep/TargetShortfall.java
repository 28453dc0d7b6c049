package io.github.mongodbtiered.sweep;

import java.util.Locale;

/**
 * Whether an open-loop run ({@code --target}) achieved its rate. A run that fell more than {@link
 * #MARGIN} short is still a result: the server could not keep up, and the intended-time latencies
 * show what that queue cost; the note says so.
 */
final class TargetShortfall {
  /** How far below the target a run may end before it is noted: YCSB's start and stop take some. */
  static final double MARGIN = 0.05;

  private TargetShortfall() {}

  /**
   * The note for a run that achieved {@code achievedOpsPerSec} against {@code targetOpsPerSec}, or
   * null when it met the target (or there was none).
   */
  static String note(double targetOpsPerSec, double achievedOpsPerSec) {
    if (targetOpsPerSec <= 0 || achievedOpsPerSec >= targetOpsPerSec * (1 - MARGIN)) {
      return null;
    }
    return String.format(
        Locale.ROOT,
        "target not met: %.0f of %s ops/s: the server could not keep up; intended-time latencies"
            + " include the queueing",
        achievedOpsPerSec,
        plain(targetOpsPerSec));
  }

  private static String plain(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }
}
