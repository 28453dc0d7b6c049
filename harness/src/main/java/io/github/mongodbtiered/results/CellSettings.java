package io.github.mongodbtiered.results;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import io.github.mongodbtiered.profiles.DiskProfile;
import java.util.List;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * The settings that shaped a measured cell, kept with it so that a resumed sweep reuses the cell
 * only when it would measure it the same way.
 *
 * @param workload the workload as named on the command line ({@code --workload}); a label only, the
 *     properties are what count
 * @param workloadProperties the YCSB properties that affect the measured run (file plus {@code -p}
 *     overrides), without connection settings, credentials and what the sweep sets per run
 * @param shape how the measured run was driven: threads, length, warm-up, rate, repeats
 * @param profile the disk profile's full definition
 * @param server what served the cell
 * @param image the server image, or a description for servers that are not containers
 * @param serverVersion what the server reported, or empty when unknown
 * @param latency the asked latency method ({@code --latency})
 * @param toolVersion this tool's version
 * @param serverArgs the server's own options beyond the profile's ({@code --server-arg}, the
 *     stand-in's extra cost), as given; empty for none, and in cells saved before they were
 *     recorded (which had none)
 */
public record CellSettings(
    String workload,
    SortedMap<String, String> workloadProperties,
    @JsonUnwrapped RunShape shape,
    DiskProfile profile,
    ServerKind server,
    String image,
    String serverVersion,
    String latency,
    String toolVersion,
    @JsonInclude(JsonInclude.Include.NON_EMPTY) List<String> serverArgs) {

  /** Settings of a server started with no options beyond its profile's. */
  public CellSettings(
      String workload,
      SortedMap<String, String> workloadProperties,
      RunShape shape,
      DiskProfile profile,
      ServerKind server,
      String image,
      String serverVersion,
      String latency,
      String toolVersion) {
    this(
        workload,
        workloadProperties,
        shape,
        profile,
        server,
        image,
        serverVersion,
        latency,
        toolVersion,
        List.of());
  }

  public CellSettings {
    serverArgs = serverArgs == null ? List.of() : List.copyOf(serverArgs);
    workload = workload == null ? "" : workload;
    workloadProperties = new TreeMap<>(workloadProperties == null ? Map.of() : workloadProperties);
    image = image == null ? "" : image;
    serverVersion = serverVersion == null ? "" : serverVersion;
    latency = latency == null ? "" : latency;
    toolVersion = toolVersion == null ? "" : toolVersion;
  }

  /**
   * How the measured run was driven; unwrapped in JSON, where these were the settings' own fields.
   *
   * @param threads client threads of the measured run
   * @param runOperations operations per measured run, or 0 to run for {@code runSeconds}
   * @param runSeconds seconds per measured run (a cap when {@code runOperations} is set)
   * @param warmupSeconds seconds of unmeasured workload before it
   * @param targetOpsPerSec the measured run's request rate ({@code --target}), or 0 for a closed
   *     loop (also in cells saved before it was recorded, which were all closed loops)
   * @param repeats measured runs of the cell, each from a cold start ({@code --repeats}); a cell
   *     saved before it was recorded reads as 1, as it was measured once; with {@code repeatsAuto},
   *     the most
   * @param repeatsAuto {@code --repeats auto}: runs until the throughput interval is narrow enough
   *     (false in cells saved before it existed)
   * @param earlyEnd when a measured run could end before {@code runSeconds}, or null when it could
   *     not (counted or scheduled runs, fleets, {@code --precision 0}, and cells saved before runs
   *     could end early, which all lasted their length)
   */
  public record RunShape(
      int threads,
      long runOperations,
      double runSeconds,
      double warmupSeconds,
      double targetOpsPerSec,
      int repeats,
      boolean repeatsAuto,
      EarlyEnd earlyEnd) {
    public RunShape {
      repeats = Math.max(1, repeats);
    }

    /** A closed loop measured once, each run for its whole length. */
    public static RunShape closedLoop(
        int threads, long runOperations, double runSeconds, double warmupSeconds) {
      return new RunShape(threads, runOperations, runSeconds, warmupSeconds, 0, 1, false, null);
    }
  }

  /**
   * A measured run ends once its throughput's 95% interval is within {@code precision} of the mean,
   * looked at from {@code minSeconds} on ({@code --min-seconds}, {@code --precision}).
   *
   * @param minSeconds the shortest a run lasts
   * @param precision the interval's half-width as a fraction of the mean (0.03 for 3%)
   */
  public record EarlyEnd(double minSeconds, double precision) {
    /** "within 3% from 20 s"; "at its length" for none. */
    public static String describe(EarlyEnd e) {
      return e == null
          ? "at its length"
          : String.format(
              java.util.Locale.ROOT,
              "within %s%% from %s s",
              // 0.07 * 100 is 7.000000000000001: to a hundredth of a percent
              SettingsDifferences.trim(Math.round(1e4 * e.precision) / 100.0),
              SettingsDifferences.trim(e.minSeconds));
    }
  }

  /** These settings for a measured run driven at {@code opsPerSec} (0: a closed loop). */
  public CellSettings withTargetOpsPerSec(double opsPerSec) {
    RunShape s = shape;
    return new CellSettings(
        workload,
        workloadProperties,
        new RunShape(
            s.threads(),
            s.runOperations(),
            s.runSeconds(),
            s.warmupSeconds(),
            opsPerSec,
            s.repeats(),
            s.repeatsAuto(),
            s.earlyEnd()),
        profile,
        server,
        image,
        serverVersion,
        latency,
        toolVersion,
        serverArgs);
  }

  public int threads() {
    return shape.threads();
  }

  public long runOperations() {
    return shape.runOperations();
  }

  public double runSeconds() {
    return shape.runSeconds();
  }

  public double warmupSeconds() {
    return shape.warmupSeconds();
  }

  public double targetOpsPerSec() {
    return shape.targetOpsPerSec();
  }

  public int repeats() {
    return shape.repeats();
  }

  /** {@code --repeats} as given: {@code auto:MAX}, or the number of runs. */
  public String repeatsSetting() {
    return (shape.repeatsAuto() ? "auto:" : "") + shape.repeats();
  }
}
