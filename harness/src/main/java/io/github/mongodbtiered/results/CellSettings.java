package io.github.mongodbtiered.results;

import io.github.mongodbtiered.profiles.DiskProfile;
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
 * @param threads client threads of the measured run
 * @param runOperations operations per measured run, or 0 to run for {@code runSeconds}
 * @param runSeconds seconds per measured run (a cap when {@code runOperations} is set)
 * @param warmupSeconds seconds of unmeasured workload before it
 * @param profile the disk profile's full definition
 * @param server what served the cell
 * @param image the server image, or a description for servers that are not containers
 * @param serverVersion what the server reported, or empty when unknown
 * @param latency the asked latency method ({@code --latency})
 * @param toolVersion this tool's version
 * @param targetOpsPerSec the measured run's request rate ({@code --target}), or 0 for a closed loop
 *     (also in cells saved before it was recorded, which were all closed loops)
 * @param repeats measured runs of the cell, each from a cold start ({@code --repeats}); a cell
 *     saved before it was recorded reads as 1, as it was measured once
 */
public record CellSettings(
    String workload,
    SortedMap<String, String> workloadProperties,
    int threads,
    long runOperations,
    double runSeconds,
    double warmupSeconds,
    DiskProfile profile,
    ServerKind server,
    String image,
    String serverVersion,
    String latency,
    String toolVersion,
    double targetOpsPerSec,
    int repeats) {

  public CellSettings {
    repeats = Math.max(1, repeats);
    workload = workload == null ? "" : workload;
    workloadProperties = new TreeMap<>(workloadProperties == null ? Map.of() : workloadProperties);
    image = image == null ? "" : image;
    serverVersion = serverVersion == null ? "" : serverVersion;
    latency = latency == null ? "" : latency;
    toolVersion = toolVersion == null ? "" : toolVersion;
  }

  /** The settings of a closed-loop cell measured once. */
  public CellSettings(
      String workload,
      SortedMap<String, String> workloadProperties,
      int threads,
      long runOperations,
      double runSeconds,
      double warmupSeconds,
      DiskProfile profile,
      ServerKind server,
      String image,
      String serverVersion,
      String latency,
      String toolVersion) {
    this(
        workload,
        workloadProperties,
        threads,
        runOperations,
        runSeconds,
        warmupSeconds,
        profile,
        server,
        image,
        serverVersion,
        latency,
        toolVersion,
        0,
        1);
  }

  /** These settings for a measured run driven at {@code opsPerSec} (0: a closed loop). */
  public CellSettings withTargetOpsPerSec(double opsPerSec) {
    return new CellSettings(
        workload,
        workloadProperties,
        threads,
        runOperations,
        runSeconds,
        warmupSeconds,
        profile,
        server,
        image,
        serverVersion,
        latency,
        toolVersion,
        opsPerSec,
        repeats);
  }
}
