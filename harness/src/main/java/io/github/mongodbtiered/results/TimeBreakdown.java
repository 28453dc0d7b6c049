package io.github.mongodbtiered.results;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Where a sweep's time went, in seconds, from its cells' own times: the load steps, and inside the
 * cells the servers' starts, the page-cache fills, the preloads, the warm-ups, the measured runs,
 * the servers' stops, and the rest of the cells' wall-clock time (reading statistics, decoding
 * logs). A cell without a figure (saved before it existed, or failed before it) adds nothing to
 * that part, but its wall-clock time still counts in {@link Part#CELLS}.
 *
 * @param seconds per part, every part present (0 where nothing was spent)
 */
public record TimeBreakdown(Map<Part, Double> seconds) {
  /** A part of the time, in the order a cell goes through them. */
  public enum Part {
    LOADS("loads"),
    SERVER_STARTS("server starts"),
    PAGE_CACHE_FILLS("page-cache fills"),
    PRELOADS("preloads"),
    WARM_UPS("warm-ups"),
    MEASURED("measured runs"),
    SERVER_STOPS("server stops"),
    CELLS_OTHER("other, in cells"),
    /** All the cells' wall-clock time: the parts from server starts to other. */
    CELLS("cells in all");

    private final String label;

    Part(String label) {
      this.label = label;
    }

    public String label() {
      return label;
    }
  }

  public TimeBreakdown {
    seconds = Collections.unmodifiableMap(new EnumMap<>(seconds));
  }

  public static TimeBreakdown of(List<CellResult> cells) {
    Map<Part, Double> s = new EnumMap<>(Part.class);
    for (Part p : Part.values()) {
      s.put(p, 0.0);
    }
    // One load step per record count: each cell of the row carries the same figure.
    Map<Long, Double> loads = new TreeMap<>();
    for (CellResult c : cells) {
      Double load = c.metric(Metric.LOAD_S);
      if (load != null) {
        loads.putIfAbsent(c.recordCount(), load);
      }
      double repeats = c.metric(Metric.REPEATS) == null ? 1 : c.metric(Metric.REPEATS);
      double fill = orZero(c.metric(Metric.PAGE_CACHE_FILL_S));
      add(s, Part.SERVER_STARTS, repeats * orZero(c.metric(Metric.SERVER_START_S)));
      add(s, Part.PAGE_CACHE_FILLS, repeats * fill);
      add(
          s,
          Part.PRELOADS,
          repeats * Math.max(0, orZero(c.metric(Metric.WARMUP_PRELOAD_S)) - fill));
      add(s, Part.WARM_UPS, repeats * orZero(c.metric(Metric.WARMUP_S)));
      // The repeats' runtimes already add up in the cell.
      add(s, Part.MEASURED, c.runtimeMillis() / 1000.0);
      add(s, Part.SERVER_STOPS, repeats * orZero(c.metric(Metric.SERVER_STOP_S)));
      add(s, Part.CELLS, orZero(c.metric(Metric.CELL_S)));
    }
    s.put(Part.LOADS, loads.values().stream().mapToDouble(Double::doubleValue).sum());
    double inCells =
        s.get(Part.SERVER_STARTS)
            + s.get(Part.PAGE_CACHE_FILLS)
            + s.get(Part.PRELOADS)
            + s.get(Part.WARM_UPS)
            + s.get(Part.MEASURED)
            + s.get(Part.SERVER_STOPS);
    // Cells saved before cell_s existed have parts but no total: never a negative rest.
    s.put(Part.CELLS, Math.max(s.get(Part.CELLS), inCells));
    s.put(Part.CELLS_OTHER, s.get(Part.CELLS) - inCells);
    return new TimeBreakdown(s);
  }

  public double secondsOf(Part part) {
    return seconds.get(part);
  }

  /** Loads and cells: the time the sweep's own steps took (not the environment check). */
  public double totalSeconds() {
    return secondsOf(Part.LOADS) + secondsOf(Part.CELLS);
  }

  /** "loads 10.2 min, server starts 2.1 min, ..., cells in all 46.0 min". */
  public String line() {
    StringBuilder b = new StringBuilder();
    for (Part p : Part.values()) {
      b.append(b.length() == 0 ? "" : ", ")
          .append(p.label())
          .append(' ')
          .append(minutes(secondsOf(p)));
    }
    return b.toString();
  }

  /** "12.3 min", or "45 s" under two minutes. */
  public static String minutes(double seconds) {
    return seconds < 120
        ? String.format(Locale.ROOT, "%.0f s", seconds)
        : String.format(Locale.ROOT, "%.1f min", seconds / 60);
  }

  private static void add(Map<Part, Double> s, Part p, double seconds) {
    s.merge(p, seconds, Double::sum);
  }

  private static double orZero(Double value) {
    return value == null ? 0 : value;
  }
}
