package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.sweep.MeasuredRuns;
import io.github.mongodbtiered.ycsb.WorkloadChecks;
import java.math.BigDecimal;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/** Converters for whole numbers with a meaning: record counts, thread counts, step lengths. */
final class Counts {
  /** YCSB keeps record counts in an int. */
  static final long MAX_RECORDS = Integer.MAX_VALUE;

  private static final BigDecimal MAX_RECORDS_DECIMAL = BigDecimal.valueOf(MAX_RECORDS);

  private Counts() {}

  /**
   * A record count: {@code 20000}, {@code 500k} (thousands), {@code 2M} (millions), also {@code
   * 1.5M} or {@code 2e6}; a whole number from 1 to {@link #MAX_RECORDS}, YCSB's limit. (Commas
   * separate the counts of a list, so {@code 2,000,000} is three counts.)
   */
  static final class RecordCount implements ITypeConverter<Long> {
    private static final String EXAMPLES = "e.g. 20000, 500k or 2M (k = 1000, M = 1000000)";

    @Override
    public Long convert(String text) {
      String t = text.trim().toLowerCase(Locale.ROOT);
      long unit = t.endsWith("k") ? 1_000 : t.endsWith("m") ? 1_000_000 : 1;
      BigDecimal n;
      try {
        n = new BigDecimal(unit == 1 ? t : t.substring(0, t.length() - 1));
      } catch (NumberFormatException e) {
        throw new TypeConversionException("'" + text + "' is not a record count: use " + EXAMPLES);
      }
      n = n.multiply(BigDecimal.valueOf(unit));
      if (n.signum() <= 0 || n.stripTrailingZeros().scale() > 0) {
        throw new TypeConversionException(
            "'" + text + "' is not a whole number of records of 1 or more: use " + EXAMPLES);
      }
      if (n.compareTo(MAX_RECORDS_DECIMAL) > 0) {
        throw new TypeConversionException(
            "'"
                + text
                + "' is too large: YCSB counts records in an int, so at most "
                + MAX_RECORDS
                + " (2147M)");
      }
      return n.longValueExact();
    }
  }

  /** A number of threads, records per batch and the like: 1 or more. */
  static final class AtLeastOne implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String text) {
      int n = wholeNumber(text);
      return checked(text, n, n >= 1 ? "" : "use a whole number of 1 or more");
    }
  }

  /**
   * Client threads: 1 to {@link WorkloadChecks#MAX_THREADS}, so that a typo's 99999999 is refused
   * here, not by an OutOfMemoryError once the data is loaded.
   */
  static final class Threads implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String text) {
      int n = wholeNumber(text);
      return checked(
          text,
          n,
          n >= 1 && n <= WorkloadChecks.MAX_THREADS
              ? ""
              : "use a whole number from 1 to "
                  + WorkloadChecks.MAX_THREADS
                  + " (more clients: sweep --clients N on several machines)");
    }
  }

  /**
   * {@code --repeats}: a whole number of 1 or more, or {@code auto} (3 to 8 runs), or {@code
   * auto:MAX} with MAX from 3.
   */
  static final class RepeatCount implements ITypeConverter<RepeatCount.Value> {
    /**
     * @param runs the runs, or with {@code auto} the most
     * @param auto whether a cell stops once its interval is narrow enough
     */
    record Value(int runs, boolean auto) {}

    private static final String USE =
        "use a whole number of 1 or more, or auto ("
            + MeasuredRuns.AUTO_MIN_REPEATS
            + " to "
            + MeasuredRuns.AUTO_MAX_REPEATS
            + " runs), or auto:MAX with MAX from "
            + MeasuredRuns.AUTO_MIN_REPEATS;

    @Override
    public Value convert(String text) {
      String t = text.trim().toLowerCase(Locale.ROOT);
      if (t.equals("auto")) {
        return new Value(MeasuredRuns.AUTO_MAX_REPEATS, true);
      }
      if (t.startsWith("auto:")) {
        int max = wholeNumber(t.substring("auto:".length()));
        return checked(text, new Value(max, true), max >= MeasuredRuns.AUTO_MIN_REPEATS ? "" : USE);
      }
      int n = wholeNumber(text);
      return checked(text, new Value(n, false), n >= 1 ? "" : USE);
    }
  }

  /** Microseconds of CPU time per operation: a whole number from 0 to 1000000 (a second). */
  static final class ExtraCost implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String text) {
      int n = wholeNumber(text);
      return checked(
          text,
          n,
          n >= 0 && n <= 1_000_000 ? "" : "give microseconds from 0 to 1000000 per operation");
    }
  }

  /** A disk baseline's last thread count: a power of two, as threads double each step. */
  static final class BaselineThreads implements ITypeConverter<Integer> {
    @Override
    public Integer convert(String text) {
      int n = wholeNumber(text);
      return checked(text, n, DiskBaseline.Settings.maxThreadsProblem(n));
    }
  }

  /** Seconds of one disk measurement: more than 0, at most a day. */
  static final class MeasuredSeconds implements ITypeConverter<Double> {
    @Override
    public Double convert(String text) {
      double s = decimal(text);
      return checked(text, s, DiskBaseline.Settings.secondsProblem(s));
    }
  }

  /** A limit or a rate: a finite number above 0 ({@code advise --p99-ms 20}). */
  static final class Positive implements ITypeConverter<Double> {
    @Override
    public Double convert(String text) {
      double v = decimal(text);
      return checked(text, v, v > 0 && v < 1e12 ? "" : "use a number above 0, e.g. 20 or 0.5");
    }
  }

  /** A latency in ms: a finite number of 0 or more, at most a minute. */
  static final class LatencyMillis implements ITypeConverter<Double> {
    @Override
    public Double convert(String text) {
      double v = decimal(text);
      return checked(
          text, v, v >= 0 && v <= 60_000 ? "" : "use milliseconds from 0 to 60000, e.g. 7");
    }
  }

  /** The int {@code text} says, or 0 (refused by every caller) when it is none. */
  private static int wholeNumber(String text) {
    try {
      return Integer.parseInt(text.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  /** The number {@code text} says, or NaN (refused by every caller) when it is none. */
  private static double decimal(String text) {
    try {
      return Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      return Double.NaN;
    }
  }

  /** {@code value}, or a conversion error quoting {@code text} when there is a problem. */
  private static <T> T checked(String text, T value, String problem) {
    if (!problem.isEmpty()) {
      throw new TypeConversionException("'" + text + "': " + problem);
    }
    return value;
  }

  /**
   * A sweep's run or warm-up length, {@code --seconds} and {@code --warmup}: from 0 (none, or run
   * for {@code --operations}) to a day. YCSB keeps its time limit in an int of seconds, so a larger
   * value was accepted and then cut short ("Could not wait until max specified time").
   */
  static final class SweepSeconds implements ITypeConverter<Double> {
    static final double MAX = 86_400;

    @Override
    public Double convert(String text) {
      double s = decimal(text);
      return checked(
          text,
          s,
          s >= 0 && s <= MAX ? "" : "use a number of seconds from 0 to 86400 (a day), e.g. 60");
    }
  }

  /** Operations per measured run ({@code --operations}): 0 (run for --seconds) or more. */
  static final class Operations implements ITypeConverter<Long> {
    @Override
    public Long convert(String text) {
      long n;
      try {
        n = Long.parseLong(text.trim());
      } catch (NumberFormatException e) {
        n = -1; // refused below
      }
      return checked(
          text,
          n,
          n >= 0 && n <= MAX_RECORDS
              ? ""
              : "use a whole number of operations from 0 (run for --seconds) to " + MAX_RECORDS);
    }
  }
}
