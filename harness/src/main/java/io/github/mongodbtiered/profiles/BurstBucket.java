package io.github.mongodbtiered.profiles;

/**
 * A burst-credit bucket as AWS gp2 and Azure Premium SSD P20 and smaller keep one: one credit per
 * I/O, earned at the baseline rate, spent by every I/O; while credits are left the volume runs at
 * its burst rate, once they are gone at its baseline, and it earns them back only while it does
 * less than the baseline. Second by second: the rate allowed for a second spends at most the
 * credits left. AWS states it for gp2: 5.4 million credits to start, enough for 3,000 IOPS for 30
 * minutes; burst duration = credits / (burst IOPS - baseline IOPS).
 *
 * <p>Not thread-safe: one ticker owns it.
 */
public final class BurstBucket {
  private final long baselineIops;
  private final long burstIops;
  private final double capacityCredits;
  private double credits;

  /**
   * @param baselineIops the rate it earns credits at, and runs at once they are gone
   * @param burstIops the rate it runs at while it has credits
   * @param capacityCredits the most credits it holds
   * @param startCredits the credits it starts with, 0 to the capacity
   */
  public BurstBucket(
      long baselineIops, long burstIops, double capacityCredits, double startCredits) {
    if (baselineIops < 1 || burstIops <= baselineIops) {
      throw new IllegalArgumentException(
          "a burst bucket needs a baseline of 1 or more IOPS below its burst rate, not "
              + baselineIops
              + " and "
              + burstIops);
    }
    if (!(capacityCredits > 0) || !(startCredits >= 0 && startCredits <= capacityCredits)) {
      throw new IllegalArgumentException(
          "burst credits: start from 0 to "
              + Math.round(capacityCredits)
              + ", not "
              + startCredits);
    }
    this.baselineIops = baselineIops;
    this.burstIops = burstIops;
    this.capacityCredits = capacityCredits;
    this.credits = startCredits;
  }

  /**
   * The bucket after {@code seconds} in which the volume did {@code ios} I/Os: the baseline's
   * credits earned, one spent per I/O, kept from 0 to the capacity.
   */
  public void after(double seconds, long ios) {
    if (seconds < 0 || ios < 0) {
      throw new IllegalArgumentException("time and I/Os go forward: " + seconds + " s, " + ios);
    }
    credits = Math.max(0, Math.min(capacityCredits, credits + baselineIops * seconds - ios));
  }

  public double credits() {
    return credits;
  }

  /**
   * Whether the volume runs on credits: it may go at least a tenth of the way from its baseline to
   * its burst rate this second. A bucket that earns back a credit or two while the load hovers at
   * the baseline does not count.
   */
  public boolean onCredits() {
    return allowedIops() - baselineIops >= 0.1 * (burstIops - baselineIops);
  }

  /**
   * The IOPS the volume allows for the next second: its burst rate while the credits last a second
   * of it, else its baseline plus what is left. Allowing the burst rate on the last few credits
   * would let a whole second of it through on one credit: 3,000 I/Os where 301 are due.
   */
  public long allowedIops() {
    return Math.min(burstIops, baselineIops + (long) Math.floor(credits));
  }

  public long baselineIops() {
    return baselineIops;
  }

  /**
   * Seconds until the credits are gone when the volume is asked {@code iops} without pause: never
   * (infinity) at or below the baseline.
   */
  public double secondsUntilEmpty(double iops) {
    double drain = Math.min(iops, burstIops) - baselineIops;
    return drain <= 0 ? Double.POSITIVE_INFINITY : credits / drain;
  }
}
