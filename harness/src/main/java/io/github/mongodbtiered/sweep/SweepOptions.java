package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.fleet.Fleet;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.volumes.LatencyMethod;
import io.github.mongodbtiered.ycsb.ErrorBudget;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/**
 * Everything a sweep needs, parsed and checked: one immutable object, so that the runner knows
 * nothing of the command line.
 *
 * @param recordCounts data set sizes, ascending; each cell loads only the difference
 * @param profiles disk profiles, in report order
 * @param workload YCSB workload properties (from the workload file plus overrides)
 * @param threads client threads for the measured runs
 * @param runOperations operations per measured run, or 0 to run for {@code runSeconds}
 * @param runSeconds seconds per measured run (when {@code runOperations} is 0; else a cap)
 * @param warmupSeconds seconds of unmeasured reads after the cold start, before measuring
 * @param loadThreads client threads for loading
 * @param loadBatchSize inserts per batch while loading
 * @param server how to get a server
 * @param mongodbUrl an existing deployment (server = URL), else null
 * @param image the server image for docker
 * @param outDir the report directory
 * @param dataDir where docker and embedded servers keep their data
 * @param dropExisting replace a data set the harness did not load (or loaded differently)
 * @param commandLine the exact command, for run.json
 * @param diskBaseline how to measure each profile's disk before its cells, or null to skip it
 * @param probeImage the image that carries the disk probe (the stand-in image)
 * @param latency how profiles' added latency is applied ({@code --latency})
 * @param volumeSizeBytes the data volume's size, or 0 to size it from the data set
 * @param workloadName the workload as named on the command line, for cells' settings (a label)
 * @param remeasure measure again, and replace, saved cells measured under other settings instead of
 *     refusing to resume ({@code --remeasure})
 * @param maxErrors failed operations a measured run may have and its cell still be ok ({@code
 *     --max-errors})
 * @param repeats measured runs per cell, each from a cold start with its own warm-up ({@code
 *     --repeats}, at least 1)
 * @param targetOpsPerSec the request rate of the measured run, an open loop whose latencies are
 *     also taken from each operation's intended start ({@code --target}), or 0 for a closed loop
 * @param fleet the clients that drive the server together ({@code --clients}); {@link Fleet#ALONE}
 *     for one
 */
public record SweepOptions(
    List<Long> recordCounts,
    List<DiskProfile> profiles,
    Properties workload,
    int threads,
    long runOperations,
    double runSeconds,
    double warmupSeconds,
    int loadThreads,
    int loadBatchSize,
    ServerChoice server,
    String mongodbUrl,
    String image,
    Path outDir,
    Path dataDir,
    boolean dropExisting,
    List<String> commandLine,
    DiskBaseline.Settings diskBaseline,
    String probeImage,
    LatencyMethod latency,
    long volumeSizeBytes,
    String workloadName,
    boolean remeasure,
    ErrorBudget maxErrors,
    int repeats,
    double targetOpsPerSec,
    Fleet fleet) {

  /** Options of a sweep run by one client. */
  public SweepOptions(
      List<Long> recordCounts,
      List<DiskProfile> profiles,
      Properties workload,
      int threads,
      long runOperations,
      double runSeconds,
      double warmupSeconds,
      int loadThreads,
      int loadBatchSize,
      ServerChoice server,
      String mongodbUrl,
      String image,
      Path outDir,
      Path dataDir,
      boolean dropExisting,
      List<String> commandLine,
      DiskBaseline.Settings diskBaseline,
      String probeImage,
      LatencyMethod latency,
      long volumeSizeBytes,
      String workloadName,
      boolean remeasure,
      ErrorBudget maxErrors,
      int repeats,
      double targetOpsPerSec) {
    this(
        recordCounts,
        profiles,
        workload,
        threads,
        runOperations,
        runSeconds,
        warmupSeconds,
        loadThreads,
        loadBatchSize,
        server,
        mongodbUrl,
        image,
        outDir,
        dataDir,
        dropExisting,
        commandLine,
        diskBaseline,
        probeImage,
        latency,
        volumeSizeBytes,
        workloadName,
        remeasure,
        maxErrors,
        repeats,
        targetOpsPerSec,
        Fleet.ALONE);
  }

  /** Where this host keeps the server's data; null for a deployment given by URL. */
  public Path localDataDir() {
    return mongodbUrl == null ? dataDir : null;
  }

  /** Where the server comes from. */
  public enum ServerChoice {
    AUTO,
    DOCKER,
    EMBEDDED,
    URL
  }

  /**
   * Options that name no workload, refuse to resume over cells of other settings and allow no
   * failed operation.
   */
  public SweepOptions(
      List<Long> recordCounts,
      List<DiskProfile> profiles,
      Properties workload,
      int threads,
      long runOperations,
      double runSeconds,
      double warmupSeconds,
      int loadThreads,
      int loadBatchSize,
      ServerChoice server,
      String mongodbUrl,
      String image,
      Path outDir,
      Path dataDir,
      boolean dropExisting,
      List<String> commandLine,
      DiskBaseline.Settings diskBaseline,
      String probeImage,
      LatencyMethod latency,
      long volumeSizeBytes) {
    this(
        recordCounts,
        profiles,
        workload,
        threads,
        runOperations,
        runSeconds,
        warmupSeconds,
        loadThreads,
        loadBatchSize,
        server,
        mongodbUrl,
        image,
        outDir,
        dataDir,
        dropExisting,
        commandLine,
        diskBaseline,
        probeImage,
        latency,
        volumeSizeBytes,
        "",
        false,
        ErrorBudget.NONE,
        1,
        0);
  }

  /** Options that measure each cell once, in a closed loop. */
  public SweepOptions(
      List<Long> recordCounts,
      List<DiskProfile> profiles,
      Properties workload,
      int threads,
      long runOperations,
      double runSeconds,
      double warmupSeconds,
      int loadThreads,
      int loadBatchSize,
      ServerChoice server,
      String mongodbUrl,
      String image,
      Path outDir,
      Path dataDir,
      boolean dropExisting,
      List<String> commandLine,
      DiskBaseline.Settings diskBaseline,
      String probeImage,
      LatencyMethod latency,
      long volumeSizeBytes,
      String workloadName,
      boolean remeasure,
      ErrorBudget maxErrors) {
    this(
        recordCounts,
        profiles,
        workload,
        threads,
        runOperations,
        runSeconds,
        warmupSeconds,
        loadThreads,
        loadBatchSize,
        server,
        mongodbUrl,
        image,
        outDir,
        dataDir,
        dropExisting,
        commandLine,
        diskBaseline,
        probeImage,
        latency,
        volumeSizeBytes,
        workloadName,
        remeasure,
        maxErrors,
        1,
        0);
  }

  public SweepOptions {
    workloadName = workloadName == null ? "" : workloadName;
    recordCounts = recordCounts.stream().sorted().distinct().toList();
    profiles = List.copyOf(profiles);
    Properties copy = new Properties();
    copy.putAll(workload);
    workload = copy;
    commandLine = List.copyOf(commandLine);
    maxErrors = maxErrors == null ? ErrorBudget.NONE : maxErrors;
    fleet = fleet == null ? Fleet.ALONE : fleet;
    if (!fleet.alone() && mongodbUrl == null) {
      throw new IllegalArgumentException(
          "--clients "
              + fleet.slot().clients()
              + ": a fleet drives one server every client reaches: give it with --mongodb-url");
    }
    if (recordCounts.isEmpty() || recordCounts.get(0) < 1) {
      throw new IllegalArgumentException("--recordcounts: give one or more counts of at least 1");
    }
    if (profiles.isEmpty()) {
      throw new IllegalArgumentException("--profiles: give at least one profile");
    }
    if (threads < 1 || loadThreads < 1) {
      throw new IllegalArgumentException("--threads and --load-threads must be at least 1");
    }
    if (runOperations < 0 || runSeconds < 0 || warmupSeconds < 0) {
      throw new IllegalArgumentException("run and warm-up lengths cannot be negative");
    }
    if (volumeSizeBytes < 0) {
      throw new IllegalArgumentException("--volume-size cannot be negative");
    }
    if (repeats < 1) {
      throw new IllegalArgumentException("--repeats: give 1 or more measured runs per cell");
    }
    if (targetOpsPerSec < 0 || !Double.isFinite(targetOpsPerSec)) {
      throw new IllegalArgumentException(
          "--target: give operations per second above 0, or leave it out for a closed loop");
    }
    if (runOperations == 0 && runSeconds == 0) {
      throw new IllegalArgumentException("give --operations or --seconds for each measured run");
    }
  }

  /** These options with the measured runs driven at {@code opsPerSec} (0: a closed loop). */
  public SweepOptions withTargetOpsPerSec(double opsPerSec) {
    return new SweepOptions(
        recordCounts,
        profiles,
        workload,
        threads,
        runOperations,
        runSeconds,
        warmupSeconds,
        loadThreads,
        loadBatchSize,
        server,
        mongodbUrl,
        image,
        outDir,
        dataDir,
        dropExisting,
        commandLine,
        diskBaseline,
        probeImage,
        latency,
        volumeSizeBytes,
        workloadName,
        remeasure,
        maxErrors,
        repeats,
        opsPerSec,
        fleet);
  }

  /** These options for client {@code fleet.slot()} of a fleet. */
  public SweepOptions withFleet(Fleet fleet) {
    return new SweepOptions(
        recordCounts,
        profiles,
        workload,
        threads,
        runOperations,
        runSeconds,
        warmupSeconds,
        loadThreads,
        loadBatchSize,
        server,
        mongodbUrl,
        image,
        outDir,
        dataDir,
        dropExisting,
        commandLine,
        diskBaseline,
        probeImage,
        latency,
        volumeSizeBytes,
        workloadName,
        remeasure,
        maxErrors,
        repeats,
        targetOpsPerSec,
        fleet);
  }

  /** The YCSB table (collection) the sweep loads and reads. */
  public String table() {
    return workload.getProperty("table", "usertable");
  }
}
