package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.variation.BatchMeans;
import io.github.mongodbtiered.variation.ConfidenceInterval;
import io.github.mongodbtiered.variation.Drift;
import io.github.mongodbtiered.ycsb.Progress;
import java.util.ArrayList;
import java.util.List;

/**
 * Ends a measured run once its throughput is known well enough ({@code --precision}): at {@code
 * --min-seconds} or one of the looks every {@link #LOOK_SECONDS} after it, when the 95% interval
 * over the run's {@link BatchMeans#independent independent batch means} so far is within the
 * precision of their mean and the line through them does not {@link Drift#drifting drift}. The
 * batches are those the run's logs will give, cut from the operation counts the progress updates
 * carry, so the cell's interval is about the one the rule saw. {@code --seconds} stays the bound: a
 * run that never gets there runs its whole length, as before.
 *
 * <p>It looks at a few moments only: a noisy run (+/-50% each half second, an interval of +/-6-9%
 * from 20 s to 60 s) ends on a chance dip of its batch means' spread in 14 of 200 simulated runs
 * when looked at every second, in 1 of 200 when looked at every 10 s.
 *
 * <p>A 60 s run of an in-cache cell here gives ±1-2% and a disk-bound one ±1-3%; 20 s are ten
 * batches of 2 s, or five of 4 s where neighbours still follow each other. Stopping on a narrow
 * interval biases it slightly narrow (the runs that happened to agree end first), as {@code
 * --repeats auto} does; the floor and a precision well inside the ±5% a cell is judged by keep that
 * small.
 */
final class PreciseEnough implements Progress {
  /** Seconds between looks after the floor. */
  static final int LOOK_SECONDS = 10;

  private final Progress shown;
  private final double precision;
  private final List<BatchMeans.Second> seconds = new ArrayList<>();
  private long lastOps;
  private long lastMillis;
  private long nextLookMillis;
  private volatile boolean reached;

  /**
   * @param shown the progress bar the updates go on to
   * @param minSeconds no run ends sooner
   * @param precision the interval's half-width, as a fraction of the mean, that ends the run
   */
  PreciseEnough(Progress shown, double minSeconds, double precision) {
    this.shown = shown;
    this.nextLookMillis = (long) Math.ceil(minSeconds * 1000);
    this.precision = precision;
  }

  /**
   * The measured run's progress: watched for its precision when these options end runs early (a
   * closed loop of one client running for {@code --seconds}), else the bar alone.
   */
  static Progress watching(Progress shown, SweepOptions o) {
    return o.endsRunsEarly()
        ? new PreciseEnough(shown, o.runs().minSeconds(), o.runs().precision())
        : shown;
  }

  @Override
  public synchronized void update(long opsDone, long opsTotal, long elapsedMillis) {
    shown.update(opsDone, opsTotal, elapsedMillis);
    if (reached || elapsedMillis - lastMillis < 1_000) {
      return;
    }
    seconds.add(new BatchMeans.Second((elapsedMillis - lastMillis) / 1000.0, opsDone - lastOps));
    lastOps = opsDone;
    lastMillis = elapsedMillis;
    if (elapsedMillis >= nextLookMillis) {
      nextLookMillis += LOOK_SECONDS * 1000L;
      reached = precise(seconds, precision);
    }
  }

  @Override
  public boolean stopRequested() {
    return reached;
  }

  /** Whether these seconds pin the run's throughput within {@code precision}, undrifting. */
  static boolean precise(List<BatchMeans.Second> seconds, double precision) {
    List<Double> means = BatchMeans.independentOpsPerSec(seconds);
    if (means.size() < BatchMeans.MIN_INDEPENDENT_BATCHES) {
      return false;
    }
    ConfidenceInterval ci = ConfidenceInterval.of95(means);
    Drift drift = Drift.of(means);
    return ci.mean() > 0
        && (ci.high() - ci.mean()) <= precision * ci.mean()
        && (drift == null || !drift.drifting());
  }
}
