package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.intervals.Interval;
import io.github.mongodbtiered.intervals.IntervalLog;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.report.SeriesCsv;
import io.github.mongodbtiered.report.SeriesCsv.Phase;
import io.github.mongodbtiered.report.SeriesCsv.Row;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.servers.BurstThrottle;
import io.github.mongodbtiered.warmup.SteadyStateDetector;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Optional;

/**
 * A cell's per-second time series ({@link SeriesCsv}): the preload as one row of its length, then
 * each second of the warm-up and of the measured run, read from their HdrHistogram interval logs.
 * The warm-up's logs serve only this, so they are removed once the series is written.
 */
final class CellSeries {
  private final ReportLayout layout;
  private final long recordCount;
  private final String profile;
  private long preloadEndMillis = -1;
  private double preloadSeconds;
  private NavigableMap<Long, List<String>> waits;
  private long liftedMillis = -1;

  CellSeries(ReportLayout layout, long recordCount, String profile) {
    this.layout = layout;
    this.recordCount = recordCount;
    this.profile = profile;
  }

  /** The preload ended at {@code endMillis} (ms since the epoch) after {@code seconds}. */
  void preloaded(long endMillis, double seconds) {
    this.preloadEndMillis = endMillis;
    this.preloadSeconds = seconds;
  }

  /**
   * The warm-up's record: the steady-state tests each of its samples failed, by phase time (ms),
   * and the phase time until which the disk limits were lifted, or -1 when none were.
   */
  void warmedUp(NavigableMap<Long, List<String>> waits, long liftedMillis) {
    this.waits = waits;
    this.liftedMillis = liftedMillis;
  }

  /**
   * Writes the series of one measured run (its preload, warm-up and run) as repeat {@code repeat},
   * once the run has ended.
   *
   * @param run the intervals of this repeat's measured run
   * @return why it could not be written, for the cell's notes; empty when it was
   */
  Optional<String> append(int repeat, List<Interval> run) {
    return append(repeat, run, List.of());
  }

  /**
   * As {@link #append(int, List)}, each second with a burst-credit volume's credits as {@code
   * burst} recorded them (none: no bucket).
   */
  Optional<String> append(int repeat, List<Interval> run, List<BurstThrottle.Tick> burst) {
    try {
      List<Interval> warm = IntervalLog.read(layout.warmupHistogramsOf(recordCount, profile));
      List<Row> rows = withCredits(rows(repeat, warm, run), burst, origin(warm, run));
      SeriesCsv.append(layout, recordCount, profile, repeat, rows);
      layout.deleteWarmupHistogramsOf(recordCount, profile);
      preloadEndMillis = -1;
      waits = null;
      liftedMillis = -1;
      return Optional.empty();
    } catch (IOException | RuntimeException e) {
      return Optional.of("time series not written: " + Messages.of(e));
    }
  }

  private long origin(List<Interval> warm, List<Interval> run) {
    return !warm.isEmpty()
        ? warm.get(0).startMillis()
        : !run.isEmpty() ? run.get(0).startMillis() : preloadEndMillis;
  }

  /** Each row with the credits of the last second read by its end. */
  private static List<Row> withCredits(
      List<Row> rows, List<BurstThrottle.Tick> burst, long origin) {
    if (burst.isEmpty()) {
      return rows;
    }
    List<Row> out = new ArrayList<>();
    for (Row r : rows) {
      long end = origin + Math.round(r.endSeconds() * 1000);
      Double credits = null;
      for (BurstThrottle.Tick t : burst) {
        if (t.epochMillis() <= end) {
          credits = t.credits();
        }
      }
      out.add(r.withBurstCredits(credits));
    }
    return out;
  }

  private List<Row> rows(int repeat, List<Interval> warm, List<Interval> run) {
    long origin = origin(warm, run);
    List<Row> rows = new ArrayList<>();
    if (preloadEndMillis >= 0) {
      double end = seconds(preloadEndMillis, origin);
      rows.add(
          new Row(
              repeat,
              Phase.PRELOAD,
              end - preloadSeconds,
              end,
              null,
              null,
              null,
              null,
              null,
              Row.Warmup.NONE));
    }
    String main = mainOperation(run);
    warm.forEach(i -> rows.add(warmupRow(repeat, i, origin, main)));
    run.forEach(i -> rows.add(row(repeat, Phase.RUN, i, origin, main, null, null)));
    return rows;
  }

  /**
   * A warm-up second with its stage and the tests its last sample failed (the sample taken by the
   * end of the second, half a second's leeway for the watch's pace); before the first sample, the
   * trend window's samples.
   */
  private Row warmupRow(int repeat, Interval i, long origin, String main) {
    if (waits == null) {
      return row(repeat, Phase.WARMUP, i, origin, main, null, null);
    }
    long endMillis = i.endMillis() - origin;
    Map.Entry<Long, List<String>> wait = waits.floorEntry(endMillis + 500);
    String stage = liftedMillis < 0 ? null : endMillis <= liftedMillis + 500 ? "lifted" : "limited";
    return row(
        repeat,
        Phase.WARMUP,
        i,
        origin,
        main,
        stage,
        wait == null ? SteadyStateDetector.SAMPLES : String.join(";", wait.getValue()));
  }

  private static Row row(
      int repeat,
      Phase phase,
      Interval i,
      long origin,
      String main,
      String stage,
      String waitingOn) {
    long operations = i.operations();
    long mainCount =
        main == null || !i.byOperation().containsKey(main)
            ? 0L
            : i.byOperation().get(main).getTotalCount();
    return new Row(
        repeat,
        phase,
        seconds(i.startMillis(), origin),
        seconds(i.endMillis(), origin),
        operations,
        i.opsPerSec(),
        operations == 0 ? null : i.p99Micros() / 1000.0,
        main,
        mainCount == 0 ? null : i.p99Micros(main) / 1000.0,
        new Row.Warmup(stage, waitingOn));
  }

  /** The run's main operation ({@link LatencyStats#mainOperation}). */
  private static String mainOperation(List<Interval> run) {
    Map<String, Long> counts = new HashMap<>();
    for (Interval i : run) {
      i.byOperation().forEach((op, h) -> counts.merge(op, h.getTotalCount(), Long::sum));
    }
    return LatencyStats.mainOperation(counts);
  }

  private static double seconds(long millis, long originMillis) {
    return (millis - originMillis) / 1000.0;
  }
}
