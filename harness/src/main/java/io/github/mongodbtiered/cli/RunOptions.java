package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.sweep.MeasuredRuns;
import io.github.mongodbtiered.variation.Stability;
import io.github.mongodbtiered.ycsb.ErrorBudget;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/**
 * How the sweep measures each cell: the warm-up's bound, the measured runs' length, precision and
 * rate, the repeats, cold cells and the errors a run may have.
 */
final class RunOptions {
  @Option(
      names = "--operations",
      paramLabel = "N",
      converter = Counts.Operations.class,
      description = "Operations per measured run (default: run for --seconds).")
  long operations;

  @Option(
      names = "--seconds",
      paramLabel = "SECONDS",
      converter = Counts.SweepSeconds.class,
      description =
          "Seconds per measured run at most: it ends sooner once its throughput is known to"
              + " --precision (default: ${DEFAULT-VALUE}).")
  double seconds;

  @Option(
      names = "--min-seconds",
      paramLabel = "SECONDS",
      converter = Counts.SweepSeconds.class,
      description =
          "No measured run ends on its --precision before this many seconds; at --seconds,"
              + " every run lasts --seconds; given above --seconds, refused"
              + " (default: ${DEFAULT-VALUE}).")
  double minSeconds;

  @Option(
      names = "--precision",
      paramLabel = "PCT",
      converter = Percent.class,
      description =
          "End a measured run, after --min-seconds, once the 95%% interval of its throughput (over"
              + " its batch means) is within +/-PCT%% of the mean and the run does not drift; 0"
              + " runs each for --seconds. Not with --operations, --target or --clients, whose"
              + " runs last their length (default: ${DEFAULT-VALUE}).")
  double precision;

  @Option(
      names = "--repeats",
      paramLabel = "N|auto[:MAX]",
      converter = Counts.RepeatCount.class,
      description =
          "Measure each cell N times, each from a cold start with its own warm-up; its throughput"
              + " is then the mean with a 95%% confidence interval over the N means (Student-t),"
              + " else over 10 batches of its one run. 'auto': "
              + MeasuredRuns.AUTO_MIN_REPEATS
              + " runs, then more until the interval is within +/-5%% of the mean, at most "
              + MeasuredRuns.AUTO_MAX_REPEATS
              + " (or MAX). A cell whose coefficient of variation is above "
              + Stability.UNSTABLE_CV_PCT
              + "%% is flagged 'unstable' (default: ${DEFAULT-VALUE}).")
  Counts.RepeatCount.Value repeats;

  @Option(
      names = "--cold-cells",
      description =
          "Start every cell's server cold. By default a cell whose profile differs from the one"
              + " before it (of the same record count) only in the disk's IOPS, bandwidth or added"
              + " latency goes on with that cell's server where that cell's caches held its data"
              + " (under 0.01 device reads per operation): the limits and latency change in place,"
              + " the caches stay as the steady state left them, and the cell skips the preload and"
              + " the lifted warm-up stage, but still warms up until its own steady state under its"
              + " limits (the cell before's, when that cell ended steady and 10 s show the device"
              + " idle under the new limits). With --repeats above 1 every run starts cold anyway."
              + " The summary's continued_from column names the cell a server went on from.")
  boolean coldCells;

  @Option(
      names = "--warmup",
      paramLabel = "SECONDS",
      converter = Counts.SweepSeconds.class,
      description =
          "At most this many seconds of unmeasured workload after the cold start and a preload"
              + " pass over the data set; the warm-up ends sooner once the WiredTiger cache is"
              + " steady and throughput stopped changing (two 5 s means within 10%% and no trend"
              + " over the last quarter of this bound, 10-30 s); a cell that never got there is"
              + " flagged 'not steady'. On a throttled target the first stage runs with the disk"
              + " limits lifted until the caches are steady (at most half of this bound) and the"
              + " second under the profile's limits, whose steady state alone counts (unless the"
              + " disk stayed below half of the limits in the first). 0 skips"
              + " the preload and the warm-up (default: ${DEFAULT-VALUE}, a bound rather than a"
              + " length).")
  double warmup;

  @Option(
      names = "--target",
      paramLabel = "OPS",
      converter = TargetRate.class,
      description =
          "Drive each measured run at this many operations per second (e.g. 1000 or 2.5k) over all client threads"
              + " (an open loop), and record each operation's latency from its intended start"
              + " beside its service time, so that a stalled server's queue shows in the"
              + " intended-time columns; the warm-up stays a closed loop (default: a closed loop,"
              + " as fast as the server answers).")
  double targetOpsPerSec;

  @Option(
      names = "--max-errors",
      paramLabel = "N|P%",
      converter = MaxErrors.class,
      description =
          "Failed operations a measured run may have, as a count (e.g. 10) or a share of its"
              + " operations (e.g. 0.1%%); a read that finds no record is one; more fail the cell"
              + " (default: ${DEFAULT-VALUE}).")
  ErrorBudget maxErrors;

  /** {@code N} or {@code P%}, spelled as the YCSB launcher's {@code -maxerrors}. */
  static final class MaxErrors implements ITypeConverter<ErrorBudget> {
    @Override
    public ErrorBudget convert(String text) {
      try {
        return ErrorBudget.parse("--max-errors", text);
      } catch (IllegalArgumentException e) {
        throw new TypeConversionException(
            "'"
                + text
                + "' is not a number of failed operations: give a count (e.g. 0 or 100) or a"
                + " percentage (e.g. 0.1%)");
      }
    }
  }

  /** Operations per second, above 0: {@code 1000}, {@code 2.5k}. */
  static final class TargetRate implements ITypeConverter<Double> {
    @Override
    public Double convert(String text) {
      String t = text.trim().toLowerCase(Locale.ROOT);
      double unit = t.endsWith("k") ? 1_000 : 1;
      double rate;
      try {
        rate = Double.parseDouble(unit == 1 ? t : t.substring(0, t.length() - 1)) * unit;
      } catch (NumberFormatException e) {
        rate = Double.NaN; // refused below
      }
      if (!(rate > 0) || Double.isInfinite(rate)) {
        throw new TypeConversionException(
            "'"
                + text
                + "' is not a rate: give operations per second above 0 (e.g. 1000), or leave"
                + " --target out for a closed loop");
      }
      return rate;
    }
  }

  /** The measured runs these options give. */
  MeasuredRuns runs() {
    return new MeasuredRuns(
        operations,
        seconds,
        minSeconds,
        precision,
        warmup,
        repeats.runs(),
        repeats.auto(),
        coldCells,
        targetOpsPerSec,
        maxErrors);
  }
}
