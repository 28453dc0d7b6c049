package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.ycsb.Progress;
import java.io.PrintWriter;
import java.util.Locale;

/**
 * A text progress bar for a YCSB phase. On a terminal it redraws one line; in a log (CI, a pipe) it
 * prints a line every 10% so the log stays readable.
 */
final class ProgressBar implements Progress {
  private static final int WIDTH = 30;
  private final PrintWriter out;
  private final String label;
  private final boolean terminal;
  private final boolean timed;
  private final double seconds;
  private int lastDecile = -1;
  private boolean done;

  /**
   * @param seconds when positive, the phase runs for this long and the bar shows time, not ops
   */
  ProgressBar(PrintWriter out, String label, double seconds, boolean terminal) {
    this.out = out;
    this.label = label;
    this.seconds = seconds;
    this.timed = seconds > 0;
    this.terminal = terminal;
  }

  @Override
  public synchronized void update(long opsDone, long opsTotal, long elapsedMillis) {
    if (done) {
      return;
    }
    double fraction =
        timed
            ? Math.min(1, elapsedMillis / (seconds * 1000))
            : opsTotal <= 0 ? 0 : Math.min(1, opsDone / (double) opsTotal);
    double rate = elapsedMillis == 0 ? 0 : opsDone * 1000.0 / elapsedMillis;
    int filled = (int) Math.round(fraction * WIDTH);
    String line =
        String.format(
            Locale.ROOT,
            "%-28s [%s%s] %3.0f%% %,d ops %,.0f ops/s",
            label,
            "#".repeat(filled),
            ".".repeat(WIDTH - filled),
            fraction * 100,
            opsDone,
            rate);
    boolean finished = fraction >= 1 || (!timed && opsDone >= opsTotal && opsTotal > 0);
    if (terminal) {
      out.print("\r" + line);
      if (finished) {
        out.println();
        done = true;
      }
      out.flush();
      return;
    }
    int decile = (int) (fraction * 10);
    if (decile > lastDecile || finished) {
      lastDecile = decile;
      out.println(line);
      out.flush();
      done = finished;
    }
  }
}
