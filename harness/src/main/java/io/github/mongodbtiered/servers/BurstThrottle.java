package io.github.mongodbtiered.servers;

import io.github.mongodbtiered.metrics.CgroupIoStats;
import io.github.mongodbtiered.profiles.BurstBucket;
import io.github.mongodbtiered.profiles.DiskProfile;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * A burst-credit volume emulated on a running container: once a second the I/Os its cgroup really
 * issued to the data disk are taken from the bucket (which earns its baseline rate back), and the
 * cgroup's limits are switched between the profile's burst rate and its baseline as the bucket
 * empties and fills. Each second is kept ({@link Tick}) for the cell's series and figures.
 *
 * <p>Granularity is the second: the switch lands up to a second after the bucket empties, as the
 * volumes' own accounting is not finer either.
 */
public final class BurstThrottle implements AutoCloseable {
  /**
   * One second of the bucket.
   *
   * @param epochMillis when it was read
   * @param ios the I/Os the cgroup issued since the tick before (reads and writes)
   * @param credits the credits left
   * @param onCredits whether the volume runs at its burst rate from now on
   */
  public record Tick(long epochMillis, long ios, double credits, boolean onCredits) {}

  /**
   * The bucket over one stretch of time.
   *
   * @param creditsStart the credits when it began (the last second read before it)
   * @param creditsEnd the credits when it ended (the first second read after it)
   * @param onCreditsSeconds how long of it the volume drew on its credits: ran above its baseline,
   *     its bucket letting it
   */
  public record Window(double creditsStart, double creditsEnd, double onCreditsSeconds) {}

  /**
   * A second's I/O above its baseline by more than this share draws on credits: the cgroup's
   * throttle lets a little more than its limit through in a second it was idle part of.
   */
  static final double ABOVE_BASELINE = 0.05;

  /**
   * The bucket from {@code fromMillis} to {@code toMillis} (ms since the epoch) as {@code ticks}
   * recorded it: between two ticks the volume ran as the first one left it, and issued the I/O the
   * second one counted; a stretch on credits whose I/O stayed within {@code baselineIops} did not
   * need them (a cell in the filesystem cache that read nothing ran at no burst rate). Null without
   * ticks.
   */
  public static Window window(List<Tick> ticks, long fromMillis, long toMillis, long baselineIops) {
    if (ticks.isEmpty()) {
      return null;
    }
    Tick start = ticks.get(0);
    Tick end = ticks.get(ticks.size() - 1);
    double onMillis = 0;
    for (int i = 0; i < ticks.size(); i++) {
      Tick t = ticks.get(i);
      if (t.epochMillis() <= fromMillis) {
        start = t;
      }
      if (t.epochMillis() >= toMillis && end.epochMillis() >= t.epochMillis()) {
        end = t;
      }
      Tick next = i + 1 < ticks.size() ? ticks.get(i + 1) : null;
      long until = next != null ? next.epochMillis() : Long.MAX_VALUE;
      long overlap = Math.min(until, toMillis) - Math.max(t.epochMillis(), fromMillis);
      boolean drew =
          next == null
              || next.ios()
                  > baselineIops
                      * (1 + ABOVE_BASELINE)
                      * (next.epochMillis() - t.epochMillis())
                      / 1e3;
      if (t.onCredits() && drew && overlap > 0) {
        onMillis += overlap;
      }
    }
    return new Window(start.credits(), end.credits(), onMillis / 1000.0);
  }

  /**
   * When a bucket ran dry under a load that asked more than the baseline, against when it should
   * have: its credits at the start over the burst rate less the baseline.
   *
   * @param startCredits the credits when the I/O began
   * @param predictedSeconds when the bucket should empty at the rate the volume ran on credits (its
   *     credits over that rate less the baseline), from the I/O's start; infinity when it had no
   *     credits to spend or ran no faster than its baseline
   * @param emptiedSeconds when the throttle switched to the baseline, from the I/O's start; null
   *     when it never did
   * @param iopsBefore the mean IOPS of the whole seconds on credits
   * @param iopsAfter the mean IOPS of the whole seconds after the switch; null before one
   */
  public record Drop(
      double startCredits,
      double predictedSeconds,
      Double emptiedSeconds,
      double iopsBefore,
      Double iopsAfter) {}

  /** The {@link Drop} in {@code ticks} of a volume of {@code profile}, or null without I/O. */
  public static Drop drop(List<Tick> ticks, DiskProfile profile) {
    int first = -1;
    for (int i = 1; i < ticks.size() && first < 0; i++) {
      if (ticks.get(i).ios() > 0) {
        first = i;
      }
    }
    if (first < 0) {
      return null;
    }
    // The first busy second's I/Os went at the burst rate (or the baseline, without credits) and
    // ended at its tick: the I/O began that long before it.
    Tick before = ticks.get(first - 1);
    double rate = before.onCredits() ? profile.burstIops() : profile.readIops();
    double startMillis =
        Math.max(
            before.epochMillis(),
            ticks.get(first).epochMillis() - ticks.get(first).ios() * 1e3 / rate);
    Double emptied = null;
    double onIos = 0;
    double onMillis = 0;
    double offIos = 0;
    double offMillis = 0;
    for (int i = first + 1; i < ticks.size(); i++) {
      Tick prev = ticks.get(i - 1);
      Tick t = ticks.get(i);
      if (emptied == null && !t.onCredits()) {
        emptied = (t.epochMillis() - startMillis) / 1000;
      }
      long millis = t.epochMillis() - prev.epochMillis();
      if (prev.onCredits() && t.onCredits()) {
        onIos += t.ios();
        onMillis += millis;
      } else if (!prev.onCredits() && !t.onCredits() && t.ios() > 0) {
        offIos += t.ios();
        offMillis += millis;
      }
    }
    double iopsBefore = onMillis > 0 ? onIos * 1000 / onMillis : 0;
    double drain = iopsBefore - profile.readIops();
    double predicted = drain > 0 ? before.credits() / drain : Double.POSITIVE_INFINITY;
    return new Drop(
        before.credits(),
        predicted,
        emptied,
        iopsBefore,
        offMillis > 0 ? offIos * 1000 / offMillis : null);
  }

  private final BurstBucket bucket;
  private final DiskProfile profile;
  private final BlockDevice device;
  private final CgroupIoStats stats = new CgroupIoStats();
  private final List<Tick> ticks = new ArrayList<>();
  private final ScheduledExecutorService timer;
  private long pid;
  private Long lastIos;
  private long lastNanos;
  private boolean paused;
  private Long written;
  private String failure;
  private boolean closed;

  private BurstThrottle(BurstBucket bucket, DiskProfile profile, BlockDevice device, long pid) {
    this.bucket = bucket;
    this.profile = profile;
    this.device = device;
    this.pid = pid;
    this.written = bucket.allowedIops();
    this.timer =
        Executors.newSingleThreadScheduledExecutor(
            r -> {
              Thread t = new Thread(r, "mongodb-tiered-burst-" + profile.name());
              t.setDaemon(true);
              return t;
            });
  }

  /**
   * Starts ticking on the process {@code pid}'s cgroup, whose limits were created at {@link
   * #limitsOf}{@code (profile, bucket)}.
   */
  public static BurstThrottle start(
      BurstBucket bucket, DiskProfile profile, BlockDevice device, long pid) {
    BurstThrottle t = new BurstThrottle(bucket, profile, device, pid);
    t.tick();
    t.timer.scheduleAtFixedRate(t::tick, 1, 1, TimeUnit.SECONDS);
    return t;
  }

  /**
   * The limits a volume of {@code profile} runs at with {@code bucket} as it is: the IOPS it allows
   * this second, the burst bandwidth while it is on credits.
   */
  public static DiskProfile limitsOf(DiskProfile profile, BurstBucket bucket) {
    long iops = bucket.allowedIops();
    if (iops <= bucket.baselineIops()) {
      return profile;
    }
    DiskProfile burst = bucket.onCredits() ? profile.onCredits() : profile;
    return burst.toBuilder().burst(0, 0, 0).iops(iops).build();
  }

  /** The limits in force now. */
  public synchronized DiskProfile limits() {
    return limitsOf(profile, bucket);
  }

  /** The seconds so far. */
  public synchronized List<Tick> ticks() {
    return List.copyOf(ticks);
  }

  /** Why the bucket stopped following the cgroup, or null while it follows it. */
  public synchronized String failure() {
    return failure;
  }

  /**
   * Stops counting and switching while the caller lifts the limits (a warm-up's preload): that I/O
   * is the tool's, not the workload's, and no limit may be written under it.
   */
  public synchronized void pause() {
    tick();
    paused = true;
  }

  /** Counts again from now, and writes the limits the bucket is at. */
  public synchronized void resume() throws IOException {
    paused = false;
    lastIos = null;
    written = null;
    tick();
    if (failure != null) {
      throw new IOException(failure);
    }
  }

  /** Follows the server's new process after a restart of its container. */
  public synchronized void follow(long newPid) {
    pid = newPid;
    lastIos = null;
  }

  synchronized void tick() {
    if (paused || closed || failure != null) {
      return;
    }
    Long ios = stats.total(pid, device.majorMinor()).ops();
    long now = System.nanoTime();
    if (ios == null) {
      return; // the process is gone or not yet in its cgroup: nothing to count this second
    }
    long issued = 0;
    if (lastIos != null) {
      issued = ios >= lastIos ? ios - lastIos : ios; // a restarted cgroup counts from 0
      bucket.after((now - lastNanos) / 1e9, issued);
    }
    lastIos = ios;
    lastNanos = now;
    boolean on = bucket.onCredits();
    long allowed = bucket.allowedIops();
    if (written == null || written != allowed) {
      try {
        DiskProfile l = limitsOf(profile, bucket);
        Cgroups.writeDiskLimits(
            pid, device, l.readIops(), l.writeIops(), l.readBytesPerSec(), l.writeBytesPerSec());
        written = allowed;
      } catch (IOException e) {
        failure = "the burst bucket could not switch the disk limits: " + e.getMessage();
      }
    }
    ticks.add(new Tick(System.currentTimeMillis(), issued, bucket.credits(), on));
  }

  @Override
  public synchronized void close() {
    tick();
    closed = true;
    timer.shutdownNow();
  }
}
