package io.github.mongodbtiered.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

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
 *     fastest level the disk-free cells showed ({@link CapacityFit#levels}), and where no cell
 *     below its cap fitted a device read's CPU, with the most it can be ({@link
 *     CapacityFit#mostCpuPerRead}); for the band, empty in those models themselves
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
   * Fitted on {@code cells} ({@link CapacityFit}): some must never touch the disk (their rate is
   * the in-memory one).
   */
  public static CapacityModel fit(List<Observation> cells) {
    return CapacityFit.fit(cells);
  }

  CapacityModel withCpu(double perRead, double perMiss) {
    return new CapacityModel(
        curve, inMemory, capEfficiency, bytesPerRead, perRead, misses, perMiss, atLevels);
  }

  CapacityModel withEfficiency(double efficiency) {
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

  /** This model with {@code models} for its band ({@link #atLevels}). */
  CapacityModel withLevels(List<CapacityModel> models) {
    return new CapacityModel(
        curve,
        inMemory,
        capEfficiency,
        bytesPerRead,
        cpuMicrosPerRead,
        misses,
        cpuMicrosPerMiss,
        models);
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

  ClosedLoop loop(
      InMemory mem, double extraMisses, double readsPerOp, DiskSpec disk, double efficiency) {
    return loop(mem, extraMisses, readsPerOp, disk, efficiency, cpuMicrosPerRead, cpuMicrosPerMiss);
  }

  /**
   * The loop of an operation: the in-memory cells' CPU time, plus that of the cache misses beyond
   * theirs (never below half the in-memory time: fewer misses than theirs save no more) and of the
   * device reads.
   */
  ClosedLoop loop(
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
}
