package io.github.mongodbtiered.capacity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.capacity.Answers.CountAnswer;
import io.github.mongodbtiered.capacity.Answers.IopsAnswer;
import io.github.mongodbtiered.capacity.Answers.MemoryAnswer;
import io.github.mongodbtiered.capacity.Answers.ProfileAnswer;
import io.github.mongodbtiered.metrics.TierClassifier;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The model on cells made by a known one ({@link SyntheticReport}): it must give them back. */
class CapacityTest {
  private static final Target P99_20MS =
      new Target(20.0, null, List.of(4_000_000L, 5_000_000L), List.of(7.0), null);
  private static final Target OPS_5000 =
      new Target(null, 5000.0, List.of(5_000_000L), List.of(7.0), null);

  private static Capacity advise(Target target) {
    return Capacity.of(SyntheticReport.inputs(SyntheticReport.cells(), target));
  }

  @Test
  void eachProfilePredictedFromTheOthersIsItsMeasuredCell() {
    Capacity c = advise(P99_20MS);
    assertEquals(15, c.validation().checks().size());
    for (LeaveOneOut.Check check : c.validation().checks()) {
      assertEquals(0, check.opsError(), 1e-3, check.toString());
      // The p99's point lies halfway, on a log scale, between the loop's at the ends of the reads'
      // spread: within a percent of the loop's own where the p99 is smooth in the reads.
      assertEquals(0, check.p99Error(), 1e-2, check.toString());
      // Its best and worst hold the cell (within rounding).
      double ops = check.measuredOpsPerSec();
      assertTrue(check.worst().opsPerSec() <= ops * (1 + 1e-9), check.toString());
      assertTrue(check.best().opsPerSec() >= ops * (1 - 1e-9), check.toString());
      assertTrue(check.best().p99Micros() <= check.measuredP99Micros() * 1.001, check.toString());
      assertTrue(check.worst().p99Micros() >= check.measuredP99Micros() * 0.999, check.toString());
    }
    assertEquals(SyntheticReport.EFFICIENCY, c.model().capEfficiency(), 1e-3);
    assertEquals(SyntheticReport.CPU_MICROS_PER_READ, c.model().cpuMicrosPerRead(), 0.5);
    // Disk-bound (over half the cap delivered): 4M and 5M on the two slow ones, and 3M on hdd-150
    // (0.02 reads per op at 6000 ops/s is 120 of its 150); io1-5000's 5M spends CPU on its reads
    // (0.318 per op at 250 us) and uses under half its 5000.
    assertEquals(5, c.validation().diskBound().size(), c.validation().diskBound().toString());
  }

  @Test
  void aCpuBoundCellHeldOutWhereNoOtherCellFittedAReadsCpuLiesInsideItsBand() {
    // Given the synthetic sweep without the san-600 and hdd-150 cells that read below their cap,
    List<CellResult> cells =
        SyntheticReport.cells().stream()
            .filter(c -> c.profile().equals("io1-5000") || !readsBelowItsCap(c))
            .toList();
    Capacity c = Capacity.of(SyntheticReport.inputs(cells, P99_20MS));
    LeaveOneOut.Check k =
        c.validation().checks().stream()
            .filter(x -> x.cell().equals("5000000 x io1-5000"))
            .findFirst()
            .orElseThrow();
    // when io1-5000 is held out nothing tells a device read's CPU (250 us), the model takes 0 and
    // predicts its CPU-bound 5M cell too fast,
    assertTrue(k.predictedOpsPerSec() > k.measuredOpsPerSec() * 1.1, k.toString());
    // but the band's worst end, at the most CPU a read may cost by the cells at their cap, holds
    // it.
    assertTrue(k.worst().opsPerSec() <= k.measuredOpsPerSec(), k.toString());
    assertTrue(k.best().opsPerSec() >= k.measuredOpsPerSec(), k.toString());
  }

  /** Whether {@code c} read the device, at under three quarters of its profile's cap. */
  private static boolean readsBelowItsCap(CellResult c) {
    double reads = c.metrics().get(Metric.DEVICE_READ_OPS);
    double cap = SyntheticReport.profilesByName().get(c.profile()).readIops();
    return reads / c.operations() >= Observation.DISK_FREE_READS_PER_OP
        && reads / (c.runtimeMillis() / 1000.0) < Observation.SATURATED * cap;
  }

  @Test
  void theSmallestCloudVolumesAreTheLeastIopsAtTheirLatencyClassInTheirNames() {
    // 5000 ops/s at 5M: io2 (sub-millisecond: 0 ms) and gp3 (single-digit: 1 ms) as provisioned.
    Target t = new Target(null, 5000.0, List.of(5_000_000L), List.of(0.0, 1.0), null);
    Capacity c = Capacity.of(SyntheticReport.inputs(SyntheticReport.cells(), t));
    double at0 = c.answers().leastIops().get(0).iops();
    double at1 = c.answers().leastIops().get(1).iops();
    Map<String, Answers.VolumeAnswer> byType = new java.util.HashMap<>();
    c.answers().volumes().forEach(v -> byType.put(v.type(), v));
    assertEquals("io2:" + Math.round(Math.max(100, at0)) + "iops", byType.get("io2").spec());
    assertEquals("gp3:" + Math.round(Math.max(3000, at1)) + "iops", byType.get("gp3").spec());
    assertEquals(
        "azure-ssd-v2:" + Math.round(Math.max(3000, at0)) + "iops",
        byType.get("azure-ssd-v2").spec());
    // gp2 gives 3 IOPS a GiB: the smallest size whose IOPS reach the least at 1 ms.
    long gib = Long.parseLong(byType.get("gp2").spec().replaceAll("gp2:(\\d+)GiB", "$1"));
    assertTrue(3 * gib >= at1 && 3 * (gib - 1) < at1, byType.get("gp2") + " for " + at1);
    assertTrue(byType.containsKey("azure-p10..p50"), byType.keySet().toString());
  }

  @Test
  void pricedProfilesAreRankedCheapestFirstSoTheFirstThatMeetsIsTheOneToBuy() {
    CapacityInputs plain = SyntheticReport.inputs(SyntheticReport.cells(), P99_20MS);
    Map<String, DiskProfile> priced = new java.util.LinkedHashMap<>();
    double[] price = {400, 95, 20}; // io1-5000, san-600, hdd-150
    int i = 0;
    for (DiskProfile p : plain.profiles().values()) {
      priced.put(p.name(), p.toBuilder().pricePerMonth(price[i++]).build());
    }
    Capacity c =
        Capacity.of(
            new CapacityInputs(
                plain.cells(), priced, plain.server(), plain.defaultThreads(), P99_20MS, false));

    Table t = AdviceTables.profiles(c.answers().profiles(), P99_20MS, c.validation().band());
    assertEquals("price/month", t.headings().get(3));
    List<List<String>> at4M = t.rows().stream().filter(r -> r.get(0).equals("4000000")).toList();
    assertEquals(
        List.of("hdd-150", "san-600", "io1-5000"), at4M.stream().map(r -> r.get(1)).toList());
    assertEquals(List.of("20", "95", "400"), at4M.stream().map(r -> r.get(3)).toList());
    assertTrue(t.note().contains("cheapest first"), t.note());
    Table unpriced =
        AdviceTables.profiles(
            advise(P99_20MS).answers().profiles(), P99_20MS, c.validation().band());
    assertFalse(unpriced.headings().contains("price/month"));
  }

  @Test
  void theIssuesSan600FiguresComeOutOfTheLoop() {
    // 0.314-0.318 reads per op at 5M, 600 IOPS + 7 ms, 16 threads: 460-489 reads/s delivered.
    CellResult san = SyntheticReport.cell(5_000_000L, SyntheticReport.PROFILES.get(1));
    double readsPerSec = 0.318 * san.throughputOpsPerSec();
    assertTrue(readsPerSec > 440 && readsPerSec <= 480, "san-600 delivered " + readsPerSec);
  }

  @Test
  void theLeastIopsForAThroughputIsWhereTheKnownLoopReachesIt() {
    IopsAnswer a = advise(OPS_5000).answers().leastIops().get(0);
    assertNotNull(a.iops());
    assertFalse(a.extrapolated());
    double r = SyntheticReport.READS_PER_OP.get(5_000_000L);
    double above = SyntheticReport.loop(r, 5_000_000L, a.iops() * 1.002, 7).solve(16).opsPerSec();
    double below = SyntheticReport.loop(r, 5_000_000L, a.iops() * 0.998, 7).solve(16).opsPerSec();
    assertTrue(above >= 5000 && below < 5000, a + ": " + below + " .. " + above);
    // The checks were exact and each count's in-memory cells agree (no level of their own), so the
    // band is the reads' spread alone: the IOPS the known loop needs at its ends.
    double spread = Math.sqrt(CapacityModel.READS_SPREAD);
    assertEquals(leastIopsFor5000(r / spread), a.iopsLow(), a.iops() * 2e-3, a.toString());
    Double high = leastIopsFor5000(r * spread);
    if (high == null) {
      // 0.356 reads an operation at 7 ms and 250 us of CPU each: no IOPS reach 5000.
      assertNull(a.iopsHigh(), a.toString());
    } else {
      assertEquals(high, a.iopsHigh(), a.iops() * 2e-3, a.toString());
    }
  }

  /**
   * The least IOPS at which the generator's loop at 5M and {@code r} reads/op reaches 5000; null
   * where even 10^7 do not.
   */
  private static Double leastIopsFor5000(double r) {
    double lo = 1;
    double hi = 1e7;
    if (SyntheticReport.loop(r, 5_000_000L, hi, 7).solve(16).opsPerSec() < 5000) {
      return null;
    }
    while (hi - lo > 0.5) {
      double mid = (lo + hi) / 2;
      if (SyntheticReport.loop(r, 5_000_000L, mid, 7).solve(16).opsPerSec() >= 5000) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return hi;
  }

  @Test
  void aCountThatReadsNextToNothingFromTheDeviceNeedsAnyIops() {
    // 2M records live in the cache: one read a second already meets 1000 ops/s.
    Target modest = new Target(null, 1000.0, List.of(2_000_000L), List.of(7.0), null);
    IopsAnswer a = advise(modest).answers().leastIops().get(0);
    assertEquals(IopsAnswer.ANY_IOPS, a.iops());
    Table table = AdviceTables.leastIops(List.of(a), modest);
    assertEquals("any", table.rows().get(0).get(2), table.rows().toString());
  }

  @Test
  void theMeasuredProfilesThatMeetAP99AreTheCellsWhoseP99Does() {
    List<ProfileAnswer> answers = advise(P99_20MS).answers().profiles();
    assertEquals(6, answers.size());
    for (ProfileAnswer a : answers) {
      CellResult cell =
          SyntheticReport.cell(a.recordCount(), SyntheticReport.profilesByName().get(a.profile()));
      boolean meets = cell.latencies().get("READ").p99Micros() <= 20_000;
      assertEquals("measured", a.basis());
      assertEquals(meets ? Answers.Verdict.YES : Answers.Verdict.NO, a.verdict(), a.toString());
    }
    // hdd-150 at 5M is hundreds of ms; io1-5000 at 4M is well within.
    assertTrue(answers.stream().anyMatch(a -> a.verdict() == Answers.Verdict.NO));
    assertTrue(answers.stream().anyMatch(a -> a.verdict() == Answers.Verdict.YES));
  }

  @Test
  void theLargestCountWithinTheP99IsWhereTheKnownLoopCrossesIt() {
    for (CountAnswer a : advise(P99_20MS).answers().largestCounts()) {
      var profile = SyntheticReport.profilesByName().get(a.profile());
      assertNotNull(a.largest(), a.toString());
      double step = Math.pow(20.0, 1.0 / 240);
      assertTrue(p99At(a.largest(), profile) <= 20_000, a.toString());
      if (!a.atSearchEnd()) {
        assertTrue(p99At(Math.round(a.largest() * step * 1.001), profile) > 20_000, a.toString());
      }
    }
  }

  /**
   * The generator's p99 at any count, reads per operation linear between its counts, taken as the
   * model takes its point: halfway on a log scale between the p99s at the reads' spread's ends.
   */
  private static double p99At(long count, io.github.mongodbtiered.profiles.DiskProfile p) {
    List<Long> counts = SyntheticReport.COUNTS;
    int i = 1;
    while (i < counts.size() - 1 && counts.get(i) < count) {
      i++;
    }
    long a = counts.get(i - 1);
    long b = counts.get(i);
    double ra = SyntheticReport.READS_PER_OP.get(a);
    double rb = SyntheticReport.READS_PER_OP.get(b);
    double r = Math.max(0, ra + (rb - ra) * (count - a) / (double) (b - a));
    double spread = Math.sqrt(CapacityModel.READS_SPREAD);
    return Math.sqrt(p99AtReads(r / spread, count, p) * p99AtReads(r * spread, count, p));
  }

  private static double p99AtReads(
      double r, long count, io.github.mongodbtiered.profiles.DiskProfile p) {
    ClosedLoop loop = SyntheticReport.loop(r, count, p.readIops(), p.addedLatencyMillis());
    return loop.p99Micros(loop.solve(16), SyntheticReport.IN_MEMORY_P99_MICROS, 16);
  }

  @Test
  void theMemoryForTheFilesystemCacheIsLiveBytesPlusCachePlusAllowance() {
    List<MemoryAnswer> memory = advise(OPS_5000).answers().memory();
    assertEquals(3, memory.size());
    double expected =
        5_000_000L * SyntheticReport.LIVE_BYTES_PER_RECORD
            + SyntheticReport.CACHE
            + TierClassifier.FS_CACHE_ALLOWANCE_BYTES;
    for (MemoryAnswer m : memory) {
      assertEquals(expected, m.memoryBytes(), 1);
      assertEquals(3, m.cells().size());
    }
  }

  @Test
  void aCountBeyondTheMeasuredOnesIsMarkedExtrapolated() {
    Target beyond = new Target(20.0, null, List.of(6_000_000L), List.of(7.0), null);
    for (ProfileAnswer a : advise(beyond).answers().profiles()) {
      assertEquals("extrapolated", a.basis());
    }
    assertTrue(advise(beyond).answers().leastIops().get(0).extrapolated());
  }

  @Test
  void cellsTheModelCannotExplainAreNamedNotFitted() {
    List<CellResult> cells = new ArrayList<>(SyntheticReport.cells());
    CellResult hdd5 = cells.remove(cells.size() - 1);
    CellResult hdd4 = cells.remove(cells.size() - 1);
    cells.add(hdd4.toBuilder().metric(Metric.BURST_ON_CREDITS_S, 12.0).build());
    cells.add(hdd5.toBuilder().clientBound(true).build());
    cells.add(CellResult.failed(6_000_000L, "hdd-150", ServerKind.DOCKER, "disk full"));
    Capacity c = Capacity.of(SyntheticReport.inputs(cells, P99_20MS));
    assertEquals(
        List.of(
            new Exclusion(
                hdd4.key(),
                "measured on burst credits (12 s above its baseline): the model knows the volume"
                    + " at its baseline; --burst-credits empty measures it there"),
            new Exclusion(
                "5000000 x hdd-150",
                "client-bound: the client, not the server, set its throughput"),
            new Exclusion("6000000 x hdd-150", "failed")),
        c.readings().exclusions());
    assertEquals(13, c.validation().checks().size());
    assertTrue(
        c.validation().checks().stream().noneMatch(k -> k.cell().equals("5000000 x hdd-150")));
  }

  @Test
  void aProfileOfUnknownMemoryIsPredictedAtTheMemoryTheOthersRanWith() {
    List<CellResult> cells = new ArrayList<>();
    for (CellResult c : SyntheticReport.cells()) {
      if (c.profile().equals("io1-5000")) {
        var unlimited = c.settings().profile().toBuilder().memoryBytes(0).build();
        c = c.toBuilder().settings(SyntheticReport.settings(unlimited)).build();
      }
      cells.add(c);
    }
    Capacity c = Capacity.of(SyntheticReport.inputs(cells, P99_20MS));
    assertEquals(15, c.validation().checks().size());
    for (LeaveOneOut.Check check : c.validation().checks()) {
      assertEquals(0, check.opsError(), 1e-3, check.toString());
    }
  }

  @Test
  void aCellWithoutThroughputIsNamed() {
    List<CellResult> cells = new ArrayList<>(SyntheticReport.cells());
    CellResult first = cells.remove(0);
    cells.add(first.toBuilder().run(first.operations(), 60_000, 0).build());
    Capacity c = Capacity.of(SyntheticReport.inputs(cells, P99_20MS));
    assertEquals(
        List.of(new Exclusion("1000000 x io1-5000", "no throughput measured")),
        c.readings().exclusions());
  }

  @Test
  void aReportItCannotModelIsRefusedSayingWhy() {
    List<CellResult> all = SyntheticReport.cells();
    var url =
        new CapacityInputs(
            all, SyntheticReport.profilesByName(), ServerKind.URL, 16, P99_20MS, false);
    assertTrue(
        assertThrows(NotModelableException.class, () -> Capacity.of(url))
            .getMessage()
            .contains("--mongodb-url server, whose disk is unknown"));
    List<CellResult> inMemory = all.stream().filter(c -> c.recordCount() <= 2_000_000L).toList();
    assertTrue(
        assertThrows(
                NotModelableException.class,
                () -> Capacity.of(SyntheticReport.inputs(inMemory, P99_20MS)))
            .getMessage()
            .startsWith("no usable cell read from the device"));
    List<CellResult> oneProfile = all.stream().filter(c -> c.profile().equals("san-600")).toList();
    assertTrue(
        assertThrows(
                NotModelableException.class,
                () -> Capacity.of(SyntheticReport.inputs(oneProfile, P99_20MS)))
            .getMessage()
            .contains("all of one profile"));
    assertTrue(
        assertThrows(
                NotModelableException.class,
                () -> Capacity.of(SyntheticReport.inputs(all.subList(0, 2), P99_20MS)))
            .getMessage()
            .startsWith("too few cells to model: 2 usable of 2"));
  }

  @Test
  void aRecordCountWhoseCellsDisagreeIsATierEdgeCheckedOnTheirOwnReadsAndAnsweredAsARange() {
    // Given a sweep whose 4M row sits on the tier's edge: san-600's page cache held the files
    // (0.005 reads per operation) while io1-5000 read 0.19, and hdd-150 has no 4M cell.
    List<CellResult> cells = new ArrayList<>();
    for (CellResult c : SyntheticReport.cells()) {
      if (c.recordCount() == 4_000_000L && c.profile().equals("hdd-150")) {
        continue;
      }
      if (c.recordCount() == 4_000_000L && c.profile().equals("san-600")) {
        c = SyntheticReport.cell(4_000_000L, SyntheticReport.PROFILES.get(1), 0.005);
      }
      cells.add(c);
    }
    Capacity c = Capacity.of(SyntheticReport.inputs(cells, P99_20MS));

    // Then the check flags 4M and predicts its cells from their own reads: within 1%, here (the
    // in-memory rate at 4M is its disk-free cell's, whose 0.005 reads per op cost it some CPU).
    assertEquals(1, c.validation().edges().size());
    TierEdge edge = c.validation().edges().get(0);
    assertEquals(4_000_000L, edge.recordCount());
    assertEquals(0.005, edge.low(), 1e-9);
    assertEquals(0.19, edge.high(), 1e-9);
    for (LeaveOneOut.Check k : c.validation().checks()) {
      assertEquals(k.cell().startsWith("4000000 "), k.ownReads(), k.toString());
      if (k.ownReads()) {
        assertEquals(0, k.opsError(), 0.01, k.toString());
      }
    }
    assertTrue(AdviceTables.validation(c.validation()).note().contains("tier edge at 4000000"));

    // And hdd-150 at 4M, answered by the model, says unsure with a band holding both memory states
    // (within 1%: the in-memory rate's bias above).
    ProfileAnswer hdd =
        c.answers().profiles().stream()
            .filter(a -> a.recordCount() == 4_000_000L && a.profile().equals("hdd-150"))
            .findFirst()
            .orElseThrow();
    assertEquals("model, tier edge", hdd.basis());
    assertEquals(Answers.Verdict.UNSURE, hdd.verdict());
    var disk = SyntheticReport.PROFILES.get(2);
    for (double r : new double[] {0.005, 0.19}) {
      double ops = SyntheticReport.loop(r, 4_000_000L, disk.readIops(), 7).solve(16).opsPerSec();
      assertTrue(
          hdd.opsPerSec().low() <= ops * 1.01 && ops <= hdd.opsPerSec().high() * 1.01,
          r + " reads per op: " + ops + " outside " + hdd.opsPerSec());
    }
    // And the least IOPS at 4M spans both ends: next to none at 0.005, the 0.19 loop's at the top.
    IopsAnswer iops = c.answers().leastIops().get(0);
    assertTrue(iops.edge());
    assertEquals(IopsAnswer.ANY_IOPS, iops.iopsLow());
    assertTrue(iops.iopsHigh() == null || iops.iopsHigh() > iops.iops(), iops.toString());
  }

  @Test
  void cellsOfOneCountThatAgreeWithinTwiceTheirReadsAreNoEdge() {
    assertFalse(TierEdge.disagree(0.19, 0.28));
    assertFalse(TierEdge.disagree(0.0, 0.009));
    assertTrue(TierEdge.disagree(0.009, 0.47));
    assertTrue(advise(P99_20MS).validation().edges().isEmpty());
    assertTrue(
        advise(P99_20MS).validation().checks().stream().noneMatch(LeaveOneOut.Check::ownReads));
  }

  @Test
  void aCellTheOtherProfilesBandMissesIsCountedOutOfTheBand() {
    // Given 5M x hdd-150 measured with twice the p99 the loop gives (a disturbed cell; its p99,
    // unlike its throughput, fits nothing the other profiles are predicted from).
    List<CellResult> cells = new ArrayList<>(SyntheticReport.cells());
    CellResult hdd5 = cells.remove(cells.size() - 1);
    LatencyStats r = hdd5.latencies().get("READ");
    cells.add(
        hdd5.toBuilder()
            .latency(
                "READ",
                new LatencyStats(
                    r.count(),
                    r.meanMicros(),
                    r.p50Micros(),
                    r.p95Micros(),
                    2 * r.p99Micros(),
                    2 * r.p999Micros(),
                    2 * r.maxMicros()))
            .build());
    LeaveOneOut v = Capacity.of(SyntheticReport.inputs(cells, P99_20MS)).validation();
    LeaveOneOut.Check slow =
        v.checks().stream().filter(k -> k.cell().equals("5000000 x hdd-150")).findFirst().get();
    // Then the band the other profiles' checks draw does not hold it, and the count says so.
    assertFalse(
        slow.heldBy(
            ErrorBand.of(
                v.checks().stream().filter(k -> !k.profile().equals("hdd-150")).toList())));
    assertTrue(v.heldOutCovered() < v.checks().size(), v.heldOutCovered() + " held");
    assertEquals("hdd-150", slow.profile());
  }

  /**
   * A cell of a world where an operation costs 50 us of CPU plus 100 us per WiredTiger cache miss
   * (a page read from the file system, wherever it finds it), and a device read nothing more.
   */
  private static CellResult missing(long count, DiskProfile p, double misses, double reads) {
    ClosedLoop loop =
        new ClosedLoop(
            50 + 100 * misses,
            reads,
            p.addedLatencyMillis() * 1000 + CapacityModel.DEVICE_READ_MICROS,
            p.readIops());
    double ops = loop.solve(SyntheticReport.THREADS).opsPerSec();
    long n = Math.round(ops * 60);
    CellResult shape = SyntheticReport.cell(count, p, reads);
    LatencyStats r = shape.latencies().get("READ");
    return shape.toBuilder()
        .run(n, 60_000, ops)
        .latency(
            "READ",
            new LatencyStats(
                n,
                r.meanMicros(),
                r.p50Micros(),
                r.p95Micros(),
                r.p99Micros(),
                r.p999Micros(),
                r.maxMicros()))
        .metric(Metric.DEVICE_READ_OPS, reads * n)
        .metric(Metric.DEVICE_BYTES_READ, reads * n * 4096)
        .metric(Metric.FS_READ_OPS_REQUESTED, misses * n)
        .build();
  }

  @Test
  void cacheMissesCostCpuSoTheRateFallsWithTheDataSetBeforeTheDiskIsRead() {
    // Given cells whose in-memory rate falls as the cache misses grow with the record count (as a
    // sweep here: 17,325 ops/s at 3M, 12,991 at 4M with 0.03 device reads an operation).
    double[] misses = {0.0, 0.1, 0.28, 0.45, 0.57};
    double[] reads = {0, 0, 0, 0.05, 0.16};
    List<CellResult> cells = new ArrayList<>();
    for (DiskProfile p : SyntheticReport.PROFILES) {
      for (int i = 0; i < misses.length; i++) {
        cells.add(missing(SyntheticReport.COUNTS.get(i), p, misses[i], reads[i]));
      }
    }
    // When the model is fitted, then a miss costs what the world says, a device read nothing more,
    // and each profile is predicted from the others within a percent.
    Capacity c = Capacity.of(SyntheticReport.inputs(cells, P99_20MS));
    assertEquals(100, c.model().cpuMicrosPerMiss(), 1);
    assertEquals(0, c.model().cpuMicrosPerRead(), 1);
    assertEquals(1, c.model().capEfficiency(), 0.01);
    for (LeaveOneOut.Check k : c.validation().checks()) {
      assertEquals(0, k.opsError(), 0.01, k.toString());
    }
  }
}
