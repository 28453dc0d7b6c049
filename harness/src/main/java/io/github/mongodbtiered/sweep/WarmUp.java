package io.github.mongodbtiered.sweep;

import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.metrics.PageCache;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.warmup.SteadyStateDetector;
import io.github.mongodbtiered.warmup.SteadyStateWatch;
import io.github.mongodbtiered.warmup.WatchMode;
import io.github.mongodbtiered.warmup.WatchOutcome;
import io.github.mongodbtiered.warmup.WatchSettings;
import io.github.mongodbtiered.ycsb.PhaseException;
import io.github.mongodbtiered.ycsb.PhaseResult;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.IOException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.bson.Document;

/**
 * Brings the caches of a cold-started server to their steady state, with the disk limits lifted
 * (the memory limit, which decides what the caches can hold, stays) so that a slow profile does not
 * take hours to get there: the page cache filled and a preload pass over the {@code _id} index and
 * the documents ({@link FillAndPreload}), then the workload until {@link SteadyStateWatch} finds
 * the caches steady (at most half of {@code --warmup}), and then, with the limits back, until it
 * finds the steady state the measured run will start in, for at most {@code --warmup} seconds in
 * all (the first stage's steady state stands where the device read next to nothing and stayed below
 * half of the limits: {@link #limitsBind}). The times and the outcome are its findings; a warm-up
 * that ran out of time first is noted, so the cell is never taken for a steady one.
 *
 * <p>A cell that goes on with the server of the cell before ({@link Endpoint#continued}) finds the
 * caches as that cell's steady state left them: it skips the preload and the lifted stage, and
 * warms up under its own limits until its own steady state (under uniform reads the caches' content
 * does not depend on the disk's speed, only the time to reach it does; the detector's tests would
 * see it move if it did). Where that cell ended steady and the new limits are not felt (the device
 * idle), its steady state stands after a short window ({@link WatchMode.CarryOver}).
 */
final class WarmUp {
  /** Device I/O below this share of every disk limit is taken not to feel them. */
  static final double LIMITS_BIND_SHARE = 0.5;

  /**
   * Reads a second at which the device counts as idle: the odd metadata read. Any more and the
   * caches' content depends on the disk's speed: a 4M-record cell on hdd-150 read under half its
   * limit with the limits lifted (32,000 ops/s) and, once they went back, 8 times as many reads an
   * operation, 6,000-10,000 ops/s and a run 39% slower at its end than at its start.
   */
  static final double IDLE_READS_PER_SEC = 1;

  private final CellContext c;
  private final CellSeries series;
  private final List<String> notes = new ArrayList<>();
  private final Map<Metric, Double> figures = new EnumMap<>(Metric.class);

  /**
   * @param series the cell's time series, told when the preload and the warm-up ended
   */
  private WarmUp(CellContext c, CellSeries series) {
    this.c = c;
    this.series = series;
  }

  /**
   * Warms the cell's server up: its findings are the preload's and the warm-up's times, the outcome
   * and the notes on them.
   *
   * @throws IOException when the disk limits or the latency could not be put back (unless the
   *     warm-up's YCSB phase failed first: its failure then stands, as the cell's reason), or a
   *     fleet's client did not come in time
   */
  static Findings run(
      CellContext c,
      MongoDatabase db,
      CellSeries series,
      Progress preloadProgress,
      Progress progress)
      throws IOException {
    if (c.endpoint().continued()) {
      String failure = c.meet(db, "warmup");
      if (failure != null) {
        return Findings.NONE.failing(failure);
      }
      try {
        return new WarmUp(c, series).untilSteady(db, progress, LiftedLimits.none());
      } catch (PhaseException e) {
        return Findings.NONE.failing(e.getMessage());
      }
    }
    LiftedLimits lifted = LiftedLimits.lift(c.server());
    Findings found = lifted.findings();
    try (lifted) {
      found = found.then(FillAndPreload.run(c, db, series, preloadProgress));
      if (!found.failed()) {
        String failure = c.meet(db, "warmup");
        found = failure == null ? found : found.failing(failure);
      }
      return found.failed()
          ? found
          : found.then(new WarmUp(c, series).untilSteady(db, progress, lifted));
    } catch (PhaseException e) {
      // Limits that would not go back after it are suppressed on it: the phase's failure is the
      // cell's reason, with what the steps before it said.
      return found.failing(e.getMessage());
    }
  }

  /** Runs the workload until the watch finds the steady state or {@code --warmup} runs out. */
  private Findings untilSteady(MongoDatabase db, Progress progress, LiftedLimits lifted)
      throws PhaseException, IOException {
    double boundSeconds = JvmWarmUp.boundSeconds(c.runs().warmupSeconds());
    SteadyStateWatch watch =
        new SteadyStateWatch(
            progress,
            watchSettings(db),
            WatchMode.of(
                lifted.any() ? lifted::restore : null,
                (long) (c.runs().warmupSeconds() * 1000 / 2),
                c.handedSteady()));
    PhaseResult warm =
        c.phases()
            .warmUp(c.endpoint().url(), c.recordCount(), c.profile().name(), boundSeconds, watch);
    WatchOutcome outcome = watch.outcome();
    if (outcome.restoreFailure() != null) {
      throw LiftedLimits.notRestored(outcome.restoreFailure());
    }
    record(outcome, warm, lifted.any(), boundSeconds);
    String tooMany = FailedOperations.of(warm).beyond(c.runs().maxErrors());
    return new Findings(figures, notes, tooMany == null ? null : "warm-up: " + tooMany);
  }

  /** What the watch reads from this cell's server, and its trend window. */
  private WatchSettings watchSettings(MongoDatabase db) {
    boolean serverFigures = c.readsServerFigures();
    SnapshotReader device = new SnapshotReader(c.endpoint());
    return new WatchSettings(
        () -> serverFigures ? db.runCommand(new Document("serverStatus", 1)) : null,
        // A container's page cache is its own (its memory cgroup); the embedded server's is the
        // host's, shared with everything else, so not a figure of this cell.
        () ->
            c.endpoint().serverPid() == null || c.serverInThisJvm()
                ? null
                : PageCache.bytesOf(c.endpoint().serverPid()),
        device::cgroupReadOps,
        device::cgroupIo,
        (ops, bytes, reads) -> limitsBind(c.profile(), ops, bytes, reads),
        WatchSettings::thisJvmJitMillis,
        SteadyStateDetector.trendSecondsFor(c.runs().warmupSeconds()),
        c.runs().seconds());
  }

  /**
   * Whether the limits can matter at these rates: the server reads from its device more than {@link
   * #IDLE_READS_PER_SEC} (or its reads are unknown) under a limit, or its I/O reaches {@link
   * #LIMITS_BIND_SHARE} of any of the profile's limits, reads and writes together against each (a
   * throttle's bursts can delay requests below its rate, not at a half of it).
   */
  static boolean limitsBind(
      DiskProfile p, double opsPerSec, double bytesPerSec, double readsPerSec) {
    return (p.throttlesDisk() && !(readsPerSec <= IDLE_READS_PER_SEC))
        || reaches(opsPerSec, p.readIops())
        || reaches(opsPerSec, p.writeIops())
        || reaches(bytesPerSec, p.readBytesPerSec())
        || reaches(bytesPerSec, p.writeBytesPerSec());
  }

  private static boolean reaches(double rate, long limit) {
    return limit > 0 && rate >= LIMITS_BIND_SHARE * limit;
  }

  /** The warm-up's times and outcome as figures, and a note when it did not reach the state. */
  private void record(
      WatchOutcome outcome, PhaseResult warm, boolean liftedAny, double boundSeconds) {
    long ranMillis = warm.runtimeMillis();
    if (boundSeconds > c.runs().warmupSeconds()) {
      notes.add(
          String.format(
              Locale.ROOT,
              "this JVM's first warm-up, its JIT compilers cold: it could take up to %s s, beyond"
                  + " --warmup, and took %.0f s",
              trim(boundSeconds),
              ranMillis / 1000.0));
    }
    figures.put(
        Metric.WARMUP_S, (outcome.steady() ? outcome.steadyAtMillis() : ranMillis) / 1000.0);
    figures.put(Metric.STEADY_STATE, outcome.steady() ? 1.0 : 0.0);
    long liftedMillis = outcome.liftedMillis() >= 0 ? outcome.liftedMillis() : ranMillis;
    if (liftedAny) {
      figures.put(Metric.WARMUP_LIFTED_S, liftedMillis / 1000.0);
    }
    series.warmedUp(outcome.waits(), liftedAny ? liftedMillis : -1);
    if (!outcome.steady()) {
      notes.add(
          String.format(
              Locale.ROOT,
              "not steady: the warm-up did not reach the steady state within %s"
                  + " (%s%s); the measured run may still be warming",
              boundSeconds > c.runs().warmupSeconds()
                  ? "this JVM's first warm-up's " + trim(boundSeconds) + " s"
                  : "--warmup " + trim(boundSeconds) + " s",
              outcome.lastWindow(),
              stage(outcome, liftedAny)));
    } else if (outcome.carriedOver()) {
      notes.add(
          String.format(
              Locale.ROOT,
              "warm-up: the steady state of the %s cell before stands: its last %d s under these"
                  + " limits passed the steady-state tests with the device idle",
              c.endpoint().continuedFrom(),
              SteadyStateWatch.CARRY_OVER_SECONDS));
    } else if (outcome.throughputOnly() && c.readsServerFigures()) {
      notes.add("steady state judged from throughput alone: the server gives no cache figures");
    }
  }

  /** Where the warm-up stood with the disk limits when it ran out of time. */
  private static String stage(WatchOutcome outcome, boolean liftedAny) {
    if (!liftedAny) {
      return "";
    }
    if (outcome.liftedMillis() < 0) {
      return "; the disk limits were still lifted when it ended";
    }
    return outcome.liftedSteady()
        ? "; under the disk limits after the caches settled"
        : "; the caches were still changing when the disk limits went back";
  }

  private static String trim(double seconds) {
    return seconds == Math.rint(seconds)
        ? Long.toString((long) seconds)
        : String.format(Locale.ROOT, "%s", seconds);
  }
}
