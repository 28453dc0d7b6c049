package io.github.mongodbtiered.capacity;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Device reads per operation against the working set over memory: the data files' live bytes over
 * the server's memory where every cell measured both, else against the record count. The disk does
 * not enter: the study's cells read the same per operation on every disk of a record count. Between
 * measured points it is linear; beyond them, the line through the last two, at least 0, and marked.
 *
 * @param points measured points, by x ascending
 * @param byMemory true when x is live bytes over memory, false when it is the record count
 * @param liveBytesPerRecord live bytes per record by record count, empty when not measured
 * @param fittedMemoryBytes the largest memory of the cells it was fitted on
 */
public record ReadsCurve(
    List<Point> points,
    boolean byMemory,
    TreeMap<Long, Double> liveBytesPerRecord,
    long fittedMemoryBytes) {

  /**
   * One measured x: the mean of its cells' reads per operation and their range.
   *
   * @param cells the cells it rests on
   */
  public record Point(double x, double readsPerOp, double low, double high, List<String> cells) {}

  /**
   * Reads per operation at a record count and memory.
   *
   * @param low the lowest cell's figure interpolated alike
   * @param high the highest cell's figure interpolated alike
   * @param extrapolated true when beyond the measured points
   * @param cells the cells of the points it came from
   */
  public record Estimate(
      double readsPerOp, double low, double high, boolean extrapolated, List<String> cells) {
    /** The cells it rests on disagree: it lies on or beside a {@link TierEdge}. */
    public boolean edge() {
      return TierEdge.disagree(low, high);
    }
  }

  public ReadsCurve {
    points = List.copyOf(points);
    liveBytesPerRecord = new TreeMap<>(liveBytesPerRecord);
  }

  /** The curve through {@code observations}' means; none given is refused. */
  public static ReadsCurve fit(List<Observation> observations) {
    if (observations.isEmpty()) {
      throw new IllegalArgumentException("no cells to fit reads per operation on");
    }
    boolean byMemory =
        observations.stream().allMatch(o -> o.liveBytes() != null && o.memoryBytes() > 0);
    TreeMap<Long, Double> live = new TreeMap<>();
    observations.stream()
        .filter(o -> o.liveBytes() != null)
        .collect(Collectors.groupingBy(Observation::recordCount))
        .forEach(
            (count, os) ->
                live.put(
                    count,
                    os.stream()
                        .mapToDouble(o -> o.liveBytes() / (double) count)
                        .average()
                        .orElse(0)));
    Map<Double, List<Observation>> byX = new TreeMap<>();
    for (Observation o : observations) {
      double x = byMemory ? o.liveBytes() / (double) o.memoryBytes() : o.recordCount();
      byX.computeIfAbsent(x, k -> new ArrayList<>()).add(o);
    }
    List<Point> points = new ArrayList<>();
    byX.forEach(
        (x, os) ->
            points.add(
                new Point(
                    x,
                    os.stream().mapToDouble(o -> o.reads().deviceReadsPerOp()).average().orElse(0),
                    os.stream().mapToDouble(o -> o.reads().deviceReadsPerOp()).min().orElse(0),
                    os.stream().mapToDouble(o -> o.reads().deviceReadsPerOp()).max().orElse(0),
                    os.stream().map(Observation::key).toList())));
    points.sort(Comparator.comparingDouble(Point::x));
    long memory = observations.stream().mapToLong(Observation::memoryBytes).max().orElse(0);
    return new ReadsCurve(points, byMemory, live, memory);
  }

  /** Live bytes of {@code recordCount} records, scaled from the nearest measured count; or null. */
  public Double liveBytes(long recordCount) {
    if (liveBytesPerRecord.isEmpty()) {
      return null;
    }
    Map.Entry<Long, Double> below = liveBytesPerRecord.floorEntry(recordCount);
    Map.Entry<Long, Double> above = liveBytesPerRecord.ceilingEntry(recordCount);
    Map.Entry<Long, Double> near =
        below == null
            ? above
            : above == null || recordCount - below.getKey() <= above.getKey() - recordCount
                ? below
                : above;
    return near.getValue() * recordCount;
  }

  /** Reads per operation at {@code recordCount} records with {@code memoryBytes} of memory. */
  public Estimate at(long recordCount, long memoryBytes) {
    double x = byMemory ? liveBytes(recordCount) / memoryOr(memoryBytes) : recordCount;
    if (points.size() == 1) {
      Point p = points.get(0);
      return new Estimate(p.readsPerOp(), p.low(), p.high(), Math.abs(x - p.x()) > 1e-9, p.cells());
    }
    int i = 1;
    while (i < points.size() - 1 && points.get(i).x() < x) {
      i++;
    }
    Point a = points.get(i - 1);
    Point b = points.get(i);
    double t = (x - a.x()) / (b.x() - a.x());
    boolean extrapolated =
        x < points.get(0).x() - 1e-9 || x > points.get(points.size() - 1).x() + 1e-9;
    List<String> cells = new ArrayList<>(a.cells());
    cells.addAll(b.cells());
    return new Estimate(
        line(a.readsPerOp(), b.readsPerOp(), t),
        line(a.low(), b.low(), t),
        line(a.high(), b.high(), t),
        extrapolated,
        t <= 1e-9 ? a.cells() : t >= 1 - 1e-9 ? b.cells() : cells);
  }

  /**
   * {@code memoryBytes}, or for a disk of unknown memory (0) the largest the points came from: an
   * unlimited server has at least as much.
   */
  private double memoryOr(long memoryBytes) {
    return memoryBytes > 0 ? memoryBytes : fittedMemoryBytes;
  }

  private static double line(double a, double b, double t) {
    return Math.max(0, a + (b - a) * t);
  }
}
