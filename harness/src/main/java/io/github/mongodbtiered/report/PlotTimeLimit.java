package io.github.mongodbtiered.report;

import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.FutureTask;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A time limit on drawing a plot, so that no chart can keep a report from being written. */
final class PlotTimeLimit {
  /**
   * How long drawing one plot may take. XChart's axis calculation loops until its ticks fit, and
   * once never ended (on 1e308); {@link Charts#MAX_PLOTTED} keeps such values out, and this bounds
   * whatever else could make it loop. A plot takes well under a second to draw.
   */
  static final Duration DRAW_LIMIT = Duration.ofSeconds(20);

  /**
   * A plot XChart did not finish drawing within {@link #DRAW_LIMIT}; the page is written without.
   */
  static final class PlotTimeoutException extends IOException {
    private static final long serialVersionUID = 1L;

    PlotTimeoutException(String plot, Duration limit) {
      super(
          "plot "
              + plot
              + " is missing: XChart did not finish drawing it within "
              + (limit.toMillis() % 1000 == 0
                  ? limit.toSeconds() + " s"
                  : limit.toMillis() + " ms"));
    }
  }

  private PlotTimeLimit() {}

  /** {@code draw} within {@link #DRAW_LIMIT}. */
  static <T> T bounded(String plot, Callable<T> draw) throws IOException {
    return bounded(plot, DRAW_LIMIT, draw);
  }

  /**
   * Runs {@code draw} on a thread of its own for at most {@code limit}. A library call cannot be
   * stopped from outside: on timeout the (daemon) thread is interrupted, which XChart ignores, and
   * left to the process's exit while the caller goes on without the plot. That is why the plots'
   * inputs are bounded ({@link Charts#MAX_PLOTTED}, {@link AxisRanges}): a draw that loops would
   * spin a core for the rest of a sweep.
   */
  static <T> T bounded(String plot, Duration limit, Callable<T> draw) throws IOException {
    FutureTask<T> task = new FutureTask<>(draw);
    Thread t = new Thread(task, "mongodb-tiered-plot-" + plot);
    t.setDaemon(true);
    t.start();
    try {
      return task.get(limit.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      task.cancel(true);
      throw new PlotTimeoutException(plot, limit);
    } catch (InterruptedException e) {
      task.cancel(true);
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while drawing plot " + plot, e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof IOException io) {
        throw io;
      }
      if (cause instanceof RuntimeException r) {
        throw r;
      }
      if (cause instanceof Error err) {
        throw err;
      }
      throw new IOException(cause);
    }
  }
}
