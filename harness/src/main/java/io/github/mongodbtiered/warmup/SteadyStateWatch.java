package io.github.mongodbtiered.warmup;

import io.github.mongodbtiered.ycsb.Progress;
import java.util.List;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Watches a running warm-up phase through its progress updates (about twice a second): once a
 * second it reads the server's cache figures, turns them and the operation count into a {@link
 * WarmupSample}, and asks the phase to stop once the detector says steady. Rates use the phase's
 * own elapsed time at each update, so the update's timing does not show as noise. What it reads is
 * its {@link WatchSettings}; how the phase ended, its {@link #outcome()}.
 *
 * <p>A warm-up that starts with the disk limits lifted ({@link WatchMode.LiftedThenLimited}) runs
 * in two stages: once the caches are steady (or half the phase's bound has passed) the watch puts
 * the limits back and starts afresh, and only a steady state under the limits counts. Under the
 * limits the same caches can settle elsewhere (a 4M-record cell on io1-5000 held 7,000 ops/s for 15
 * s of its run after a warm-up with the limits lifted, then fell to 4,000-5,000), and the measured
 * run must start where it will stay.
 *
 * <p>Where the limits cannot have mattered, the first stage's steady state stands: when the caches
 * settle with the server reading next to nothing from its device and its I/O over the last window
 * below half of every limit ({@link WatchSettings.LimitsBind}), the limits go back and the phase
 * ends (an in-cache cell reads nothing from the disk). The second stage would only repeat the trend
 * window on the same figures.
 *
 * <p>A warm-up that goes on from a cell that ended steady, on the same server with its caches
 * ({@link WatchMode.CarryOver}), ends once its last {@link #CARRY_OVER_SECONDS} under the new
 * limits pass the detector's tests with the server's device idle and below the limits: the same
 * argument, the other way round. While the limits bind, only the full trend window ends it.
 */
public final class SteadyStateWatch implements Progress {
  private static final long SAMPLE_MILLIS = 1_000;

  /**
   * The samples (and seconds of device I/O) a carried-over steady state needs ({@link
   * WatchMode.CarryOver}).
   */
  public static final int CARRY_OVER_SECONDS = 2 * SteadyStateDetector.WINDOW_SECONDS;

  private final Progress shown;
  private final WatchSettings settings;
  private final WatchMode mode;
  private final ServerSampler sampler;
  private final DeviceIoWindow deviceIo;

  /** The short window of a {@link WatchMode.CarryOver}, else null. */
  private final SteadyStateDetector carryOver;

  private SteadyStateDetector detector;
  private boolean started;
  private final NavigableMap<Long, List<String>> waits = new TreeMap<>();
  private volatile boolean steady;
  private long steadyAtMillis = -1;
  private long liftedMillis = -1;
  private boolean liftedSteady;
  private boolean limitsIdle;
  private boolean carriedOver;
  private volatile Exception restoreFailure;

  /**
   * @param shown the progress bar the updates go on to
   * @param settings what the watch reads, and its window
   * @param mode how the warm-up stands with the disk limits
   */
  public SteadyStateWatch(Progress shown, WatchSettings settings, WatchMode mode) {
    this.shown = Objects.requireNonNull(shown, "shown");
    this.settings = Objects.requireNonNull(settings, "settings");
    this.mode = Objects.requireNonNull(mode, "mode");
    this.sampler = new ServerSampler(settings);
    this.detector = newDetector();
    boolean carries = mode instanceof WatchMode.CarryOver;
    this.carryOver =
        carries ? new SteadyStateDetector(CARRY_OVER_SECONDS, settings.horizonSeconds()) : null;
    this.deviceIo =
        new DeviceIoWindow(
            settings.deviceIo(),
            settings.limitsBind(),
            carries ? CARRY_OVER_SECONDS : SteadyStateDetector.WINDOW_SECONDS);
  }

  @Override
  public synchronized void update(long opsDone, long opsTotal, long elapsedMillis) {
    shown.update(opsDone, opsTotal, elapsedMillis);
    if (!started) {
      baseline(opsDone, elapsedMillis);
      return;
    }
    if (steady || elapsedMillis - sampler.lastMillis() < SAMPLE_MILLIS) {
      return;
    }
    WarmupSample sample = sampler.sample(opsDone, elapsedMillis);
    List<String> waiting = detector.addAndCheck(sample);
    if (!waiting.isEmpty() && carriesOver(sample, elapsedMillis)) {
      waiting = List.of();
    }
    waits.put(elapsedMillis, waiting);
    boolean detected = waiting.isEmpty();
    if (mode instanceof WatchMode.LiftedThenLimited lifted && liftedMillis < 0) {
      liftedStage(lifted, elapsedMillis, detected);
    } else if (detected) {
      steadyAt(elapsedMillis);
    }
  }

  /**
   * A sample of the stage with the limits lifted: it ends once the caches are steady or its bound
   * has passed, and the warm-up with it where the device stayed below the limits.
   */
  private void liftedStage(
      WatchMode.LiftedThenLimited lifted, long elapsedMillis, boolean detected) {
    deviceIo.count(elapsedMillis, sampler.deviceReads()); // only this stage asks about the limits
    if (detected || elapsedMillis >= lifted.boundMillis()) {
      boolean idle = detected && deviceIo.belowLimits();
      restoreLimits(lifted.limitsBack(), elapsedMillis, detected);
      if (idle && restoreFailure == null) {
        limitsIdle = true;
        steadyAt(elapsedMillis);
      }
    }
  }

  private void steadyAt(long elapsedMillis) {
    steady = true;
    steadyAtMillis = elapsedMillis;
  }

  /** Whether the cell before's steady state stands at this sample ({@link WatchMode.CarryOver}). */
  private boolean carriesOver(WarmupSample sample, long elapsedMillis) {
    if (carryOver == null) {
      return false;
    }
    deviceIo.count(elapsedMillis, sampler.deviceReads());
    carriedOver = carryOver.addAndCheck(sample).isEmpty() && deviceIo.belowLimits();
    return carriedOver;
  }

  /** The figures the first sample's rates are taken from. */
  private void baseline(long opsDone, long elapsedMillis) {
    started = true;
    // A stage starts with no samples: until its first, its seconds in the series say so rather
    // than show the last verdict of the stage before (a limited second read as the lifted one's).
    waits.put(elapsedMillis, List.of(SteadyStateDetector.SAMPLES));
    sampler.baseline(opsDone, elapsedMillis);
    if (carryOver != null) {
      // the carry-over judges the device over all its samples
      deviceIo.count(elapsedMillis, sampler.deviceReads());
    }
  }

  /** Ends the stage with the limits lifted: the limits go back and the detector starts afresh. */
  private void restoreLimits(
      WatchMode.LimitsBack limitsBack, long elapsedMillis, boolean cachesSteady) {
    liftedMillis = elapsedMillis;
    liftedSteady = cachesSteady;
    try {
      limitsBack.restore();
    } catch (Exception e) {
      restoreFailure = e; // stops the phase: nothing after it would run under the profile
      return;
    }
    detector = newDetector();
    // The next update is the new stage's baseline: this second's rate belongs to the old one.
    started = false;
  }

  private SteadyStateDetector newDetector() {
    return new SteadyStateDetector(settings.trendSeconds(), settings.horizonSeconds());
  }

  @Override
  public boolean stopRequested() {
    return steady || restoreFailure != null;
  }

  /** How the phase ended, read once it is over (or how it stands, while it runs). */
  public synchronized WatchOutcome outcome() {
    detector.steady(); // refreshes the figures of a window that never settled
    return new WatchOutcome(
        steadyAtMillis,
        liftedMillis,
        liftedSteady,
        limitsIdle,
        carriedOver,
        restoreFailure,
        detector.throughputOnly(),
        waits,
        detector.describe());
  }
}
