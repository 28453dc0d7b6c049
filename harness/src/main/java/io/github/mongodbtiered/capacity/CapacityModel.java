package io.github.mongodbtiered.capacity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
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
 *     (the median over the disk-bound cells; 1 when there are none)
 * @param bytesPerRead mean bytes per device read (0: unknown), for a bandwidth limit
 * @param cpuMicrosPerRead the CPU time one device read costs beside the operation's own (the
 *     kernel's and the volume's I/O path, the storage engine's page rebuilt): the median over the
 *     fitted cells that read the device without being bound by it; 0 when there are none
 */
public record CapacityModel(
    ReadsCurve curve,
    TreeMap<Long, InMemory> inMemory,
    double capEfficiency,
    double bytesPerRead,
    double cpuMicrosPerRead) {

  /**
   * A read's time at the device itself, besides the added latency: a throttled cloud or SAN
   * volume's own is a fraction of a millisecond.
   */
  public static final double DEVICE_READ_MICROS = 100;

  /**
   * The in-memory figures of a record count.
   *
   * @param opsPerSec the disk-free cells' mean throughput
   * @param p99Micros their mean READ p99
   * @param cells the cells
   */
  public record InMemory(double opsPerSec, double p99Micros, List<String> cells) {}

  /**
   * A prediction.
   *
   * @param opsPerSec throughput
   * @param p99Micros READ p99
   * @param reads reads per operation used, with its range and the cells it rests on
   * @param inMemoryFrom the record count whose in-memory figures were used
   * @param best the figures at the lowest reads per operation of the cells it rests on where they
   *     disagree ({@link ReadsCurve.Estimate#edge}); elsewhere the prediction's own
   * @param worst the figures at the highest, alike
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
  }

  /** Fitted on {@code cells}: some must never touch the disk (their rate is the in-memory one). */
  public static CapacityModel fit(List<Observation> cells) {
    TreeMap<Long, InMemory> inMemory = new TreeMap<>();
    cells.stream()
        .filter(Observation::diskFree)
        .collect(Collectors.groupingBy(Observation::recordCount))
        .forEach(
            (count, os) ->
                inMemory.put(
                    count,
                    new InMemory(
                        os.stream().mapToDouble(o -> o.opsPerSec().value()).average().orElse(0),
                        os.stream().mapToDouble(Observation::p99Micros).average().orElse(0),
                        os.stream().map(Observation::key).toList())));
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
    CapacityModel unfitted = new CapacityModel(ReadsCurve.fit(cells), inMemory, 1, bytesPerRead, 0);
    List<Double> perRead = new ArrayList<>();
    for (Observation o : cells) {
      if (!o.diskFree() && !o.diskBound()) {
        perRead.add(unfitted.cpuPerReadOf(o));
      }
    }
    CapacityModel withCpu =
        new CapacityModel(
            unfitted.curve,
            inMemory,
            1,
            bytesPerRead,
            perRead.isEmpty() ? 0 : Stats.median(perRead));
    List<Double> efficiencies = new ArrayList<>();
    for (Observation o : cells) {
      if (o.diskBound()) {
        efficiencies.add(withCpu.efficiencyOf(o));
      }
    }
    return new CapacityModel(
        unfitted.curve,
        inMemory,
        efficiencies.isEmpty() ? 1 : Stats.median(efficiencies),
        bytesPerRead,
        withCpu.cpuMicrosPerRead);
  }

  /** The in-memory figures for {@code recordCount}: its own, else the nearest count's below. */
  public Map.Entry<Long, InMemory> inMemoryFor(long recordCount) {
    Map.Entry<Long, InMemory> e = inMemory.floorEntry(recordCount);
    return e != null ? e : inMemory.ceilingEntry(recordCount);
  }

  /**
   * Throughput and p99 on {@code disk} at {@code recordCount} records, memory and threads; on a
   * tier's edge also at both ends of the reads per operation the cells there disagree on.
   */
  public Prediction predict(long recordCount, DiskSpec disk, long memoryBytes, int threads) {
    ReadsCurve.Estimate reads = curve.at(recordCount, memoryBytes);
    Map.Entry<Long, InMemory> mem = inMemoryFor(recordCount);
    Figures point = figures(mem.getValue(), reads.readsPerOp(), disk, threads);
    Figures best = reads.edge() ? figures(mem.getValue(), reads.low(), disk, threads) : point;
    Figures worst = reads.edge() ? figures(mem.getValue(), reads.high(), disk, threads) : point;
    return new Prediction(point.opsPerSec(), point.p99Micros(), reads, mem.getKey(), best, worst);
  }

  /**
   * Throughput and p99 of a cell whose own reads per operation are known ({@code reads}: its memory
   * state), the rest from this model.
   */
  public Figures predictAt(long recordCount, DiskSpec disk, double readsPerOp, int threads) {
    return figures(inMemoryFor(recordCount).getValue(), readsPerOp, disk, threads);
  }

  private Figures figures(InMemory mem, double readsPerOp, DiskSpec disk, int threads) {
    ClosedLoop loop = loop(mem, readsPerOp, disk, capEfficiency);
    ClosedLoop.Flow flow = loop.solve(threads);
    // The in-memory cells' p99 is a queue's at the CPU: it grows with the time an operation spends
    // there, which the reads' CPU lengthens (5M x io1-5000: 18.8 ms where the in-memory cells had
    // 7.6 ms, at half their rate).
    double inMemoryResidence =
        loop(mem, 0, disk, capEfficiency).solve(threads).cpuResidenceMicros();
    double cpuP99 = mem.p99Micros() * flow.cpuResidenceMicros() / inMemoryResidence;
    return new Figures(flow.opsPerSec(), loop.p99Micros(flow, cpuP99, threads));
  }

  private ClosedLoop loop(InMemory mem, double readsPerOp, DiskSpec disk, double efficiency) {
    return loop(mem, readsPerOp, disk, efficiency, cpuMicrosPerRead);
  }

  private ClosedLoop loop(
      InMemory mem, double readsPerOp, DiskSpec disk, double efficiency, double cpuPerRead) {
    return new ClosedLoop(
        1e6 / mem.opsPerSec() + cpuPerRead * readsPerOp,
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
    InMemory mem = inMemoryFor(o.recordCount()).getValue();
    double readsPerOp = o.reads().deviceReadsPerOp();
    double measured = o.opsPerSec().value();
    if (loop(mem, readsPerOp, o.disk(), 1, 0).solve(o.threads()).opsPerSec() <= measured) {
      return 0;
    }
    double lo = 0;
    double hi = 1e6;
    for (int i = 0; i < 60; i++) {
      double mid = (lo + hi) / 2;
      double x = loop(mem, readsPerOp, o.disk(), 1, mid).solve(o.threads()).opsPerSec();
      if (x > measured) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return (lo + hi) / 2;
  }

  /** The cap efficiency at which this model, given the cell's own reads, gives its throughput. */
  private double efficiencyOf(Observation o) {
    InMemory mem = inMemoryFor(o.recordCount()).getValue();
    double lo = 0.01;
    double hi = 4;
    for (int i = 0; i < 50; i++) {
      double mid = Math.sqrt(lo * hi);
      double readsPerOp = o.reads().deviceReadsPerOp();
      double x = loop(mem, readsPerOp, o.disk(), mid).solve(o.threads()).opsPerSec();
      if (x < o.opsPerSec().value()) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return Math.sqrt(lo * hi);
  }
}
