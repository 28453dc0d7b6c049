package io.github.mongodbtiered.report;

import io.github.mongodbtiered.metrics.FsCacheHitRatio;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.RepeatRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a cell file's figures can be, each alone and against the others: a measurement never gives a
 * negative count, a ratio beyond 1, a throughput its operations and runtime do not make, or a p99
 * below its p50, so such a figure is a changed or damaged file. It is refused when read (by every
 * command that reads cells: {@link CellStore}), before anything is written: republished, it would
 * be an {@code ok} row of figures that never ran, and an absurd value once kept a plot's axis from
 * ever finishing.
 *
 * <p>Each metric's range is {@link Metric#range()}. The relations hold exactly as the sweep
 * computes them, within rounding: a single run's throughput is its operations over its runtime;
 * repeats' is the mean of their runs'; a merge's is at least its operations over the longest
 * client's runtime and lies between its slowest and fastest client's times the clients; a single
 * run's hit ratios follow from their counts. Device reads per second are not held to the read
 * count: the first is the whole device's (iostat), the second the server's own cgroup's.
 */
public final class CellChecks {
  /** Operations per second no deployment this tool measures comes near; a fleet's sum included. */
  static final double MAX_OPS_PER_SEC = Metric.MAX_PER_SEC;

  /** Rounding a figure may carry through the JSON and the means: a part in a thousand. */
  static final double ROUNDING = 1e-3;

  /** A day, in microseconds: no operation of a measured run waits that long. */
  static final long MAX_LATENCY_MICROS = 86_400L * 1_000_000L;

  private CellChecks() {}

  /** Each field that cannot be a measurement, as {@code field value: why}; empty when none. */
  public static List<String> problems(CellResult c) {
    List<String> p = new ArrayList<>();
    if (c.recordCount() < 1) {
      p.add(field("recordCount", c.recordCount()) + "is not 1 or more");
    }
    notNegative(p, "operations", c.operations());
    notNegative(p, "runtimeMillis", c.runtimeMillis());
    double t = c.throughputOpsPerSec();
    if (!Double.isFinite(t) || t < 0 || t > MAX_OPS_PER_SEC) {
      p.add(
          field("throughputOpsPerSec", t)
              + "is not a rate from 0 to "
              + String.format(Locale.ROOT, "%.0e", MAX_OPS_PER_SEC)
              + " operations per second");
    }
    c.failedOperations().forEach((type, n) -> notNegative(p, "failedOperations." + type, n));
    latencies(p, "latencies", c.latencies());
    latencies(p, "intendedLatencies", c.intendedLatencies());
    for (Map.Entry<Metric, Double> m : c.metrics().entrySet()) {
      inRange(p, m.getKey(), m.getValue());
    }
    if (p.isEmpty()) {
      throughput(p, c);
      ordered(p, c, Metric.OPS_PER_SEC_CI95_LOW, Metric.OPS_PER_SEC_CI95_HIGH);
      ordered(p, c, Metric.P99_MS_LOW, Metric.P99_MS_HIGH);
      ordered(p, c, Metric.CLIENT_OPS_PER_SEC_MIN, Metric.CLIENT_OPS_PER_SEC_MAX);
      if (runs(c) == 1 && clients(c) == 1) {
        hitRatio(
            p, c, Metric.WT_HIT_RATIO, Metric.WT_PAGES_READ_INTO_CACHE, Metric.WT_PAGES_REQUESTED);
        hitRatio(p, c, Metric.FS_HIT_RATIO, Metric.DEVICE_BYTES_READ, Metric.FS_BYTES_REQUESTED);
        hitRatio(
            p, c, Metric.FS_HIT_RATIO_OPS, Metric.DEVICE_READ_OPS, Metric.FS_READ_OPS_REQUESTED);
      }
    }
    return p;
  }

  private static void inRange(List<String> p, Metric metric, Double v) {
    // NaN is a figure that could not be worked out (0/0), left out of plots as null is.
    if (v == null || v.isNaN()) {
      return;
    }
    Metric.Range range = metric.range();
    if (!range.holds(v)) {
      p.add(field("metrics." + metric.name(), v) + "is not " + range.describe());
    } else if (metric.flag() && v != 0 && v != 1) {
      p.add(field("metrics." + metric.name(), v) + "is not 0 or 1");
    }
  }

  /** The runs a cell's figures come from: its repeats' or rounds', else one. */
  private static int runs(CellResult c) {
    // Cells saved before each run's figures were kept ({@code repeatRuns}) still count them.
    Double repeats = c.metrics().get(Metric.REPEATS);
    return Math.max(
        Math.max(1, c.repeatRuns().size()), repeats == null ? 1 : (int) Math.round(repeats));
  }

  private static int clients(CellResult c) {
    Double n = c.metrics().get(Metric.CLIENTS);
    return n == null ? 1 : (int) Math.round(n);
  }

  /** The throughput against what it was worked out from (class comment). */
  private static void throughput(List<String> p, CellResult c) {
    double t = c.throughputOpsPerSec();
    if (c.operations() == 0 || c.runtimeMillis() == 0) {
      return; // a failed cell's run may never have started
    }
    double overRuntime = c.operations() * 1000.0 / c.runtimeMillis();
    String fig = String.format(Locale.ROOT, "%.1f", t);
    String counts =
        String.format(
            Locale.ROOT,
            "%d operations in %d ms (%.1f ops/s)",
            c.operations(),
            c.runtimeMillis(),
            overRuntime);
    if (clients(c) > 1) {
      Double min = c.metrics().get(Metric.CLIENT_OPS_PER_SEC_MIN);
      Double max = c.metrics().get(Metric.CLIENT_OPS_PER_SEC_MAX);
      int n = clients(c);
      if (t < overRuntime * (1 - ROUNDING)
          || (min != null && t < min * n * (1 - ROUNDING))
          || (max != null && t > max * n * (1 + ROUNDING))) {
        p.add(
            "throughputOpsPerSec "
                + fig
                + " does not follow from "
                + counts
                + " and its "
                + n
                + " clients' throughputs");
      }
    } else if (runs(c) > 1) {
      if (c.repeatRuns().isEmpty()) {
        return; // saved before each run's throughput was kept: nothing to hold the mean to
      }
      double mean =
          c.repeatRuns().stream().mapToDouble(RepeatRun::opsPerSec).average().orElseThrow();
      if (!close(t, mean)) {
        p.add(
            String.format(
                Locale.ROOT,
                "throughputOpsPerSec %s is not the mean of its %d runs' (%.1f ops/s)",
                fig,
                runs(c),
                mean));
      }
    } else if (!close(t, overRuntime)) {
      p.add("throughputOpsPerSec " + fig + " does not follow from " + counts);
    }
  }

  private static void ordered(List<String> p, CellResult c, Metric low, Metric high) {
    Double lo = c.metrics().get(low);
    Double hi = c.metrics().get(high);
    if (lo != null && hi != null && lo > hi * (1 + ROUNDING) + ROUNDING) {
      p.add(field("metrics." + low.name(), lo) + "is above metrics." + high.name() + " " + hi);
    }
  }

  /**
   * {@code ratio} = 1 - {@code part} / {@code whole}, kept within 0..1 ({@link FsCacheHitRatio}).
   */
  private static void hitRatio(
      List<String> p, CellResult c, Metric ratio, Metric part, Metric whole) {
    Double r = c.metrics().get(ratio);
    Double n = c.metrics().get(part);
    Double of = c.metrics().get(whole);
    if (r == null || r.isNaN() || n == null || of == null) {
      return;
    }
    // As the sweep worked it out; the counts are whole numbers held as doubles.
    Double expected = FsCacheHitRatio.of(Math.round(of), Math.round(n));
    if (expected != null && Math.abs(r - expected) > ROUNDING) {
      p.add(
          String.format(
              Locale.ROOT,
              "metrics.%s %s does not follow from metrics.%s %.0f of metrics.%s %.0f (%.6f)",
              ratio.name(),
              r,
              part.name(),
              n,
              whole.name(),
              of,
              expected));
    }
  }

  private static boolean close(double a, double b) {
    return Math.abs(a - b) <= ROUNDING * Math.max(Math.abs(b), 1);
  }

  private static void latencies(List<String> p, String name, Map<String, LatencyStats> byType) {
    byType.forEach(
        (type, s) -> {
          String f = name + "." + type + ".";
          notNegative(p, f + "count", s.count());
          if (!Double.isFinite(s.meanMicros())
              || s.meanMicros() < 0
              || s.meanMicros() > MAX_LATENCY_MICROS) {
            p.add(field(f + "meanMicros", s.meanMicros()) + "is not a latency up to a day");
          }
          latency(p, f + "p50Micros", s.p50Micros());
          latency(p, f + "p95Micros", s.p95Micros());
          latency(p, f + "p99Micros", s.p99Micros());
          latency(p, f + "p999Micros", s.p999Micros());
          latency(p, f + "maxMicros", s.maxMicros());
          long[] ranked = {
            s.p50Micros(), s.p95Micros(), s.p99Micros(), s.p999Micros(), s.maxMicros()
          };
          String[] names = {"p50Micros", "p95Micros", "p99Micros", "p999Micros", "maxMicros"};
          for (int i = 1; i < ranked.length; i++) {
            if (ranked[i] < ranked[i - 1]) {
              p.add(
                  field(f + names[i], ranked[i])
                      + "is below "
                      + f
                      + names[i - 1]
                      + " "
                      + ranked[i - 1]
                      + " (percentiles rise to the max)");
            }
          }
        });
  }

  private static void latency(List<String> p, String field, long micros) {
    if (micros < 0 || micros > MAX_LATENCY_MICROS) {
      p.add(field(field, micros) + "is not a latency up to a day");
    }
  }

  private static void notNegative(List<String> p, String field, long n) {
    if (n < 0) {
      p.add(field(field, n) + "is negative");
    }
  }

  private static String field(String name, Object value) {
    return name + " " + value + " ";
  }
}
