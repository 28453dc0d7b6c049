package io.github.mongodbtiered.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/**
 * The disk's part of an operation's latency: modes a slice apart, not a queue's exponential tail,
 * as the 150 and 600 IOPS cells of a full sweep here measured them.
 */
class DiskTailTest {
  private static final double READ_MICROS = 7_100;

  @Test
  void aThrottleSmallerThanTheThreadsHoldsEveryReadAndTwoReadsTakeTwoWaits() {
    // Given 16 threads on 150 IOPS + 7 ms at 0.249 reads per operation (the 5M cell: p90 99.9 ms,
    // p99 187.3 ms, nothing beyond 202 ms).
    ClosedLoop loop = new ClosedLoop(100, 0.249, READ_MICROS, 150);
    ClosedLoop.Flow flow = loop.solve(16);
    DiskTail tail = loop.tail(flow, 16);
    assertEquals(1, tail.heldShare());
    double oneRead = READ_MICROS + tail.heldWaitMicros();
    // Then the 90th percentile is one read held a slice's worth, the 99th two, none more.
    assertEquals(oneRead, tail.quantileMicros(0.90), 1e-6);
    assertEquals(2 * oneRead, tail.quantileMicros(0.99), 1e-6);
    assertEquals(2 * oneRead, tail.quantileMicros(0.9999), 1e-6);
    assertTrue(oneRead > 90_000 && oneRead < 110_000, "one held read: " + oneRead);
    double p99 = loop.p99Micros(flow, 3_000, 16);
    assertTrue(Math.abs(p99 / 187_263 - 1) < 0.15, "p99 " + p99 + " against 187.3 ms measured");
  }

  @Test
  void aLargerBudgetHoldsTheThreadsShareAndTheWaitFallsOnThoseAlone() {
    // 600 IOPS: a budget of 60 reads a slice, of which the 16 threads are held once each.
    assertEquals(16 / 60.0, DiskTail.heldShare(16, 600), 1e-12);
    ClosedLoop loop = new ClosedLoop(100, 0.283, READ_MICROS, 600);
    ClosedLoop.Flow flow = loop.solve(16);
    DiskTail tail = loop.tail(flow, 16);
    // The mean is the loop's: every read's own time plus its queueing, carried by the held ones.
    double queued = flow.throttleMicrosPerRead() - 1e6 / 600;
    assertEquals(0.283 * (READ_MICROS + queued), mean(tail), 1e-4 * mean(tail));
    // The 5M cell measured p99 64.4 ms: the held reads' mode, not the unheld 7-20 ms.
    double p99 = loop.p99Micros(flow, 3_000, 16);
    assertTrue(Math.abs(p99 / 64_415 - 1) < 0.20, "p99 " + p99 + " against 64.4 ms measured");
  }

  @Test
  void withoutAThrottleNothingIsHeldAndAReadIsItsOwnTime() {
    assertEquals(0, DiskTail.heldShare(16, Double.POSITIVE_INFINITY));
    DiskTail tail = new DiskTail(0.1, READ_MICROS, 0, 0);
    assertEquals(READ_MICROS, tail.quantileMicros(0.99), 1e-9);
    assertEquals(0, tail.quantileMicros(0.5), 1e-9);
    // At 0.5 reads per operation, 3.3% of operations read twice: the 99th percentile reads twice.
    assertEquals(2 * READ_MICROS, new DiskTail(0.5, READ_MICROS, 0, 0).quantileMicros(0.99), 1e-9);
  }

  @Test
  void moreThanOneReadAnOperationIsTheTwoWholeNumbersAroundTheMean() {
    DiskTail tail = new DiskTail(2.5, 1_000, 0, 0);
    assertEquals(2_000, tail.quantileMicros(0.49), 1e-9);
    assertEquals(3_000, tail.quantileMicros(0.51), 1e-9);
    assertEquals(2.5 * 1_000, mean(tail), 1e-6);
  }

  @Test
  void moreIopsNeverMakeTheDisksPartWorse() {
    // The least-IOPS search bisects on the cap: only the CPU's queue, busier as the throughput
    // rises, may add to the p99.
    for (double reads : new double[] {0.02, 0.2, 0.5, 1.5}) {
      double before = Double.POSITIVE_INFINITY;
      double cpuBefore = 0;
      for (double cap = 20; cap < 200_000; cap *= 1.05) {
        ClosedLoop loop = new ClosedLoop(100, reads, READ_MICROS, cap);
        ClosedLoop.Flow flow = loop.solve(16);
        double p99 = loop.p99Micros(flow, 0, 16);
        double cpuRise = Math.max(0, flow.cpuResidenceMicros() - cpuBefore);
        assertTrue(p99 <= before + cpuRise + 1e-6, reads + " reads, " + cap + " IOPS: " + p99);
        before = p99;
        cpuBefore = flow.cpuResidenceMicros();
      }
    }
  }

  @Test
  void aBudgetLargerThanTheThreadsHoldsAReadForTheRestOfTheSliceAtMost() {
    // Given io2 at 1,000 IOPS on 5M records (cloud-1): 0.152 reads an operation, no added latency,
    // where gp3 with the throttle out of reach read 1,645 a second (the loop's free rate).
    ClosedLoop loop = new ClosedLoop(88, 0.152, 100, 1_000);
    ClosedLoop.Flow flow = loop.solve(16);
    DiskTail tail = loop.tail(flow, 16);
    double free = new ClosedLoop(88, 0.152, 100, Double.POSITIVE_INFINITY).solve(16).opsPerSec();
    assertEquals(1_645, free * 0.152, 1_645 * 0.1);
    // Then a held read waits what is left of the slice once its 100 reads are spent, within the
    // 30-70 ms those cells' held reads waited, not the loop's whole queue (89 ms before),
    double queued = flow.throttleMicrosPerRead() - 1_000;
    assertTrue(queued / tail.heldShare() > 70_000, "the queue alone: " + queued);
    assertTrue(
        tail.heldWaitMicros() > 30_000 && tail.heldWaitMicros() < 70_000,
        "held wait " + tail.heldWaitMicros());
    // and the p99 is near the 47.8 ms measured (85.3 ms before).
    double p99 = loop.p99Micros(flow, 8_000, 16);
    assertTrue(Math.abs(p99 / 47_839 - 1) < 0.15, "p99 " + p99 + " against 47.8 ms measured");
    // A budget the loop never spends in a slice holds nothing back for long.
    assertEquals(0, DiskTail.restOfSliceMicros(16, 3_000, 1_645), 1e-9);
  }

  /** The tail's mean, from its quantiles at a fine grid. */
  private static double mean(DiskTail tail) {
    int n = 200_000;
    double sum = 0;
    for (int i = 0; i < n; i++) {
      sum += tail.quantileMicros((i + 0.5) / n);
    }
    return sum / n;
  }
}
