package io.github.mongodbtiered.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.metrics.CgroupIoStats;
import io.github.mongodbtiered.ycsb.Progress;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongUnaryOperator;
import java.util.function.Supplier;
import org.bson.Document;
import org.junit.jupiter.api.Test;

class SteadyStateWatchTest {

  /** A serverStatus reply with the cache figures the watch reads. */
  private static Document stats(long pagesRead, long cacheBytes) {
    return new Document(
        "wiredTiger",
        new Document(
            "cache",
            new Document("pages read into cache", pagesRead)
                .append("maximum bytes configured", 1L << 30)
                .append("bytes currently in the cache", cacheBytes)));
  }

  /**
   * Settings reading {@code status}, with the page cache, the device and the client's JIT unknown,
   * on a trend window of {@code trendSeconds} carried on over {@code horizonSeconds}.
   */
  private static WatchSettings settings(
      Supplier<Document> status, int trendSeconds, double horizonSeconds) {
    return new WatchSettings(
        status,
        () -> null,
        () -> null,
        () -> null,
        WatchSettings.LimitsBind.ALWAYS,
        () -> -1L,
        trendSeconds,
        horizonSeconds);
  }

  /** As above, on the shortest trend window (the detector's two windows) and no horizon. */
  private static WatchSettings settings(Supplier<Document> status) {
    return settings(status, 2 * SteadyStateDetector.WINDOW_SECONDS, 0);
  }

  /**
   * Settings reading a steady cache, with a device doing {@code ioPerSec} 4 KiB I/Os a second
   * (null: unknown), {@code readsPerSec} of them reads, on the clock {@code elapsed}, under limits
   * that bind from 500 I/Os or more than one read a second.
   */
  private static WatchSettings device(
      int trendSeconds,
      double horizonSeconds,
      Long ioPerSec,
      long readsPerSec,
      AtomicLong elapsed) {
    return device(trendSeconds, horizonSeconds, ioPerSec, readsPerSec, Long.MAX_VALUE, elapsed);
  }

  /** As above, with the reads stopping at {@code readsUntilMillis}. */
  private static WatchSettings device(
      int trendSeconds,
      double horizonSeconds,
      Long ioPerSec,
      long readsPerSec,
      long readsUntilMillis,
      AtomicLong elapsed) {
    return new WatchSettings(
        () -> stats(0, 10_000_000),
        () -> null,
        () -> readsPerSec * Math.min(elapsed.get(), readsUntilMillis) / 1000,
        () ->
            ioPerSec == null
                ? new CgroupIoStats.Io(null, null)
                : new CgroupIoStats.Io(
                    ioPerSec * elapsed.get() / 1000, 4096 * ioPerSec * elapsed.get() / 1000),
        (ops, bytes, reads) -> ops >= 500 || !(reads <= 1),
        () -> -1L,
        trendSeconds,
        horizonSeconds);
  }

  /**
   * Updates the watch every 500 ms on the clock {@code elapsed} for up to 120 s, until it asks to
   * stop, with {@code opsAt} operations done in the half second from each update's time (ms).
   */
  private static void drive(SteadyStateWatch w, AtomicLong elapsed, LongUnaryOperator opsAt) {
    long ops = 0;
    for (int half = 0; half <= 240 && !w.stopRequested(); half++) {
      elapsed.set(half * 500L);
      w.update(ops, 0, half * 500L);
      ops += opsAt.applyAsLong(half * 500L);
    }
  }

  @Test
  void asksThePhaseToStopOnceTheCacheAndThroughputSettleAndPassesUpdatesOn() {
    AtomicLong pagesRead = new AtomicLong();
    AtomicLong cacheBytes = new AtomicLong(10_000_000);
    List<Long> shown = new ArrayList<>();
    Progress bar = (done, total, elapsed) -> shown.add(done);
    SteadyStateWatch w =
        new SteadyStateWatch(
            bar,
            settings(() -> stats(pagesRead.get(), cacheBytes.get())),
            new WatchMode.UnderLimits());
    long ops = 0;
    int stoppedAtSecond = -1;
    // Updates every 500 ms at 5000 ops/s; the cache fills for 4 s, then stays put.
    for (int half = 0; half <= 40 && stoppedAtSecond < 0; half++) {
      if (half > 0 && half <= 8) {
        pagesRead.addAndGet(1000);
        cacheBytes.addAndGet(20_000_000);
      }
      w.update(ops, 0, half * 500L);
      if (w.stopRequested()) {
        stoppedAtSecond = half / 2;
      }
      ops += 2500;
    }
    assertEquals(List.of(0L, 2500L, 5000L), shown.subList(0, 3), "the bar sees every update");
    WatchOutcome outcome = w.outcome();
    assertTrue(outcome.steady());
    // Throughput is flat from the start, so the first ten samples decide it (seconds 1..10); the
    // cache settled after second 4, so seconds 6..10 are flat too.
    assertEquals(10, stoppedAtSecond);
    assertEquals(10_000, outcome.steadyAtMillis());
    assertFalse(outcome.throughputOnly());
  }

  /**
   * Given a warm-up with the disk limits lifted, when the caches settle the limits go back, and
   * only the steady state under them counts: a throughput still falling after the limits went back
   * keeps the warm-up going until it has been flat for a trend window.
   */
  @Test
  void putsTheLimitsBackOnceTheCachesSettleAndWaitsForTheSteadyStateUnderThem() {
    List<Long> restoredAt = new ArrayList<>();
    AtomicLong elapsed = new AtomicLong();
    SteadyStateWatch w =
        new SteadyStateWatch(
            Progress.NONE,
            settings(() -> stats(0, 10_000_000), 10, 0),
            new WatchMode.LiftedThenLimited(() -> restoredAt.add(elapsed.get()), 60_000));
    long ops = 0;
    long restoredMillis = -1;
    for (int half = 0; half <= 240 && !w.stopRequested(); half++) {
      long ms = half * 500L;
      elapsed.set(ms);
      w.update(ops, 0, ms);
      if (restoredMillis < 0 && !restoredAt.isEmpty()) {
        restoredMillis = restoredAt.get(0);
      }
      // 5,000 ops/s with the limits lifted; under them a slide from 4,000 to 2,000 over 20 s.
      double sinceRestore = restoredMillis < 0 ? -1 : (ms - restoredMillis) / 1000.0;
      double rate = sinceRestore < 0 ? 5000 : Math.max(2000, 4000 - 100 * sinceRestore);
      ops += (long) (rate / 2);
    }
    WatchOutcome outcome = w.outcome();
    assertEquals(List.of(10_000L), restoredAt, "the limits go back once, when the caches settle");
    assertEquals(10_000, outcome.liftedMillis());
    assertTrue(outcome.liftedSteady());
    // The lifted stage ended on a steady verdict; the seconds after it, until the limited stage's
    // own first one, show that stage waiting for samples, not that verdict.
    assertEquals(List.of(), outcome.waits().get(10_000L));
    assertEquals(List.of("samples"), outcome.waits().floorEntry(10_900L).getValue());
    assertTrue(outcome.steady());
    // The slide ends 20 s into the limited stage. Steady comes once the last ten seconds hold
    // less of it than the drift test's 10%, not while the rate is still 25% above where it ends.
    long steadyAt = outcome.steadyAtMillis();
    assertTrue(steadyAt > 10_000 + 15_000, "steady at " + steadyAt);
    assertTrue(steadyAt <= 10_000 + 30_000, "steady at " + steadyAt);
  }

  /**
   * Given a warm-up with the limits lifted whose device I/O stays at 100 I/Os a second, none of
   * them reads, when the caches settle and the limits would bind only from 500 (or from more than
   * one read a second), then its steady state stands: the limits go back and the phase ends; at 600
   * a second, with 50 of the 100 reads, or with the I/O unknown, the stage under the limits runs as
   * before.
   */
  @Test
  void endsWithTheFirstStageWhenTheDeviceStayedFarBelowTheLimits() {
    record Io(Long perSec, long readsPerSec, boolean idle) {}
    for (Io io :
        List.of(
            new Io(100L, 0, true),
            new Io(100L, 50, false),
            new Io(600L, 0, false),
            new Io(null, 0, false))) {
      List<Long> restoredAt = new ArrayList<>();
      AtomicLong elapsed = new AtomicLong();
      SteadyStateWatch w =
          new SteadyStateWatch(
              Progress.NONE,
              device(10, 0, io.perSec(), io.readsPerSec(), elapsed),
              new WatchMode.LiftedThenLimited(() -> restoredAt.add(elapsed.get()), 60_000));
      drive(w, elapsed, ms -> 2500);
      WatchOutcome outcome = w.outcome();
      assertEquals(List.of(10_000L), restoredAt, io.toString());
      assertTrue(outcome.steady());
      assertEquals(io.idle(), outcome.limitsIdle(), io.toString());
      if (io.idle()) {
        assertEquals(10_000, outcome.steadyAtMillis());
      } else {
        // A trend window of its own under the limits, from the update after they went back.
        assertEquals(10_000 + 500 + 10_000, outcome.steadyAtMillis(), io.toString());
      }
    }
  }

  /**
   * Given a warm-up under its limits that goes on from a cell that ended steady, with a trend
   * window of 30 s, when its device stays idle and below the limits, then the cell before's steady
   * state stands after 10 s; when the device reads 50 times a second, when its I/O is unknown, or
   * when nothing is to carry over, the full 30 s window decides. The 10 s must all pass: a
   * throughput step, or device reads, in its first 5 s hold it until they have left the window.
   */
  @Test
  void aContinuedWarmUpWhoseDeviceStaysIdleCarriesTheSteadyStateOverAfterTenSeconds() {
    // slowUntil: half the throughput before it; readsUntil: the device reads before it alone
    record Case(
        boolean carry,
        Long perSec,
        long readsPerSec,
        long readsUntil,
        long slowUntil,
        long steadyAt,
        boolean carried) {}
    long always = Long.MAX_VALUE;
    for (Case c :
        List.of(
            new Case(true, 100L, 0, always, 0, 10_000, true),
            new Case(true, 100L, 50, always, 0, 30_000, false),
            new Case(true, null, 0, always, 0, 30_000, false),
            new Case(false, 100L, 0, always, 0, 30_000, false),
            new Case(true, 100L, 50, 5_000, 0, 15_000, true),
            new Case(true, 100L, 0, always, 5_000, 15_000, true))) {
      AtomicLong elapsed = new AtomicLong();
      SteadyStateWatch w =
          new SteadyStateWatch(
              Progress.NONE,
              device(30, 60, c.perSec(), c.readsPerSec(), c.readsUntil(), elapsed),
              c.carry() ? new WatchMode.CarryOver() : new WatchMode.UnderLimits());
      drive(w, elapsed, ms -> ms < c.slowUntil() ? 1250 : 2500);
      WatchOutcome outcome = w.outcome();
      assertTrue(outcome.steady(), c.toString());
      assertEquals(c.steadyAt(), outcome.steadyAtMillis(), c.toString());
      assertEquals(c.carried(), outcome.carriedOver(), c.toString());
      assertEquals(List.of(), outcome.waits().get(c.steadyAt()), c.toString());
    }
  }

  /**
   * Given a warm-up with the limits lifted (a cold cell), a carry-over asked for by mistake changes
   * nothing: the lifted stage's own 30 s window ends it, its state standing on the idle device.
   */
  @Test
  void aCarryOverIsIgnoredByAWarmUpThatLiftedTheLimits() {
    AtomicLong elapsed = new AtomicLong();
    List<Long> restoredAt = new ArrayList<>();
    WatchMode mode = WatchMode.of(() -> restoredAt.add(elapsed.get()), 90_000, true);
    assertInstanceOf(WatchMode.LiftedThenLimited.class, mode);
    SteadyStateWatch w =
        new SteadyStateWatch(Progress.NONE, device(30, 60, 100L, 0, elapsed), mode);
    drive(w, elapsed, ms -> 2500);
    WatchOutcome outcome = w.outcome();
    assertEquals(30_000, outcome.steadyAtMillis());
    assertTrue(outcome.limitsIdle());
    assertFalse(outcome.carriedOver());
    assertEquals(List.of(30_000L), restoredAt);
  }

  @Test
  void putsTheLimitsBackAtHalfTheBoundWhenTheCachesNeverSettleAndStopsWhenThatFails() {
    AtomicLong cacheBytes = new AtomicLong(10_000_000);
    List<Long> restoredAt = new ArrayList<>();
    SteadyStateWatch filling =
        new SteadyStateWatch(
            Progress.NONE,
            settings(() -> stats(0, cacheBytes.addAndGet(50_000_000)), 10, 0),
            new WatchMode.LiftedThenLimited(() -> restoredAt.add(1L), 15_000));
    for (int half = 0; half <= 40; half++) {
      filling.update(half * 2500L, 0, half * 500L);
    }
    WatchOutcome filled = filling.outcome();
    assertEquals(List.of(1L), restoredAt);
    assertEquals(15_000, filled.liftedMillis());
    assertFalse(filled.liftedSteady());
    assertFalse(filled.steady(), "a cache still growing under the limits is not steady");

    SteadyStateWatch broken =
        new SteadyStateWatch(
            Progress.NONE,
            settings(() -> stats(0, 10_000_000), 10, 0),
            new WatchMode.LiftedThenLimited(
                () -> {
                  throw new java.io.IOException("the server's process is gone");
                },
                60_000));
    for (int half = 0; half <= 40 && !broken.stopRequested(); half++) {
      broken.update(half * 2500L, 0, half * 500L);
    }
    assertTrue(broken.stopRequested(), "nothing may run after the limits failed to go back");
    assertFalse(broken.outcome().steady());
    assertEquals("the server's process is gone", broken.outcome().restoreFailure().getMessage());
  }

  @Test
  void aServerWithoutCacheFiguresIsJudgedOnThroughputAloneAndAFailedReadIsNoFailure() {
    SteadyStateWatch w =
        new SteadyStateWatch(
            Progress.NONE,
            settings(
                () -> {
                  throw new IllegalStateException("serverStatus refused");
                }),
            new WatchMode.UnderLimits());
    for (int half = 0; half <= 20; half++) {
      w.update(half * 2500L, 0, half * 500L);
    }
    assertTrue(w.outcome().steady());
    assertTrue(w.outcome().throughputOnly());
  }

  @Test
  void aServerWhoseJitStillCompilesIsNotSteadyUntilItsCompilerGoesQuiet() {
    AtomicLong serverJitMillis = new AtomicLong();
    SteadyStateWatch w =
        new SteadyStateWatch(
            Progress.NONE,
            settings(
                () ->
                    stats(0, 10_000_000)
                        .append(
                            "jvm", new Document("compilationTimeMillis", serverJitMillis.get()))),
            new WatchMode.UnderLimits());
    int stoppedAtSecond = -1;
    // Flat throughput and cache throughout; the server compiles 200 ms a second for 15 s.
    for (int half = 0; half <= 80 && stoppedAtSecond < 0; half++) {
      if (half > 0 && half <= 30) {
        serverJitMillis.addAndGet(100);
      }
      w.update(half * 2500L, 0, half * 500L);
      if (w.stopRequested()) {
        stoppedAtSecond = half / 2;
      }
    }
    // Quiet from second 16 on: the window of seconds 15-19 averages 40 ms/s, within 50.
    assertEquals(19, stoppedAtSecond);
    assertEquals(
        Long.valueOf(42),
        CompilerBusy.serverJitMillis(
            new Document("jvm", new Document("compilationTimeMillis", 42))));
    assertEquals(null, CompilerBusy.serverJitMillis(new Document("host", "mongod")));
  }

  @Test
  void aWarmUpShorterThanTheWindowIsNotSteadyAndSaysWhy() {
    SteadyStateWatch w =
        new SteadyStateWatch(
            Progress.NONE, settings(() -> stats(0, 1)), new WatchMode.UnderLimits());
    for (int half = 0; half <= 2; half++) {
      w.update(half * 2500L, 0, half * 500L);
    }
    WatchOutcome outcome = w.outcome();
    assertFalse(outcome.steady());
    assertEquals(-1, outcome.steadyAtMillis());
    assertEquals("fewer than 10 one-second samples", outcome.lastWindow());
  }
}
