package io.github.mongodbtiered.sweep;

import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.metrics.PageCache;
import io.github.mongodbtiered.metrics.TierClassifier;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.CellResultBuilder;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind.Capability;
import io.github.mongodbtiered.warmup.PageCacheFill;
import io.github.mongodbtiered.warmup.Preload;
import io.github.mongodbtiered.warmup.SteadyStateDetector;
import io.github.mongodbtiered.warmup.SteadyStateWatch;
import io.github.mongodbtiered.ycsb.PhaseException;
import io.github.mongodbtiered.ycsb.PhaseResult;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import org.bson.Document;

/**
 * Brings the caches of a cold-started server to their steady state, with the disk limits lifted
 * (the memory limit, which decides what the caches can hold, stays) so that a slow profile does not
 * take hours to get there: a {@link Preload} pass over the {@code _id} index and the documents,
 * then the workload until {@link SteadyStateWatch} finds the caches steady (at most half of {@code
 * --warmup}), and then, with the limits back, until it finds the steady state the measured run will
 * start in, for at most {@code --warmup} seconds in all (the first stage's steady state stands
 * where the device read next to nothing and stayed below half of the limits: {@link #limitsBind}).
 * The times and the outcome go into the cell's figures; a warm-up that ran out of time first is
 * noted, so the cell is never taken for a steady one.
 *
 * <p>A cell that goes on with the server of the cell before ({@link Endpoint#continued}) finds the
 * caches as that cell's steady state left them: it skips the preload and the lifted stage, and
 * warms up under its own limits until its own steady state (under uniform reads the caches' content
 * does not depend on the disk's speed, only the time to reach it does; the detector's tests would
 * see it move if it did). Where that cell ended steady and the new limits are not felt (the device
 * idle), its steady state stands after a short window ({@link SteadyStateWatch#carryOver}).
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
  private final CellResultBuilder cell;
  private final Map<Metric, Double> figures;
  private final CellSeries series;

  /**
   * @param cell where notes go
   * @param figures where the warm-up's times and outcome go
   * @param series the cell's time series, told when the preload ended
   */
  WarmUp(CellContext c, CellResultBuilder cell, Map<Metric, Double> figures, CellSeries series) {
    this.c = c;
    this.cell = cell;
    this.figures = figures;
    this.series = series;
  }

  /**
   * Warms the server up.
   *
   * @return why the warm-up failed, or null
   * @throws IOException also when the disk limits could not be put back
   */
  String run(MongoDatabase db, Progress preloadProgress, Progress progress)
      throws PhaseException, IOException {
    if (c.endpoint().continued()) {
      String failure = c.meet(db, "warmup");
      return failure != null ? failure : untilSteady(db, progress, LiftedLimits.none());
    }
    LiftedLimits lifted = LiftedLimits.lift(c.server(), cell);
    try (lifted) {
      String failure = preload(db, preloadProgress);
      if (failure == null) {
        failure = c.meet(db, "warmup");
      }
      return failure != null ? failure : untilSteady(db, progress, lifted);
    }
  }

  /**
   * The page-cache fill and the preload, without the volume's added latency where the data files
   * outgrow the page cache ({@link #latencyLifted}).
   *
   * @throws IOException when the latency is off and could not be put back: the cell fails
   */
  private String preload(MongoDatabase db, Progress preloadProgress) throws IOException {
    AutoCloseable latency = filesFit(dataBytes(), c.profile()) ? () -> {} : latencyLifted();
    String failure = null;
    try {
      failure = fillAndScan(db, preloadProgress);
    } finally {
      putBack(latency, failure);
    }
    return failure;
  }

  /** Fills the page cache and preloads; one pass fills the server's caches for a whole fleet. */
  private String fillAndScan(MongoDatabase db, Progress preloadProgress) {
    PageCacheFill.Outcome fill = fillPageCache();
    if (fill != null && fill.skipped() != null) {
      cell.note("page cache not filled before the preload: " + fill.skipped());
    }
    double fillSeconds = fill == null ? 0 : fill.seconds();
    if (!c.readsServerFigures()) {
      return null; // the fleet's other clients wait for client 0's preload at the barrier
    }
    Preload.Outcome preload;
    try {
      preload = Preload.run(db, c.options().table(), keysApart(db), preloadProgress);
    } catch (RuntimeException e) {
      return "warm-up: the preload could not read the data set: " + Messages.of(e);
    }
    figures.put(Metric.WARMUP_PRELOAD_S, fillSeconds + preload.seconds());
    if (fill != null) {
      figures.put(Metric.PAGE_CACHE_FILL_S, fillSeconds);
    }
    series.preloaded(System.currentTimeMillis(), fillSeconds + preload.seconds());
    return null;
  }

  /** The bytes of the data files the fill would read, or null when they are out of reach. */
  private Long dataBytes() {
    return c.endpoint().serverPid() == null
        ? null
        : PageCacheFill.dataBytes(c.server().hostDataDir());
  }

  /**
   * Whether {@code fileBytes} of data files fit the page cache's room beside a full WiredTiger
   * cache under {@code p}, by the tier rule ({@link TierClassifier#fsCacheRoomBytes}): then the
   * preload's reads never wait on the device. Decided from the files' sizes before the fill, not
   * from what the page cache holds after it: the WiredTiger cache is still empty then, and a
   * 5M-record data set (7.2 GB of files in an 8.0 GB container) fits until the preload fills that
   * cache. Unknown sizes or no memory limit count as no.
   *
   * @param fileBytes the data files' bytes, or null when unknown
   */
  static boolean filesFit(Long fileBytes, DiskProfile p) {
    OptionalLong wtCache = p.effectiveCacheBytes();
    return fileBytes != null
        && p.memoryBytes() > 0
        && wtCache.isPresent()
        && fileBytes <= TierClassifier.fsCacheRoomBytes(p.memoryBytes(), wtCache.getAsLong());
  }

  /**
   * The volume's added latency, off where the target can take it off ({@link
   * TargetServer#latencyLifted}), for a preload whose data files outgrow the page cache: its 8
   * readers wait for each read the page cache cannot serve, and a cold 5M-record cell's fill and
   * preload on san-600 and hdd-150 took 100-128 s at +7 ms and 67-70 s without it. Where the files
   * fit, the preload never waits on the device, and the two swaps would only cost their seconds.
   * The workload's warm-up runs with the latency.
   *
   * @throws IOException when the latency is off and could not be put back: the cell fails
   */
  private AutoCloseable latencyLifted() throws IOException {
    try {
      return c.server().latencyLifted(cell::note);
    } catch (Exception e) {
      throw LiftedLimits.notRestored(e);
    }
  }

  /**
   * Puts the latency {@link #latencyLifted} took off back; the cell fails if it will not go, with
   * the preload's own {@code failure} (null when none) kept beside that.
   */
  private static void putBack(AutoCloseable latency, String failure) throws IOException {
    try {
      latency.close();
    } catch (Exception e) {
      IOException notBack = LiftedLimits.notRestored(e);
      if (failure != null) {
        notBack.addSuppressed(new IOException(failure));
      }
      throw notBack;
    }
  }

  /**
   * Whether the collection's {@code _id} index is a file of its own for the preload to read: not
   * when its indexes take no room (the stand-in keeps the keys in the collection's table, a
   * clustered collection has no {@code _id} index). Sizes the server does not give count as yes.
   */
  private boolean keysApart(MongoDatabase db) {
    try {
      Long indexBytes =
          MeasuredRun.sizes(db, c.options().table(), !c.serverInThisJvm(), new ArrayList<>())
              .indexBytes();
      return indexBytes == null || indexBytes > 0;
    } catch (RuntimeException e) {
      return true;
    }
  }

  /** Runs the workload until the watch finds the steady state or {@code --warmup} runs out. */
  private String untilSteady(MongoDatabase db, Progress progress, LiftedLimits lifted)
      throws PhaseException, IOException {
    SweepOptions o = c.options();
    double boundSeconds = JvmWarmUp.boundSeconds(o.warmupSeconds());
    boolean serverFigures = c.readsServerFigures();
    SteadyStateWatch watch =
        new SteadyStateWatch(
            progress,
            () -> serverFigures ? db.runCommand(new Document("serverStatus", 1)) : null,
            // A container's page cache is its own (its memory cgroup); the embedded server's is
            // the host's, shared with everything else, so not a figure of this cell.
            () ->
                c.endpoint().serverPid() == null || c.serverInThisJvm()
                    ? null
                    : PageCache.bytesOf(c.endpoint().serverPid()),
            SteadyStateDetector.trendSecondsFor(o.warmupSeconds()),
            o.runSeconds(),
            lifted.any() ? lifted::restore : null,
            (long) (o.warmupSeconds() * 1000 / 2));
    SnapshotReader device = new SnapshotReader(c.endpoint());
    watch.deviceReads(device::cgroupReadOps);
    watch.deviceIo(
        device::cgroupIo, (ops, bytes, reads) -> limitsBind(c.profile(), ops, bytes, reads));
    if (c.handedSteady()) {
      watch.carryOver();
    }
    PhaseResult warm =
        c.phases()
            .warmUp(c.endpoint().url(), c.recordCount(), c.profile().name(), boundSeconds, watch);
    if (watch.restoreFailure() != null) {
      throw LiftedLimits.notRestored(watch.restoreFailure());
    }
    record(watch, warm, lifted.any(), boundSeconds);
    String tooMany = FailedOperations.of(warm).beyond(o.maxErrors());
    return tooMany == null ? null : "warm-up: " + tooMany;
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
      SteadyStateWatch watch, PhaseResult warm, boolean liftedAny, double boundSeconds) {
    long ranMillis = warm.runtimeMillis();
    if (boundSeconds > c.options().warmupSeconds()) {
      cell.note(
          String.format(
              Locale.ROOT,
              "this JVM's first warm-up, its JIT compilers cold: it could take up to %s s, beyond"
                  + " --warmup, and took %.0f s",
              trim(boundSeconds),
              ranMillis / 1000.0));
    }
    figures.put(Metric.WARMUP_S, (watch.steady() ? watch.steadyAtMillis() : ranMillis) / 1000.0);
    figures.put(Metric.STEADY_STATE, watch.steady() ? 1.0 : 0.0);
    long liftedMillis = watch.liftedMillis() >= 0 ? watch.liftedMillis() : ranMillis;
    if (liftedAny) {
      figures.put(Metric.WARMUP_LIFTED_S, liftedMillis / 1000.0);
    }
    series.warmedUp(watch.waits(), liftedAny ? liftedMillis : -1);
    if (!watch.steady()) {
      cell.note(
          String.format(
              Locale.ROOT,
              "not steady: the warm-up did not reach the steady state within %s"
                  + " (%s%s); the measured run may still be warming",
              boundSeconds > c.options().warmupSeconds()
                  ? "this JVM's first warm-up's " + trim(boundSeconds) + " s"
                  : "--warmup " + trim(boundSeconds) + " s",
              watch.describe(),
              stage(watch, liftedAny)));
    } else if (watch.carriedOver()) {
      cell.note(
          String.format(
              Locale.ROOT,
              "warm-up: the steady state of the %s cell before stands: its last %d s under these"
                  + " limits passed the steady-state tests with the device idle",
              c.endpoint().continuedFrom(),
              SteadyStateWatch.CARRY_OVER_SECONDS));
    } else if (watch.throughputOnly() && c.readsServerFigures()) {
      cell.note("steady state judged from throughput alone: the server gives no cache figures");
    }
  }

  /** Where the warm-up stood with the disk limits when it ran out of time. */
  private static String stage(SteadyStateWatch watch, boolean liftedAny) {
    if (!liftedAny) {
      return "";
    }
    if (watch.liftedMillis() < 0) {
      return "; the disk limits were still lifted when it ended";
    }
    return watch.liftedSteady()
        ? "; under the disk limits after the caches settled"
        : "; the caches were still changing when the disk limits went back";
  }

  /**
   * Reads the data files into the page cache of a server on this host (see {@link PageCacheFill}):
   * a local container's, bounded by its memory limit, or for the embedded server the host's own,
   * which no limit bounds, as the label-only memory of an embedded profile says. Null for a remote
   * server, whose files are out of reach.
   */
  private PageCacheFill.Outcome fillPageCache() {
    // Interrupted: the sweep is being stopped, and its own checks see the flag.
    return PageCacheFill.forServer(
        c.server().hostDataDir(), c.endpoint().serverPid(), c.serverInThisJvm());
  }

  private static String trim(double seconds) {
    return seconds == Math.rint(seconds)
        ? Long.toString((long) seconds)
        : String.format(Locale.ROOT, "%s", seconds);
  }

  /**
   * The target's disk limits, lifted for the warm-up and put back once, whoever asks first: the
   * watch when the caches have settled, or the end of the warm-up.
   */
  static final class LiftedLimits implements AutoCloseable {
    /** Nothing lifted: the warm-up runs under the limits from its start. */
    static LiftedLimits none() {
      return new LiftedLimits(() -> {}, false);
    }

    private final AutoCloseable held;
    private final boolean any;
    private boolean restored;

    private LiftedLimits(AutoCloseable held, boolean any) {
      this.held = held;
      this.any = any;
    }

    /** Lifts the limits; a target that cannot lift them keeps them, and the cell says so. */
    static LiftedLimits lift(TargetServer server, CellResultBuilder cell) {
      try {
        return new LiftedLimits(server.diskLimitsLifted(), server.has(Capability.LIMITS_DISK));
      } catch (Exception e) {
        cell.note("warm-up ran under the disk limits: " + e.getMessage());
        return none();
      }
    }

    /** Whether any limit was lifted, so that there is something to put back. */
    boolean any() {
      return any;
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
}
