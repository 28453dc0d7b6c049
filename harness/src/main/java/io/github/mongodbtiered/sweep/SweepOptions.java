package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.binding.Redaction;
import io.github.mongodbtiered.fleet.Fleet;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.volumes.LatencyMethod;
import io.github.mongodbtiered.ycsb.ErrorBudget;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Properties;
import java.util.StringJoiner;

/**
 * Everything a sweep needs, parsed and checked: one immutable object, so that the runner knows
 * nothing of the command line. Built with {@link #builder()}, whose defaults are the command
 * line's; {@link #toBuilder()} starts from these options to change a few.
 *
 * <p>The class is long (about 460 lines) because each of its 28 options is a field, a documented
 * accessor and a line of equals, hashCode and toString; splitting them would spread one immutable
 * object over several, which is what JMH's options avoid too.
 */
public final class SweepOptions {
  private final List<Long> recordCounts;
  private final List<DiskProfile> profiles;
  private final Properties workload;
  private final int threads;
  private final long runOperations;
  private final double runSeconds;
  private final double warmupSeconds;
  private final double runMinSeconds;
  private final double precision;
  private final int loadThreads;
  private final int loadBatchSize;
  private final ServerChoice server;
  private final String mongodbUrl;
  private final List<String> shardUrls;
  private final String image;
  private final Path outDir;
  private final Path dataDir;
  private final boolean dropExisting;
  private final List<String> commandLine;
  private final DiskBaseline.Settings diskBaseline;
  private final String probeImage;
  private final LatencyMethod latency;
  private final long volumeSizeBytes;
  private final String workloadName;
  private final boolean remeasure;
  private final ErrorBudget maxErrors;

  /** {@code --repeats auto}: the fewest runs, whose spread says anything of the next one. */
  public static final int AUTO_MIN_REPEATS = 3;

  /** {@code --repeats auto}'s most runs unless given ({@code auto:MAX}): a bounded cost. */
  public static final int AUTO_MAX_REPEATS = 8;

  private final int repeats;
  private final boolean repeatsAuto;
  private final boolean coldCells;
  private final double targetOpsPerSec;
  private final Fleet fleet;

  /** Where the server comes from. */
  public enum ServerChoice {
    AUTO,
    DOCKER,
    EMBEDDED,
    URL
  }

  SweepOptions(SweepOptionsBuilder b) {
    recordCounts = b.recordCounts.stream().sorted().distinct().toList();
    profiles = List.copyOf(b.profiles);
    workload = new Properties();
    workload.putAll(Objects.requireNonNull(b.workload, "workload: give the workload's properties"));
    threads = b.threads;
    runOperations = b.runOperations;
    runSeconds = b.runSeconds;
    warmupSeconds = b.warmupSeconds;
    runMinSeconds = b.runMinSeconds;
    precision = b.precision;
    loadThreads = b.loadThreads;
    loadBatchSize = b.loadBatchSize;
    server = b.server;
    mongodbUrl = b.mongodbUrl;
    shardUrls = List.copyOf(b.shardUrls);
    image = b.image;
    outDir = Objects.requireNonNull(b.outDir, "outDir: give the report directory");
    // As the command line's --data-dir: OUT/data unless given.
    dataDir = b.dataDir != null ? b.dataDir : outDir.resolve("data");
    dropExisting = b.dropExisting;
    commandLine = List.copyOf(b.commandLine);
    diskBaseline = b.resolvedDiskBaseline();
    probeImage = b.probeImage;
    latency = b.latency;
    volumeSizeBytes = b.volumeSizeBytes;
    workloadName = b.workloadName == null ? "" : b.workloadName;
    remeasure = b.remeasure;
    maxErrors = b.maxErrors == null ? ErrorBudget.NONE : b.maxErrors;
    repeats = b.repeats;
    repeatsAuto = b.repeatsAuto;
    coldCells = b.coldCells;
    targetOpsPerSec = b.targetOpsPerSec;
    fleet = b.fleet == null ? Fleet.ALONE : b.fleet;
    check();
  }

  /** Options with the command line's defaults; workload and outDir have none and must be given. */
  public static SweepOptionsBuilder builder() {
    return new SweepOptionsBuilder();
  }

  /** A builder holding these options, to change some of them. */
  public SweepOptionsBuilder toBuilder() {
    return new SweepOptionsBuilder(this);
  }

  /**
   * @throws IllegalArgumentException naming the option whose value cannot be used
   */
  private void check() {
    if (!fleet.alone() && mongodbUrl == null) {
      throw new IllegalArgumentException(
          "--clients "
              + fleet.slot().clients()
              + ": a fleet drives one server every client reaches: give it with --mongodb-url");
    }
    if (!shardUrls.isEmpty() && mongodbUrl == null) {
      throw new IllegalArgumentException(
          "--shard-url reads a sharded cluster's shards: give its mongos with --mongodb-url");
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
    checkRunLength();
    if (volumeSizeBytes < 0) {
      throw new IllegalArgumentException("--volume-size cannot be negative");
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
    if (runOperations == 0 && runSeconds == 0) {
      throw new IllegalArgumentException("give --operations or --seconds for each measured run");
    }
  }

  /** How long the warm-up and each measured run last, and when a run may end sooner. */
  private void checkRunLength() {
    if (runOperations < 0) {
      throw new IllegalArgumentException("--operations: give 0 (run for --seconds) or more");
    }
    if (runSeconds < 0 || warmupSeconds < 0) {
      throw new IllegalArgumentException(
          (runSeconds < 0 ? "--seconds" : "--warmup") + ": give 0 or more seconds");
    }
    if (!(runMinSeconds >= 0) || runMinSeconds > 86_400) {
      throw new IllegalArgumentException(
          "--min-seconds: give 0 to 86400 seconds; a run never ends before them");
    }
    if (!(precision >= 0) || precision >= 1) {
      throw new IllegalArgumentException(
          "--precision: give a percentage from 0 (every run lasts --seconds) to below 100");
    }
  }

  /** These options with the measured runs driven at {@code opsPerSec} (0: a closed loop). */
  public SweepOptions withTargetOpsPerSec(double opsPerSec) {
    return toBuilder().targetOpsPerSec(opsPerSec).build();
  }

  /** These options for client {@code fleet.slot()} of a fleet. */
  public SweepOptions withFleet(Fleet fleet) {
    return toBuilder().fleet(fleet).build();
  }

  /** Where this host keeps the server's data; null for a deployment given by URL. */
  public Path localDataDir() {
    return mongodbUrl == null ? dataDir : null;
  }

  /** The YCSB table (collection) the sweep loads and reads. */
  public String table() {
    return workload.getProperty("table", "usertable");
  }

  /** Data set sizes, ascending and distinct; each cell loads only the difference. */
  public List<Long> recordCounts() {
    return recordCounts;
  }

  /** Disk profiles, in report order. */
  public List<DiskProfile> profiles() {
    return profiles;
  }

  /** YCSB workload properties (from the workload file plus overrides). */
  public Properties workload() {
    return workload;
  }

  /** Client threads for the measured runs. */
  public int threads() {
    return threads;
  }

  /** Operations per measured run, or 0 to run for {@link #runSeconds()}. */
  public long runOperations() {
    return runOperations;
  }

  /** Seconds per measured run (when {@link #runOperations()} is 0; else a cap). */
  public double runSeconds() {
    return runSeconds;
  }

  /** Seconds of unmeasured reads after the cold start, before measuring. */
  public double warmupSeconds() {
    return warmupSeconds;
  }

  /** No measured run ends before this many seconds on its {@link #precision()}. */
  public double runMinSeconds() {
    return runMinSeconds;
  }

  /**
   * A measured run ends once its throughput's 95% interval is within this fraction of the mean
   * (after {@link #runMinSeconds()}); 0: every run lasts {@link #runSeconds()}.
   */
  public double precision() {
    return precision;
  }

  /**
   * Whether measured runs may end before {@link #runSeconds()}: a closed loop of one client, timed
   * rather than counted, with a precision and room above the floor. An open loop keeps its schedule
   * to the end, and a fleet's clients end together.
   */
  public boolean endsRunsEarly() {
    return precision > 0
        && runOperations == 0
        && runMinSeconds < runSeconds
        && targetOpsPerSec == 0
        && fleet.alone();
  }

  /** Client threads for loading. */
  public int loadThreads() {
    return loadThreads;
  }

  /** Inserts per batch while loading. */
  public int loadBatchSize() {
    return loadBatchSize;
  }

  /** How to get a server. */
  public ServerChoice server() {
    return server;
  }

  /** An existing deployment (server = URL), else null. May hold credentials: never print it. */
  public String mongodbUrl() {
    return mongodbUrl;
  }

  /**
   * The shards' URLs ({@code --shard-url}) of the cluster whose router is {@link #mongodbUrl}, in
   * the order given; empty for none. May hold credentials: never print them.
   */
  public List<String> shardUrls() {
    return shardUrls;
  }

  /** The server image for docker. */
  public String image() {
    return image;
  }

  /** The report directory. */
  public Path outDir() {
    return outDir;
  }

  /** Where docker and embedded servers keep their data. */
  public Path dataDir() {
    return dataDir;
  }

  /** Replace a data set the harness did not load (or loaded differently). */
  public boolean dropExisting() {
    return dropExisting;
  }

  /** The exact command, for run.json. */
  public List<String> commandLine() {
    return commandLine;
  }

  /** How to measure each profile's disk before its cells, or null to skip it. */
  public DiskBaseline.Settings diskBaseline() {
    return diskBaseline;
  }

  /** The image that carries the disk probe (the stand-in image). */
  public String probeImage() {
    return probeImage;
  }

  /** How profiles' added latency is applied ({@code --latency}). */
  public LatencyMethod latency() {
    return latency;
  }

  /** The data volume's size, or 0 to size it from the data set. */
  public long volumeSizeBytes() {
    return volumeSizeBytes;
  }

  /** The workload as named on the command line, for cells' settings (a label); "" for none. */
  public String workloadName() {
    return workloadName;
  }

  /**
   * Measure again, and replace, saved cells measured under other settings instead of refusing to
   * resume ({@code --remeasure}).
   */
  public boolean remeasure() {
    return remeasure;
  }

  /** Failed operations a measured run may have and its cell still be ok ({@code --max-errors}). */
  public ErrorBudget maxErrors() {
    return maxErrors;
  }

  /**
   * Measured runs per cell, each from a cold start with its own warm-up ({@code --repeats}): the
   * most, with {@link #repeatsAuto()}.
   */
  public int repeats() {
    return repeats;
  }

  /**
   * {@code --repeats auto}: a cell stops measuring once its throughput interval is narrow enough,
   * between 3 runs and {@link #repeats()} (see {@code Repeats#autoStop}).
   */
  public boolean repeatsAuto() {
    return repeatsAuto;
  }

  /**
   * Whether every cell starts its server cold ({@code --cold-cells}), rather than going on with the
   * server of the cell before where only the disk's limits and latency differ.
   */
  public boolean coldCells() {
    return coldCells;
  }

  /**
   * The request rate of the measured run, an open loop whose latencies are also taken from each
   * operation's intended start ({@code --target}), or 0 for a closed loop.
   */
  public double targetOpsPerSec() {
    return targetOpsPerSec;
  }

  /** The clients that drive the server together ({@code --clients}); {@link Fleet#ALONE}: one. */
  public Fleet fleet() {
    return fleet;
  }

  // Every option, in declaration order: equality as the record's was, over all of them.
  private List<Object> components() {
    return Arrays.asList(
        recordCounts,
        profiles,
        workload,
        threads,
        runOperations,
        runSeconds,
        warmupSeconds,
        runMinSeconds,
        precision,
        loadThreads,
        loadBatchSize,
        server,
        mongodbUrl,
        shardUrls,
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
        repeatsAuto,
        coldCells,
        targetOpsPerSec,
        fleet);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SweepOptions other && components().equals(other.components());
  }

  @Override
  public int hashCode() {
    return components().hashCode();
  }

  /** All options, the URL's credentials masked (this string may reach a log). */
  @Override
  public String toString() {
    Properties shown = new Properties();
    shown.putAll(workload);
    if (shown.getProperty("mongodb.url") != null) {
      shown.setProperty("mongodb.url", Redaction.maskUri(shown.getProperty("mongodb.url")));
    }
    return new StringJoiner(", ", "SweepOptions[", "]")
        .add("recordCounts=" + recordCounts)
        .add("profiles=" + profiles.stream().map(DiskProfile::name).toList())
        .add("workloadName=" + workloadName)
        .add("workload=" + shown)
        .add("threads=" + threads)
        .add("runOperations=" + runOperations)
        .add("runSeconds=" + runSeconds)
        .add("warmupSeconds=" + warmupSeconds)
        .add("runMinSeconds=" + runMinSeconds)
        .add("precision=" + precision)
        .add("loadThreads=" + loadThreads)
        .add("loadBatchSize=" + loadBatchSize)
        .add("server=" + server)
        .add("mongodbUrl=" + Redaction.maskUri(mongodbUrl))
        .add("shardUrls=" + shardUrls.stream().map(Redaction::maskUri).toList())
        .add("image=" + image)
        .add("outDir=" + outDir)
        .add("dataDir=" + dataDir)
        .add("dropExisting=" + dropExisting)
        .add("commandLine=" + commandLine.stream().map(Redaction::maskUri).toList())
        .add("diskBaseline=" + diskBaseline)
        .add("probeImage=" + probeImage)
        .add("latency=" + latency)
        .add("volumeSizeBytes=" + volumeSizeBytes)
        .add("remeasure=" + remeasure)
        .add("maxErrors=" + maxErrors)
        .add("repeats=" + repeats)
        .add("repeatsAuto=" + repeatsAuto)
        .add("coldCells=" + coldCells)
        .add("targetOpsPerSec=" + targetOpsPerSec)
        .add("fleet=" + fleet)
        .toString();
  }
}
