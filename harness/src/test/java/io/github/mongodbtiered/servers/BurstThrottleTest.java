package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.BurstBucket;
import io.github.mongodbtiered.profiles.CloudVolumes;
import io.github.mongodbtiered.profiles.DiskProfile;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A bucket's seconds read back: the limits it sets, the window of a run, the drop of a probe. */
class BurstThrottleTest {
  private static final DiskProfile GP2_100 = CloudVolumes.shipped().profile("gp2:100GiB");

  /** The ticks of a load asking {@code asked} IOPS for {@code seconds} from a bucket's start. */
  private static List<BurstThrottle.Tick> ticks(BurstBucket b, long asked, int seconds) {
    List<BurstThrottle.Tick> out = new ArrayList<>();
    out.add(new BurstThrottle.Tick(0, 0, b.credits(), b.onCredits()));
    for (int s = 1; s <= seconds; s++) {
      long ios = Math.min(asked, b.allowedIops());
      b.after(1, ios);
      out.add(new BurstThrottle.Tick(s * 1000L, ios, b.credits(), b.onCredits()));
    }
    return out;
  }

  @Test
  void theLimitsFollowTheBucketDownToTheBaseline() {
    assertEquals(300, GP2_100.readIops());
    assertEquals(3000, GP2_100.burstIops());
    BurstBucket b = new BurstBucket(300, 3000, 5_400_000, 2_000);
    DiskProfile l = BurstThrottle.limitsOf(GP2_100, b);
    assertEquals(2300, l.readIops(), "the second spends at most the credits left");
    assertEquals(2300, l.writeIops());
    assertEquals(0, l.burstIops(), "the limits of the moment carry no bucket");
    b.after(1, 2300);
    assertEquals(GP2_100, BurstThrottle.limitsOf(GP2_100, b), "empty: the profile's baseline");
  }

  @Test
  void aScaledBucketEmptiesWhenItsCreditsOverTheDrainSay() {
    // 27,000 credits at 3000 IOPS asked: 2700 a second above the 300 earned, 10 s.
    List<BurstThrottle.Tick> t = ticks(new BurstBucket(300, 3000, 5_400_000, 27_000), 3000, 20);
    BurstThrottle.Drop d = BurstThrottle.drop(t, GP2_100);
    assertEquals(27_000, d.startCredits(), 1e-9);
    assertEquals(3000, d.iopsBefore(), 1e-9);
    assertEquals(10, d.predictedSeconds(), 1e-9);
    assertEquals(10, d.emptiedSeconds(), 1e-9);
    assertEquals(300, d.iopsAfter(), 1e-9);
  }

  @Test
  void aRunsWindowSaysHowLongItRanOnCredits() {
    List<BurstThrottle.Tick> t = ticks(new BurstBucket(300, 3000, 5_400_000, 27_000), 3000, 20);
    BurstThrottle.Window w = BurstThrottle.window(t, 5_000, 15_000, 300);
    assertEquals(27_000 - 5 * 2700, w.creditsStart(), 1e-9);
    assertEquals(0, w.creditsEnd(), 1e-9);
    assertEquals(5, w.onCreditsSeconds(), 1e-9, "from 5 s until the bucket ran dry at 10 s");
    assertEquals(0, BurstThrottle.window(t, 12_000, 20_000, 300).onCreditsSeconds(), 1e-9);
    assertNull(BurstThrottle.window(List.of(), 0, 1, 300));
  }

  @Test
  void aRunThatNeverWentAboveItsBaselineRanOnNoCreditsThoughItHadThem() {
    // A cell in the filesystem cache: the bucket lets 3000 through, the server reads 0 or 290 a s.
    for (long asked : new long[] {0, 290}) {
      List<BurstThrottle.Tick> t = ticks(new BurstBucket(300, 3000, 5_400_000, 27_000), asked, 20);
      BurstThrottle.Window w = BurstThrottle.window(t, 5_000, 15_000, 300);
      assertEquals(0, w.onCreditsSeconds(), 1e-9, asked + " I/Os a second");
      assertTrue(w.creditsEnd() >= w.creditsStart(), "it earned, or kept, its credits");
    }
  }

  @Test
  void anEmptyBucketNeverBurstsAndAnIdleOneIsNoDrop() {
    List<BurstThrottle.Tick> t = ticks(new BurstBucket(300, 3000, 5_400_000, 0), 3000, 5);
    BurstThrottle.Drop d = BurstThrottle.drop(t, GP2_100);
    assertEquals(Double.POSITIVE_INFINITY, d.predictedSeconds());
    assertEquals(300, d.iopsAfter(), 1e-9);
    assertNull(BurstThrottle.drop(ticks(new BurstBucket(300, 3000, 100, 100), 0, 5), GP2_100));
  }
}
