package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * What a cell file's figures can be: a measurement never gives a negative count, a non-finite
 * figure or a throughput no server reaches, so such a figure is a changed or damaged file. It is
 * refused when read, before anything is written: republished, it would be an {@code ok} row of
 * figures that never ran, and an absurd value once kept a plot's axis from ever finishing.
 */
public final class CellChecks {
  /** Operations per second no deployment this tool measures comes near; a fleet's sum included. */
  static final double MAX_OPS_PER_SEC = 1e9;

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
      Double v = m.getValue();
      // NaN is a figure that could not be worked out (0/0), left out of plots as null is.
      if (v != null && v.isInfinite()) {
        p.add(field("metrics." + m.getKey().name(), v) + "is not a finite number");
      }
    }
    return p;
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
