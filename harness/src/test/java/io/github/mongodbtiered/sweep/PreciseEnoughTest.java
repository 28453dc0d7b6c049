package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.ycsb.Progress;
import java.nio.file.Path;
import java.util.Properties;
import java.util.Random;
import java.util.function.IntToDoubleFunction;
import org.junit.jupiter.api.Test;

class PreciseEnoughTest {
  /**
   * Drives the watch with a progress update every 500 ms of a run whose throughput in second {@code
   * s} is {@code rate(s)}, for at most {@code seconds}.
   *
   * @return the phase time at which it asked to stop, or -1
   */
  private static long stoppedAtMillis(PreciseEnough watch, IntToDoubleFunction rate, int seconds) {
    double ops = 0;
    for (long t = 500; t <= seconds * 1000L; t += 500) {
      ops += rate.applyAsDouble((int) ((t - 1) / 1000)) / 2;
      watch.update((long) ops, 0, t);
      if (watch.stopRequested()) {
        return t;
      }
    }
    return -1;
  }

  @Test
  void aSteadyRunEndsAtTheFloorAndNotBefore() {
    long at =
        stoppedAtMillis(
            new PreciseEnough(Progress.NONE, 20, 0.03), s -> s % 2 == 0 ? 980 : 1020, 60);
    assertEquals(20_000, at);
  }

  @Test
  void noisyRunsRarelyEndOnAChanceDipOfTheirSpread() {
    // +/-50% a half-second: the interval is about +/-6-9% from 20 s to 60 s, twice the 3% asked.
    int early = endedEarlyOf200(0.03, 500, 1000);
    assertTrue(early <= 10, early + " of 200 noisy runs ended before 60 s");
  }

  @Test
  void noisyRunsRarelyEndOnAChanceDipOfTheirSpreadAtTheDefaultPrecision() {
    // +/-83% a half-second: the interval is about +/-10-15% from 20 s to 60 s, twice the 5% asked.
    int early = endedEarlyOf200(MeasuredRuns.defaults().precision(), 170, 1660);
    System.out.println(early + " of 200 noisy runs ended before 60 s at the default precision");
    assertTrue(early <= 10, early + " of 200 noisy runs ended before 60 s");
  }

  /**
   * How many of 200 runs of 60 s, each half-second's rate uniform in {@code [low, low + spread)}
   * (seeds 0-199), end early at {@code precision}.
   */
  private static int endedEarlyOf200(double precision, double low, double spread) {
    int early = 0;
    for (int seed = 0; seed < 200; seed++) {
      Random r = new Random(seed);
      if (stoppedAtMillis(
              new PreciseEnough(Progress.NONE, 20, precision),
              s -> low + spread * r.nextDouble(),
              60)
          >= 0) {
        early++;
      }
    }
    return early;
  }

  @Test
  void aRunIsLookedAtEveryTenSecondsAfterTheFloor() {
    // Noisy for its first 25 s, then flat: the look at 30 s sees +/-3% or better, 20 s did not.
    Random r = new Random(7);
    long at =
        stoppedAtMillis(
            new PreciseEnough(Progress.NONE, 20, 0.03),
            s -> s < 12 ? 500 + 1000 * r.nextDouble() : 1000,
            60);
    assertTrue(at % 10_000 == 0 && at > 20_000, "stopped at " + at);
  }

  @Test
  void aNarrowButClimbingRunGoesOn() {
    // 0.8% a second: within +/-10% of its mean at 20 s, but the line through it rises 13%.
    IntToDoubleFunction climbing = s -> 1000 * (1 + 0.008 * s);
    assertEquals(-1, stoppedAtMillis(new PreciseEnough(Progress.NONE, 20, 0.10), climbing, 40));
    assertEquals(
        20_000, stoppedAtMillis(new PreciseEnough(Progress.NONE, 20, 0.10), s -> 1000, 40));
  }

  @Test
  void runsWithALengthOfTheirOwnAreNotWatched() {
    SweepOptions closedLoop = options();
    Progress bar = (done, total, elapsed) -> {};
    assertTrue(PreciseEnough.watching(bar, closedLoop) instanceof PreciseEnough);
    assertSame(bar, PreciseEnough.watching(bar, options().withRuns(r -> r.withOperations(50_000))));
    assertSame(
        bar, PreciseEnough.watching(bar, options().withRuns(r -> r.withTargetOpsPerSec(1000))));
    assertSame(bar, PreciseEnough.watching(bar, options().withRuns(r -> r.withPrecision(0))));
    assertSame(bar, PreciseEnough.watching(bar, options().withRuns(r -> r.withMinSeconds(60))));
    assertFalse(options().withRuns(r -> r.withSeconds(10)).endsRunsEarly());
  }

  @Test
  void absurdSettingsAreRefusedByName() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class, () -> options().withRuns(r -> r.withPrecision(1)));
    assertTrue(e.getMessage().startsWith("--precision"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class, () -> options().withRuns(r -> r.withPrecision(-0.01)));
    assertTrue(e.getMessage().startsWith("--precision"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> options().withRuns(r -> r.withMinSeconds(Double.NaN)));
    assertTrue(e.getMessage().startsWith("--min-seconds"), e.getMessage());
  }

  private static SweepOptions options() {
    return SweepOptions.defaults(new Properties(), Path.of("/tmp/precise-enough-test"))
        .withCells(c -> c.withProfiles(DiskProfile.named("p").build()));
  }
}
