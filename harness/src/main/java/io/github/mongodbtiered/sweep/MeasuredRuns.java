package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.ycsb.ErrorBudget;

/**
 * How each cell is measured: the warm-up's bound, the measured runs' length and when one may end
 * sooner, how many runs from cold starts, whether cells go on with the server of the cell before,
 * and the failed operations a run may have.
 *
 * @param operations operations per measured run, or 0 to run for {@code seconds} ({@code
 *     --operations})
 * @param seconds seconds per measured run, a cap when {@code operations} is set ({@code --seconds})
 * @param minSeconds no measured run ends before this many seconds on its {@code precision} ({@code
 *     --min-seconds})
 * @param precision a measured run ends once its throughput's 95% interval is within this fraction
 *     of the mean (after {@code minSeconds}); 0: every run lasts {@code seconds} ({@code
 *     --precision})
 * @param warmupSeconds at most this many seconds of unmeasured workload after the cold start and
 *     the preload ({@code --warmup}); 0 skips both
 * @param repeats measured runs per cell, each from a cold start with its own warm-up ({@code
 *     --repeats}): the most, with {@code repeatsAuto}
 * @param repeatsAuto a cell stops measuring once its throughput interval is narrow enough, between
 *     {@link #AUTO_MIN_REPEATS} runs and {@code repeats} ({@code --repeats auto})
 * @param coldCells every cell starts its server cold, rather than going on with the server of the
 *     cell before where only the disk's limits and latency differ ({@code --cold-cells})
 * @param targetOpsPerSec the measured runs' request rate, an open loop whose latencies are also
 *     taken from each operation's intended start ({@code --target}), or 0 for a closed loop
 * @param maxErrors failed operations a measured run may have and its cell still be ok ({@code
 *     --max-errors})
 */
public record MeasuredRuns(
    long operations,
    double seconds,
    double minSeconds,
    double precision,
    double warmupSeconds,
    int repeats,
    boolean repeatsAuto,
    boolean coldCells,
    double targetOpsPerSec,
    ErrorBudget maxErrors) {
  /** {@code --repeats auto}: the fewest runs, whose spread says anything of the next one. */
  public static final int AUTO_MIN_REPEATS = 3;

  /** {@code --repeats auto}'s most runs unless given ({@code auto:MAX}): a bounded cost. */
  public static final int AUTO_MAX_REPEATS = 8;

  public MeasuredRuns {
    maxErrors = maxErrors == null ? ErrorBudget.NONE : maxErrors;
  }

  /**
   * Closed-loop runs of 60 s at most, ending from 20 s on once known to 5%, after a warm-up of at
   * most 180 s; one run per cell, cells going on where they can, no failed operation allowed.
   */
  public static MeasuredRuns defaults() {
    return new MeasuredRuns(0, 60, 20, 0.05, 180, 1, false, false, 0, ErrorBudget.NONE);
  }

  /**
   * @throws IllegalArgumentException naming the option whose value cannot be used
   */
  void check() {
    if (operations < 0) {
      throw new IllegalArgumentException("--operations: give 0 (run for --seconds) or more");
    }
    if (seconds < 0 || warmupSeconds < 0) {
      throw new IllegalArgumentException(
          (seconds < 0 ? "--seconds" : "--warmup") + ": give 0 or more seconds");
    }
    if (!(minSeconds >= 0) || minSeconds > 86_400) {
      throw new IllegalArgumentException(
          "--min-seconds: give 0 to 86400 seconds; a run never ends before them");
    }
    if (!(precision >= 0) || precision >= 1) {
      throw new IllegalArgumentException(
          "--precision: give a percentage from 0 (every run lasts --seconds) to below 100");
    }
    if (repeats < 1) {
      throw new IllegalArgumentException("--repeats: give 1 or more measured runs per cell");
    }
    if (repeatsAuto && repeats < AUTO_MIN_REPEATS) {
      throw new IllegalArgumentException(
          "--repeats auto:MAX: give MAX of " + AUTO_MIN_REPEATS + " or more");
    }
    if (targetOpsPerSec < 0 || !Double.isFinite(targetOpsPerSec)) {
      throw new IllegalArgumentException(
          "--target: give operations per second above 0, or leave it out for a closed loop");
    }
    if (operations == 0 && seconds == 0) {
      throw new IllegalArgumentException("give --operations or --seconds for each measured run");
    }
  }

  /**
   * Whether a run may end before {@code seconds} on its precision: a closed loop, timed rather than
   * counted, with room above the floor.
   */
  boolean precisionEndsRuns() {
    return precision > 0 && operations == 0 && minSeconds < seconds && targetOpsPerSec == 0;
  }

  public MeasuredRuns withOperations(long n) {
    return new MeasuredRuns(
        n,
        seconds,
        minSeconds,
        precision,
        warmupSeconds,
        repeats,
        repeatsAuto,
        coldCells,
        targetOpsPerSec,
        maxErrors);
  }

  public MeasuredRuns withSeconds(double s) {
    return new MeasuredRuns(
        operations,
        s,
        minSeconds,
        precision,
        warmupSeconds,
        repeats,
        repeatsAuto,
        coldCells,
        targetOpsPerSec,
        maxErrors);
  }

  public MeasuredRuns withMinSeconds(double s) {
    return new MeasuredRuns(
        operations,
        seconds,
        s,
        precision,
        warmupSeconds,
        repeats,
        repeatsAuto,
        coldCells,
        targetOpsPerSec,
        maxErrors);
  }

  public MeasuredRuns withPrecision(double fraction) {
    return new MeasuredRuns(
        operations,
        seconds,
        minSeconds,
        fraction,
        warmupSeconds,
        repeats,
        repeatsAuto,
        coldCells,
        targetOpsPerSec,
        maxErrors);
  }

  public MeasuredRuns withWarmupSeconds(double s) {
    return new MeasuredRuns(
        operations,
        seconds,
        minSeconds,
        precision,
        s,
        repeats,
        repeatsAuto,
        coldCells,
        targetOpsPerSec,
        maxErrors);
  }

  /** {@code n} runs per cell. */
  public MeasuredRuns withRepeats(int n) {
    return new MeasuredRuns(
        operations,
        seconds,
        minSeconds,
        precision,
        warmupSeconds,
        n,
        false,
        coldCells,
        targetOpsPerSec,
        maxErrors);
  }

  /** {@code --repeats auto:maxRuns}: from {@link #AUTO_MIN_REPEATS} to {@code maxRuns} runs. */
  public MeasuredRuns withRepeatsAuto(int maxRuns) {
    return new MeasuredRuns(
        operations,
        seconds,
        minSeconds,
        precision,
        warmupSeconds,
        maxRuns,
        true,
        coldCells,
        targetOpsPerSec,
        maxErrors);
  }

  public MeasuredRuns withColdCells(boolean cold) {
    return new MeasuredRuns(
        operations,
        seconds,
        minSeconds,
        precision,
        warmupSeconds,
        repeats,
        repeatsAuto,
        cold,
        targetOpsPerSec,
        maxErrors);
  }

  public MeasuredRuns withTargetOpsPerSec(double opsPerSec) {
    return new MeasuredRuns(
        operations,
        seconds,
        minSeconds,
        precision,
        warmupSeconds,
        repeats,
        repeatsAuto,
        coldCells,
        opsPerSec,
        maxErrors);
  }

  public MeasuredRuns withMaxErrors(ErrorBudget budget) {
    return new MeasuredRuns(
        operations,
        seconds,
        minSeconds,
        precision,
        warmupSeconds,
        repeats,
        repeatsAuto,
        coldCells,
        targetOpsPerSec,
        budget);
  }
}
