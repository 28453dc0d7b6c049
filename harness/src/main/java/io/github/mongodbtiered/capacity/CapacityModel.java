package io.github.mongodbtiered.capacity;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.DoubleFunction;
import java.util.stream.Collectors;

/**
 * The model fitted on a set of cells: reads per operation against the working set ({@link
 * ReadsCurve}), the in-memory rate and p99 of the cells that never touch the disk, and the share of
 * its read cap a throttled disk delivers; a {@link ClosedLoop} turns them into throughput and READ
 * p99 for any disk, record count and number of threads.
 *
 * @param curve reads per operation
 * @param inMemory by record count, the disk-free cells' figures
 * @param capEfficiency the share of a disk's read cap the fitted cells' disks delivered when busy
 *     (the median over the cells at their cap, {@link Observation#saturated}; 1 when there are
 *     none)
 * @param bytesPerRead mean bytes per device read (0: unknown), for a bandwidth limit
 * @param cpuMicrosPerRead the CPU time one device read costs beside the operation's own and its
 *     cache miss's (the kernel's and the volume's I/O path): the median over the fitted cells that
 *     read the device below its cap ({@link Observation#saturated}); 0 when there are none
 * @param misses the WiredTiger cache's misses (file-system reads) per operation by record count
 * @param cpuMicrosPerMiss the CPU time one cache miss costs (a page read and rebuilt): the slope of
 *     the disk-free cells' time per operation against their misses where they have two or more
 *     counts, else the median over the cells that read the device below its cap; 0 when neither is
 *     known
 * @param atLevels the model fitted again with every in-memory rate at the slowest and at the
 *     fastest level the disk-free cells showed ({@link #levels}), and where no cell below its cap
 *     fitted a device read's CPU, with the most it can be ({@link #mostCpuPerRead}); for the band,
 *     empty in those models themselves
 */
public record CapacityModel(
    ReadsCurve curve,
    TreeMap<Long, InMemory> inMemory,
    double capEfficiency,
    double bytesPerRead,
    double cpuMicrosPerRead,
    CacheMisses misses,
    double cpuMicrosPerMiss,
    List<CapacityModel> atLevels) {

  /**
   * A read's time at the device itself, besides the added latency: a throttled cloud or SAN
   * volume's own is a fraction of a millisecond.
   */
  public static final double DEVICE_READ_MICROS = 100;

  /**
   * How far apart the profiles' reads per operation may lie at one record count, as a ratio, at
   * least (a {@link TierEdge} spans its cells' wider range): each container's page cache holds a
   * little more or less. The far-over cells of one count read within 1.24 times of each other on
   * both full default sweeps that have every such cell steady (full-5: 0.172-0.213, full-6:
   * 0.141-0.163).
   */
  public static final double READS_SPREAD = 1.25;

  /**
   * The in-memory figures of a record count.
   *
   * @param opsPerSec the disk-free cells' mean throughput
   * @param p99Micros their mean READ p99
   * @param missesPerOp their mean cache misses per operation (NaN: not measured)
   * @param cells the cells
   */
  public record InMemory(
      double opsPerSec, double p99Micros, double missesPerOp, List<String> cells) {}

  /**
   * A prediction.
   *
   * @param opsPerSec throughput
   * @param p99Micros READ p99
   * @param reads reads per operation used, with its range and the cells it rests on
   * @param inMemoryFrom the record count whose in-memory figures were used
   * @param best the highest throughput and lowest p99 over the reads per operation the cells it
   *     rests on span (at least {@link #READS_SPREAD}) and the in-memory levels ({@link #atLevels})
   * @param worst the lowest throughput and highest p99, alike
   */
  public record Prediction(
      double opsPerSec,
      double p99Micros,
      ReadsCurve.Estimate reads,
      long inMemoryFrom,
      Figures best,
      Figures worst) {
    public boolean extrapolated() {
      return reads.extrapolated();
    }
  }

  /** Throughput and READ p99 of one loop. */
  public record Figures(double opsPerSec, double p99Micros) {}

  public CapacityModel {
    inMemory = new TreeMap<>(inMemory);
    atLevels = List.copyOf(atLevels);
  }

  /**
   * Fitted on {@code cells}: some must never touch the disk (their rate is the in-memory one); and
   * again at the in-memory levels' ends ({@link #levels}), for the band.
   */
  public static CapacityModel fit(List<Observation> cells) {
    CapacityModel m = fitAtLevel(cells, 1);
    List<CapacityModel> atLevels = new ArrayList<>();
    for (double level : levels(cells)) {
      if (Math.abs(level - 1) > 1e-3) {
        atLevels.add(fitAtLevel(cells, level));
      }
    }
    double most = m.mostCpuPerRead(cells);
    if (most > 0) {
      atLevels.add(m.withCpu(most, m.cpuMicrosPerMiss));
    }
    return new CapacityModel(
        m.curve,
        m.inMemory,
        m.capEfficiency,
        m.bytesPerRead,
        m.cpuMicrosPerRead,
        m.misses,
        m.cpuMicrosPerMiss,
        atLevels);
  }

  /**
   * The slowest and the fastest disk-free cell's rate over the mean: where between these a new
   * server start's in-memory rate falls. The JIT settles at a level of its own each start (full-6's
   * 2M cells ran 29,255, 21,252 and 20,375 ops/s; full-5's 3M cells 16,820 and 19,646 beside 2M's
   * 16,017-16,890), and a device read's CPU time is fitted from the few percent a cell below its
   * cap runs slower than that rate: one level more or less moves it by half. Where every such cell
   * measured its cache misses, a cell's time per operation less what its misses explain ({@link
   * #missSlope}, 0 where it is not known) is set against the mean of all: the counts' rates differ
   * by their misses and by level, and the misses part is taken out. Where misses were not measured,
   * each cell against its own count's mean: what sets the counts apart is then not known.
   */
  static double[] levels(List<Observation> cells) {
    List<Observation> free = cells.stream().filter(Observation::diskFree).toList();
    boolean missesKnown = free.stream().allMatch(o -> o.reads().fsReadsPerOp() != null);
    Double slope = missesKnown ? missSlope(inMemory(cells, 1).values()) : null;
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
      m = m.refitted(cells, perMiss);
    }
    return m;
  }

  /**
   * One round of the fit: the CPU per device read (or, {@code perMiss}, per cache miss) from the
   * cells below their cap, then the throttle's share from those at it.
   */
  private CapacityModel refitted(List<Observation> cells, boolean perMiss) {
    List<Double> fitted = new ArrayList<>();
    for (Observation o : cells) {
      if (!o.diskFree() && !o.saturated()) {
        fitted.add(perMiss ? cpuPerMissOf(o) : cpuPerReadOf(o));
      }
    }
    double median = fitted.isEmpty() ? 0 : Stats.median(fitted);
    CapacityModel m = withCpu(perMiss ? 0 : median, perMiss ? median : cpuMicrosPerMiss);
    List<Double> efficiencies = new ArrayList<>();
    for (Observation o : cells) {
      if (o.saturated()) {
        efficiencies.add(m.efficiencyOf(o));
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

  private CapacityModel withCpu(double perRead, double perMiss) {
    return new CapacityModel(
        curve, inMemory, capEfficiency, bytesPerRead, perRead, misses, perMiss, atLevels);
  }

  private CapacityModel withEfficiency(double efficiency) {
    return new CapacityModel(
        curve,
        inMemory,
        efficiency,
        bytesPerRead,
        cpuMicrosPerRead,
        misses,
        cpuMicrosPerMiss,
        atLevels);
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

  /** The in-memory figures for {@code recordCount}: its own, else the nearest count's below. */
  public Map.Entry<Long, InMemory> inMemoryFor(long recordCount) {
    Map.Entry<Long, InMemory> e = inMemory.floorEntry(recordCount);
    return e != null ? e : inMemory.ceilingEntry(recordCount);
  }

  /**
   * Throughput and p99 on {@code disk} at {@code recordCount} records, memory and threads, with the
   * best and worst over the reads per operation a profile there may have and the in-memory levels.
   * The p99 is a step where a second held slice reaches the 99th percentile (150 IOPS: about 105 ms
   * below 0.15 device reads per operation, 190 above); where the reads' range straddles one, the
   * point lies halfway between its ends on a log scale, whose ratio to either side is the least at
   * worst.
   */
  public Prediction predict(long recordCount, DiskSpec disk, long memoryBytes, int threads) {
    ReadsCurve.Estimate reads = curve.at(recordCount, memoryBytes);
    return prediction(recordCount, reads, Math.sqrt(READS_SPREAD), disk, threads);
  }

  /**
   * Throughput and p99 of a cell whose own reads per operation are known ({@code readsPerOp}: its
   * memory state), the rest from this model; the best and worst over the in-memory levels.
   */
  public Prediction predictAt(long recordCount, DiskSpec disk, double readsPerOp, int threads) {
    double r = readsPerOp;
    return prediction(
        recordCount, new ReadsCurve.Estimate(r, r, r, false, List.of()), 1, disk, threads);
  }

  /**
   * The prediction at {@code reads}: the p99's point halfway (log scale) between this model's at
   * the reads / {@code spread} and x {@code spread}; the best and worst at the lowest and highest
   * reads (those and the cells' range) of this model and those at the in-memory levels. Fewer reads
   * never give less throughput or a higher p99, so the ends are enough.
   */
  private Prediction prediction(
      long recordCount, ReadsCurve.Estimate reads, double spread, DiskSpec disk, int threads) {
    double r = reads.readsPerOp();
    Figures point = figuresAt(recordCount, r, disk, threads);
    Figures fewer = spread == 1 ? point : figuresAt(recordCount, r / spread, disk, threads);
    Figures more = spread == 1 ? point : figuresAt(recordCount, r * spread, disk, threads);
    double low = Math.min(reads.low(), r / spread);
    double high = Math.max(reads.high(), r * spread);
    List<Figures> all = new ArrayList<>(List.of(point, fewer, more));
    if (low < r / spread) {
      all.add(figuresAt(recordCount, low, disk, threads));
    }
    if (high > r * spread) {
      all.add(figuresAt(recordCount, high, disk, threads));
    }
    for (CapacityModel m : atLevels) {
      all.add(m.figuresAt(recordCount, low, disk, threads));
      all.add(m.figuresAt(recordCount, high, disk, threads));
    }
    Figures best =
        new Figures(
            all.stream().mapToDouble(Figures::opsPerSec).max().orElseThrow(),
            all.stream().mapToDouble(Figures::p99Micros).min().orElseThrow());
    Figures worst =
        new Figures(
            all.stream().mapToDouble(Figures::opsPerSec).min().orElseThrow(),
            all.stream().mapToDouble(Figures::p99Micros).max().orElseThrow());
    return new Prediction(
        point.opsPerSec(),
        Math.sqrt(fewer.p99Micros() * more.p99Micros()),
        reads,
        inMemoryFor(recordCount).getKey(),
        best,
        worst);
  }

  /** Throughput and p99 at {@code readsPerOp}, the rest from this model. */
  private Figures figuresAt(long recordCount, double readsPerOp, DiskSpec disk, int threads) {
    InMemory mem = inMemoryFor(recordCount).getValue();
    return figures(mem, missesBeyond(recordCount, mem), readsPerOp, disk, threads);
  }

  /** The cache misses per operation at {@code recordCount} beyond {@code mem}'s; 0 unmeasured. */
  double missesBeyond(long recordCount, InMemory mem) {
    double d = misses.at(recordCount) - mem.missesPerOp();
    return Double.isFinite(d) ? d : 0;
  }

  private Figures figures(
      InMemory mem, double extraMisses, double readsPerOp, DiskSpec disk, int threads) {
    ClosedLoop loop = loop(mem, extraMisses, readsPerOp, disk, capEfficiency);
    ClosedLoop.Flow flow = loop.solve(threads);
    // The in-memory cells' p99 is a queue's at the CPU: it grows with the time an operation spends
    // there, which the misses' and reads' CPU lengthens (5M x io1-5000: 18.8 ms where the
    // in-memory cells had 7.6 ms, at half their rate).
    double inMemoryResidence =
        loop(mem, 0, 0, disk, capEfficiency).solve(threads).cpuResidenceMicros();
    double cpuP99 = mem.p99Micros() * flow.cpuResidenceMicros() / inMemoryResidence;
    return new Figures(flow.opsPerSec(), loop.p99Micros(flow, cpuP99, threads));
  }

  private ClosedLoop loop(
      InMemory mem, double extraMisses, double readsPerOp, DiskSpec disk, double efficiency) {
    return loop(mem, extraMisses, readsPerOp, disk, efficiency, cpuMicrosPerRead, cpuMicrosPerMiss);
  }

  /**
   * The loop of an operation: the in-memory cells' CPU time, plus that of the cache misses beyond
   * theirs (never below half the in-memory time: fewer misses than theirs save no more) and of the
   * device reads.
   */
  private ClosedLoop loop(
      InMemory mem,
      double extraMisses,
      double readsPerOp,
      DiskSpec disk,
      double efficiency,
      double cpuPerRead,
      double cpuPerMiss) {
    double inMemoryMicros = 1e6 / mem.opsPerSec();
    double cpu = Math.max(inMemoryMicros / 2, inMemoryMicros + cpuPerMiss * extraMisses);
    return new ClosedLoop(
        cpu + cpuPerRead * readsPerOp,
        readsPerOp,
        disk.addedLatencyMillis() * 1000 + DEVICE_READ_MICROS,
        efficiency * disk.readCap(bytesPerRead));
  }

  /**
   * The CPU time per device read at which this model, given the cell's own reads, gives its
   * throughput; 0 when even none leaves it slower than measured. A 2-core host measured 5,000 IOPS
   * of headroom with a 5M-record cell at half the in-memory rate: its CPU, not its disk, was spent
   * on the reads.
   */
  private double cpuPerReadOf(Observation o) {
    return cpuOf(o, true, o.disk());
  }

  /** The CPU time per cache miss at which this model, without a device read's own, gives it. */
  private double cpuPerMissOf(Observation o) {
    return cpuOf(o, false, o.disk());
  }

  /**
   * The CPU time per device read ({@code perRead}) or per cache miss beyond the in-memory cells' at
   * which this model gives {@code o}'s throughput on {@code disk} (its own, or one without its
   * throttle); 0 when even none leaves it slower.
   */
  private double cpuOf(Observation o, boolean perRead, DiskSpec disk) {
    InMemory mem = inMemoryFor(o.recordCount()).getValue();
    double extra = missesBeyond(o.recordCount(), mem);
    double readsPerOp = o.reads().deviceReadsPerOp();
    double measured = o.opsPerSec().value();
    if (!perRead && extra <= 0) {
      return 0;
    }
    DoubleFunction<ClosedLoop> at =
        c ->
            perRead
                ? loop(mem, extra, readsPerOp, disk, capEfficiency, c, cpuMicrosPerMiss)
                : loop(mem, extra, readsPerOp, disk, capEfficiency, 0, c);
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
  private double mostCpuPerRead(List<Observation> cells) {
    if (cells.stream().anyMatch(o -> !o.diskFree() && !o.saturated())) {
      return 0;
    }
    return cells.stream()
        .filter(Observation::saturated)
        .mapToDouble(o -> cpuOf(o, true, new DiskSpec(0, o.disk().addedLatencyMillis(), 0)))
        .filter(c -> c > 0)
        .min()
        .orElse(0);
  }

  /** The cap efficiency at which this model, given the cell's own reads, gives its throughput. */
  private double efficiencyOf(Observation o) {
    InMemory mem = inMemoryFor(o.recordCount()).getValue();
    double extra = missesBeyond(o.recordCount(), mem);
    double lo = 0.01;
    double hi = 4;
    for (int i = 0; i < 50; i++) {
      double mid = Math.sqrt(lo * hi);
      double readsPerOp = o.reads().deviceReadsPerOp();
      double x = loop(mem, extra, readsPerOp, o.disk(), mid).solve(o.threads()).opsPerSec();
      if (x < o.opsPerSec().value()) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return Math.sqrt(lo * hi);
  }
}
