package io.github.mongodbtiered.profiles;

import java.util.Locale;

/**
 * How full a burst-credit volume's bucket is ({@code --burst-credits}): full as a new volume's is
 * when the sweep or probe begins, or a number of I/O credits then, the bucket kept from cell to
 * cell; or empty at every cell's cold start, as a volume has it that has run busy above its
 * baseline for a while: the volume as it runs in production, where the credits a cell earned while
 * it barely read (a cell in the filesystem cache) are not there to lift the next.
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

  /** Whether every cell's server starts with a new bucket: {@code empty} (or 0). */
  public boolean everyCell() {
    return !full && credits == 0;
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
