package io.github.mongodbtiered.capacity;

import io.github.mongodbtiered.capacity.CapacityModel.InMemory;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.DoubleFunction;
import java.util.stream.Collectors;

/**
 * Fits a {@link CapacityModel} on a sweep's cells: the in-memory rates, the CPU a cache miss and a
 * device read cost, the throttle's share, and the models the band spans.
 */
final class CapacityFit {
  private CapacityFit() {}

  /**
   * Fitted on {@code cells}: some must never touch the disk (their rate is the in-memory one); and
   * again at the in-memory levels' ends ({@link #levels}) and, where nothing fits a device read's
   * CPU, at the most it can be ({@link #mostCpuPerRead}), for the band.
   */
  static CapacityModel fit(List<Observation> cells) {
    CapacityModel m = fitAtLevel(cells, 1);
    List<CapacityModel> atLevels = new ArrayList<>();
    for (double level : levels(cells, m.inMemory().values())) {
      if (Math.abs(level - 1) > 1e-3) {
        atLevels.add(fitAtLevel(cells, level));
      }
    }
    double most = mostCpuPerRead(m, cells);
    if (most > 0) {
      atLevels.add(m.withCpu(most, m.cpuMicrosPerMiss()));
    }
    return m.withLevels(atLevels);
  }

  /**
   * The slowest and the fastest disk-free cell's rate over the mean ({@code counts}: their figures
   * by record count): where between these a new server start's in-memory rate falls. The JIT
   * settles at a level of its own each start (full-6's 2M cells ran 29,255, 21,252 and 20,375
   * ops/s; full-5's 3M cells 16,820 and 19,646 beside 2M's 16,017-16,890), and a device read's CPU
   * time is fitted from the few percent a cell below its cap runs slower than that rate: one level
   * more or less moves it by half. Where every such cell measured its cache misses, a cell's time
   * per operation less what its misses explain ({@link #missSlope}, 0 where it is not known) is set
   * against the mean of all: the counts' rates differ by their misses and by level, and the misses
   * part is taken out. Where misses were not measured, each cell against its own count's mean: what
   * sets the counts apart is then not known.
   */
  private static double[] levels(List<Observation> cells, Collection<InMemory> counts) {
    List<Observation> free = cells.stream().filter(Observation::diskFree).toList();
    boolean missesKnown = free.stream().allMatch(o -> o.reads().fsReadsPerOp() != null);
    Double slope = missesKnown ? missSlope(counts) : null;
    double perMiss = slope == null ? 0 : slope;
    Map<Long, List<Double>> times = new TreeMap<>();
    for (Observation o : free) {
      double t = 1e6 / o.opsPerSec().value();
      if (missesKnown) {
        t -= perMiss * o.reads().fsReadsPerOp();
      }
      if (t > 0 && Double.isFinite(t)) {
        times.computeIfAbsent(missesKnown ? 0L : o.recordCount(), k -> new ArrayList<>()).add(t);
      }
    }
    double slowest = 1;
    double fastest = 1;
    for (List<Double> group : times.values()) {
      double mean = group.stream().mapToDouble(d -> d).average().orElseThrow();
      for (double t : group) {
        slowest = Math.min(slowest, mean / t);
        fastest = Math.max(fastest, mean / t);
      }
    }
    return new double[] {slowest, fastest};
  }

  /** Fitted on {@code cells} with every in-memory rate times {@code level}. */
  private static CapacityModel fitAtLevel(List<Observation> cells, double level) {
    TreeMap<Long, InMemory> inMemory = inMemory(cells, level);
    if (inMemory.isEmpty()) {
      throw new NotModelableException(
          "no cell that never touches the disk (under "
              + Observation.DISK_FREE_READS_PER_OP
              + " device reads per operation), so the in-memory rate is unknown; sweep a record"
              + " count that fits in memory too");
    }
    double bytesPerRead =
        cells.stream()
            .mapToDouble(o -> o.reads().bytesPerRead())
            .filter(b -> b > 0)
            .average()
            .orElse(0);
    CacheMisses misses = CacheMisses.of(cells);
    Double perMissSlope = missSlope(inMemory.values());
    // The cells that read the device below its cap tell the CPU an operation's reads cost: per
    // device read beside the misses' where the disk-free cells gave the misses' or none were
    // measured, else per miss (a device read is a miss too; its own I/O path is the smaller part).
    // Only a cell at its cap tells what the throttle delivers: below it, the CPU and the latency
    // set the rate. Each depends a little on the other: fitted in turn, twice.
    boolean perMiss = perMissSlope == null && misses.measured();
    CapacityModel m =
        new CapacityModel(
            ReadsCurve.fit(cells),
            inMemory,
            1,
            bytesPerRead,
            0,
            misses,
            perMissSlope == null ? 0 : perMissSlope,
            List.of());
    for (int round = 0; round < 2; round++) {
      m = refitted(m, cells, perMiss);
    }
    return m;
  }

  /**
   * One round of the fit: the CPU per device read (or, {@code perMiss}, per cache miss) from the
   * cells below their cap, then the throttle's share from those at it.
   */
  private static CapacityModel refitted(
      CapacityModel model, List<Observation> cells, boolean perMiss) {
    List<Double> fitted = new ArrayList<>();
    for (Observation o : cells) {
      if (tellsReadsCpu(o)) {
        fitted.add(cpuOf(model, o, !perMiss, o.disk()));
      }
    }
    double median = fitted.isEmpty() ? 0 : Stats.median(fitted);
    CapacityModel m =
        model.withCpu(perMiss ? 0 : median, perMiss ? median : model.cpuMicrosPerMiss());
    List<Double> efficiencies = new ArrayList<>();
    for (Observation o : cells) {
      if (o.saturated()) {
        efficiencies.add(efficiencyOf(m, o));
      }
    }
    return m.withEfficiency(efficiencies.isEmpty() ? 1 : Stats.median(efficiencies));
  }

  /** The disk-free cells' figures by record count, their rates times {@code level}. */
  private static TreeMap<Long, InMemory> inMemory(List<Observation> cells, double level) {
    TreeMap<Long, InMemory> inMemory = new TreeMap<>();
    cells.stream()
        .filter(Observation::diskFree)
        .collect(Collectors.groupingBy(Observation::recordCount))
        .forEach(
            (count, os) ->
                inMemory.put(
                    count,
                    new InMemory(
                        level
                            * os.stream()
                                .mapToDouble(o -> o.opsPerSec().value())
                                .average()
                                .orElse(0),
                        os.stream().mapToDouble(Observation::p99Micros).average().orElse(0),
                        os.stream()
                            .mapToDouble(
                                o ->
                                    o.reads().fsReadsPerOp() == null
                                        ? Double.NaN
                                        : o.reads().fsReadsPerOp())
                            .average()
                            .orElse(Double.NaN),
                        os.stream().map(Observation::key).toList())));
    return inMemory;
  }

  /** Below this spread of misses per operation the disk-free cells give no slope. */
  static final double MIN_MISS_SPREAD = 0.05;

  /**
   * The least-squares slope of the disk-free counts' time per operation (1e6 / their rate) against
   * their cache misses per operation, never below 0; null when fewer than two counts measured
   * misses or they span less than {@link #MIN_MISS_SPREAD}.
   */
  private static Double missSlope(Collection<InMemory> counts) {
    List<InMemory> known = counts.stream().filter(m -> Double.isFinite(m.missesPerOp())).toList();
    if (known.size() < 2) {
      return null;
    }
    double mx = known.stream().mapToDouble(InMemory::missesPerOp).average().orElse(0);
    double my = known.stream().mapToDouble(m -> 1e6 / m.opsPerSec()).average().orElse(0);
    double sxx = 0;
    double sxy = 0;
    double lo = Double.MAX_VALUE;
    double hi = -Double.MAX_VALUE;
    for (InMemory m : known) {
      double dx = m.missesPerOp() - mx;
      sxx += dx * dx;
      sxy += dx * (1e6 / m.opsPerSec() - my);
      lo = Math.min(lo, m.missesPerOp());
      hi = Math.max(hi, m.missesPerOp());
    }
    if (hi - lo < MIN_MISS_SPREAD) {
      return null;
    }
    return Math.max(0, sxy / sxx);
  }

  /**
   * Whether {@code o} read the device below its cap: its rate, set by the CPU and the latency,
   * tells what its reads cost the CPU. A 2-core host measured 5,000 IOPS of headroom with a
   * 5M-record cell at half the in-memory rate: its CPU, not its disk, was spent on the reads.
   */
  private static boolean tellsReadsCpu(Observation o) {
    return !o.diskFree() && !o.saturated();
  }

  /**
   * The CPU time per device read ({@code perRead}) or per cache miss beyond the in-memory cells' at
   * which model {@code m}, given the cell's own reads, gives {@code o}'s throughput on {@code disk}
   * (its own, or one without its throttle); 0 when even none leaves it slower.
   */
  private static double cpuOf(CapacityModel m, Observation o, boolean perRead, DiskSpec disk) {
    InMemory mem = m.inMemoryFor(o.recordCount()).getValue();
    double extra = m.missesBeyond(o.recordCount(), mem);
    double readsPerOp = o.reads().deviceReadsPerOp();
    double measured = o.opsPerSec().value();
    if (!perRead && extra <= 0) {
      return 0;
    }
    DoubleFunction<ClosedLoop> at =
        c ->
            perRead
                ? m.loop(mem, extra, readsPerOp, disk, m.capEfficiency(), c, m.cpuMicrosPerMiss())
                : m.loop(mem, extra, readsPerOp, disk, m.capEfficiency(), 0, c);
    if (at.apply(0).solve(o.threads()).opsPerSec() <= measured) {
      return 0;
    }
    double lo = 0;
    double hi = 1e6;
    for (int i = 0; i < 60; i++) {
      double mid = (lo + hi) / 2;
      double x = at.apply(mid).solve(o.threads()).opsPerSec();
      if (x > measured) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  /**
   * Where no cell read the device below its cap, nothing tells a device read's CPU time, and the
   * model takes 0: the most it can be instead, the least over the cells at their cap of the CPU per
   * read at which the loop without a throttle would already run as slowly as the cell did (more,
   * and the CPU, not the throttle, would have set its rate). 0 where a cell below its cap fitted
   * it, or no cell at its cap bounds it. full-8 with io1-5000 held out: san-600's 5M cell (4,053
   * ops/s at 0.148 reads an operation) bounds it near 1.3 ms, and io1-5000's 5M cell, CPU-bound at
   * 10,361 ops/s, lies between the in-memory rate and that bound's.
   */
  private static double mostCpuPerRead(CapacityModel m, List<Observation> cells) {
    if (cells.stream().anyMatch(CapacityFit::tellsReadsCpu)) {
      return 0;
    }
    return cells.stream()
        .filter(Observation::saturated)
        .mapToDouble(o -> cpuOf(m, o, true, new DiskSpec(0, o.disk().addedLatencyMillis(), 0)))
        .filter(c -> c > 0)
        .min()
        .orElse(0);
  }

  /**
   * The cap efficiency at which model {@code m}, given the cell's own reads, gives its throughput.
   */
  private static double efficiencyOf(CapacityModel m, Observation o) {
    InMemory mem = m.inMemoryFor(o.recordCount()).getValue();
    double extra = m.missesBeyond(o.recordCount(), mem);
    double lo = 0.01;
    double hi = 4;
    for (int i = 0; i < 50; i++) {
      double mid = Math.sqrt(lo * hi);
      double readsPerOp = o.reads().deviceReadsPerOp();
      double x = m.loop(mem, extra, readsPerOp, o.disk(), mid).solve(o.threads()).opsPerSec();
      if (x < o.opsPerSec().value()) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return Math.sqrt(lo * hi);
  }
}
