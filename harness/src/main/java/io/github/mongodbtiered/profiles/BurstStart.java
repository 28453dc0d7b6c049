package io.github.mongodbtiered.profiles;

import java.util.Locale;

/**
 * How full a burst-credit volume's bucket is when a sweep or a probe begins ({@code
 * --burst-credits}): full as a new volume's is, empty as a volume that has run busy for a while, or
 * a number of I/O credits.
 *
 * @param full the bucket starts full (its profile's {@code burst-credits})
 * @param credits the credits it starts with when not full
 */
public record BurstStart(boolean full, long credits) {
  public static final BurstStart FULL = new BurstStart(true, 0);
  public static final BurstStart EMPTY = new BurstStart(false, 0);

  public BurstStart {
    if (credits < 0) {
      throw new IllegalArgumentException("burst credits cannot be negative");
    }
  }

  /**
   * {@code full}, {@code empty} or a whole number of credits.
   *
   * @throws IllegalArgumentException saying what is accepted
   */
  public static BurstStart parse(String text) {
    String t = text == null ? "" : text.trim().toLowerCase(Locale.ROOT);
    if (t.equals("full")) {
      return FULL;
    }
    if (t.equals("empty")) {
      return EMPTY;
    }
    try {
      long n = Long.parseLong(t.replace("_", ""));
      if (n >= 0) {
        return new BurstStart(false, n);
      }
    } catch (NumberFormatException e) {
      // refused below
    }
    throw new IllegalArgumentException(
        "'" + text + "': give full, empty or a whole number of I/O credits, e.g. 27000");
  }

  /**
   * The credits {@code profile}'s bucket starts with.
   *
   * @throws IllegalArgumentException when more than its bucket holds, naming the profile
   */
  public long creditsFor(DiskProfile profile) {
    if (full) {
      return profile.burstCredits();
    }
    if (credits > profile.burstCredits()) {
      throw new IllegalArgumentException(
          "--burst-credits "
              + credits
              + ": profile "
              + profile.name()
              + "'s bucket holds at most "
              + profile.burstCredits()
              + "; give that or less, full or empty");
    }
    return credits;
  }

  /** A new bucket for {@code profile} (which must burst), filled as this says. */
  public BurstBucket bucketFor(DiskProfile profile) {
    return new BurstBucket(
        profile.readIops(), profile.burstIops(), profile.burstCredits(), creditsFor(profile));
  }

  @Override
  public String toString() {
    return full ? "full" : credits == 0 ? "empty" : Long.toString(credits);
  }
}
