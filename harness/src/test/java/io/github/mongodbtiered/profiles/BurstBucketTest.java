package io.github.mongodbtiered.profiles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** gp2's bucket as AWS states it, second by second. */
class BurstBucketTest {
  @Test
  void aFullGp2BucketAt3000IopsLastsAsAwsSays() {
    // 100 GiB: 300 IOPS baseline; 5.4 million credits; asked 3000 IOPS without pause.
    BurstBucket b = new BurstBucket(300, 3000, 5_400_000, 5_400_000);
    assertEquals(2000, b.secondsUntilEmpty(3000), 1e-9, "5.4M / (3000 - 300)");
    int second = 0;
    while (b.allowedIops() > 300) {
      b.after(1, b.allowedIops());
      second++;
    }
    assertEquals(2000, second);
    assertEquals(300, b.allowedIops());
    b.after(1, 300);
    assertFalse(b.onCredits(), "at the baseline it earns nothing back");
    b.after(10, 1000);
    assertEquals(2000, b.credits(), 1e-9, "10 s at 100 IOPS earn 10 x 200");
    assertTrue(b.onCredits());
    b.after(1, 2300);
    b.after(1, 299);
    assertEquals(
        301, b.allowedIops(), "one credit earned allows one I/O more, not a second of 3000");
    assertFalse(b.onCredits(), "a credit or two is not a burst");
  }

  @Test
  void theBucketNeverHoldsMoreThanItsCapacityNorLessThanNothing() {
    BurstBucket b = new BurstBucket(100, 3000, 1000, 0);
    b.after(60, 0);
    assertEquals(1000, b.credits(), 1e-9);
    b.after(1, 1_000_000);
    assertEquals(0, b.credits(), 1e-9);
    assertEquals(Double.POSITIVE_INFINITY, b.secondsUntilEmpty(100));
  }

  @Test
  void absurdBucketsAreRefused() {
    assertThrows(IllegalArgumentException.class, () -> new BurstBucket(300, 300, 10, 10));
    assertThrows(IllegalArgumentException.class, () -> new BurstBucket(0, 3000, 10, 10));
    assertThrows(IllegalArgumentException.class, () -> new BurstBucket(300, 3000, 10, 11));
    assertThrows(IllegalArgumentException.class, () -> new BurstBucket(300, 3000, 10, -1));
    BurstBucket b = new BurstBucket(300, 3000, 10, 10);
    assertThrows(IllegalArgumentException.class, () -> b.after(-1, 0));
  }
}
