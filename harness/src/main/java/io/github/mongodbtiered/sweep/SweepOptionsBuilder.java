package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.fleet.Fleet;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.servers.ServerImages;
import io.github.mongodbtiered.sweep.SweepOptions.ServerChoice;
import io.github.mongodbtiered.volumes.LatencyMethod;
import io.github.mongodbtiered.ycsb.ErrorBudget;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Properties;

/**
 * Builds {@link SweepOptions} one option at a time. Each option starts at the {@code sweep}
 * command's default, so that options built here measure what the same command line would; {@link
 * #workload} and {@link #outDir} have no default here and must be given. {@link #build()} checks
 * them all.
 */
public final class SweepOptionsBuilder {
  List<Long> recordCounts = List.of(2_000_000L, 3_000_000L, 4_000_000L, 5_000_000L);
  List<DiskProfile> profiles;
  Properties workload;
  int threads = 16;
  long runOperations;
  double runSeconds = 60;
  double warmupSeconds = 180;
  double runMinSeconds = 20;
  double precision = 0.05;
  int loadThreads = 16;
  int loadBatchSize = 100;
  ServerChoice server = ServerChoice.AUTO;
  String mongodbUrl;
  List<String> shardUrls = List.of();
  String image = ServerImages.DEFAULT_SERVER_IMAGE;
  Path outDir;
  Path dataDir;
  boolean dropExisting;
  List<String> commandLine = List.of();
  // --disk-baseline's defaults: 5 s steps up to 16 threads, 4k-32k blocks in a 1 GiB file, the
  // workload's kind of I/O (decided at build, once the workload is known).
  private static final DiskBaseline.Settings BASELINE_DEFAULTS =
      DiskBaseline.Settings.defaults().withMaxThreads(16).withSecondsPerStep(5);
  DiskBaseline.Settings diskBaseline = BASELINE_DEFAULTS;
  String probeImage = ServerImages.STANDIN_IMAGE;
  LatencyMethod latency = LatencyMethod.AUTO;
  long volumeSizeBytes;
  String workloadName = "";
  boolean remeasure;
  ErrorBudget maxErrors = ErrorBudget.NONE;
  int repeats = 1;
  boolean repeatsAuto;
  boolean coldCells;
  double targetOpsPerSec;
  Fleet fleet = Fleet.ALONE;

  SweepOptionsBuilder() {}

  /** Starts from {@code o}'s options. */
  SweepOptionsBuilder(SweepOptions o) {
    recordCounts = o.recordCounts();
    profiles = o.profiles();
    workload = o.workload();
    threads = o.threads();
    runOperations = o.runOperations();
    runSeconds = o.runSeconds();
    warmupSeconds = o.warmupSeconds();
    runMinSeconds = o.runMinSeconds();
    precision = o.precision();
    loadThreads = o.loadThreads();
    loadBatchSize = o.loadBatchSize();
    server = o.server();
    mongodbUrl = o.mongodbUrl();
    shardUrls = o.shardUrls();
    image = o.image();
    outDir = o.outDir();
    dataDir = o.dataDir();
    dropExisting = o.dropExisting();
    commandLine = o.commandLine();
    diskBaseline = o.diskBaseline();
    probeImage = o.probeImage();
    latency = o.latency();
    volumeSizeBytes = o.volumeSizeBytes();
    workloadName = o.workloadName();
    remeasure = o.remeasure();
    maxErrors = o.maxErrors();
    repeats = o.repeats();
    repeatsAuto = o.repeatsAuto();
    coldCells = o.coldCells();
    targetOpsPerSec = o.targetOpsPerSec();
    fleet = o.fleet();
  }

  /** Data set sizes, in any order (default: 2M, 3M, 4M, 5M). */
  public SweepOptionsBuilder recordCounts(List<Long> counts) {
    recordCounts = List.copyOf(counts);
    return this;
  }

  /** Data set sizes, in any order (default: 2M, 3M, 4M, 5M). */
  public SweepOptionsBuilder recordCounts(Long... counts) {
    return recordCounts(Arrays.asList(counts));
  }

  /** Disk profiles, in report order (default: the built-in io1-5000, san-600, hdd-150). */
  public SweepOptionsBuilder profiles(List<DiskProfile> chosen) {
    profiles = List.copyOf(chosen);
    return this;
  }

  /** Disk profiles, in report order (default: the built-in io1-5000, san-600, hdd-150). */
  public SweepOptionsBuilder profiles(DiskProfile... chosen) {
    return profiles(List.of(chosen));
  }

  /** The YCSB workload's properties, copied at {@link #build()} (no default: give them). */
  public SweepOptionsBuilder workload(Properties properties) {
    workload = properties;
    return this;
  }

  /** The workload's name, a label in cells' settings (default: "", none). */
  public SweepOptionsBuilder workloadName(String name) {
    workloadName = name;
    return this;
  }

  /** Client threads of the measured runs (default: 16, the study workload's threadcount). */
  public SweepOptionsBuilder threads(int n) {
    threads = n;
    return this;
  }

  /** Operations per measured run, or 0 to run for {@link #runSeconds} (default: 0). */
  public SweepOptionsBuilder runOperations(long n) {
    runOperations = n;
    return this;
  }

  /** Seconds per measured run, a cap when {@link #runOperations} is set (default: 60). */
  public SweepOptionsBuilder runSeconds(double seconds) {
    runSeconds = seconds;
    return this;
  }

  /** No measured run ends sooner on its precision (default: 20). */
  public SweepOptionsBuilder runMinSeconds(double seconds) {
    runMinSeconds = seconds;
    return this;
  }

  /**
   * A measured run ends once its throughput's 95% interval is within this fraction of its mean; 0
   * runs every run for {@link #runSeconds} (default: 0.05).
   */
  public SweepOptionsBuilder precision(double fraction) {
    precision = fraction;
    return this;
  }

  /** At most this many seconds of unmeasured warm-up per measured run (default: 180). */
  public SweepOptionsBuilder warmupSeconds(double seconds) {
    warmupSeconds = seconds;
    return this;
  }

  /** Client threads while loading (default: 16). */
  public SweepOptionsBuilder loadThreads(int n) {
    loadThreads = n;
    return this;
  }

  /** Inserts per batch while loading (default: 100). */
  public SweepOptionsBuilder loadBatchSize(int n) {
    loadBatchSize = n;
    return this;
  }

  /** How to get a server (default: AUTO). */
  public SweepOptionsBuilder server(ServerChoice choice) {
    server = choice;
    return this;
  }

  /** An existing deployment to measure, or null for none (default: null). */
  public SweepOptionsBuilder mongodbUrl(String url) {
    mongodbUrl = url;
    return this;
  }

  /**
   * The shards of the cluster whose router {@link #mongodbUrl} names, read for the server figures a
   * router lacks (default: none).
   */
  public SweepOptionsBuilder shardUrls(List<String> urls) {
    shardUrls = List.copyOf(urls);
    return this;
  }

  /** The server image for docker (default: {@link ServerImages#DEFAULT_SERVER_IMAGE}). */
  public SweepOptionsBuilder image(String name) {
    image = name;
    return this;
  }

  /** The report directory (no default: give it). */
  public SweepOptionsBuilder outDir(Path dir) {
    outDir = dir;
    return this;
  }

  /** Where docker and embedded servers keep their data (default: outDir/data). */
  public SweepOptionsBuilder dataDir(Path dir) {
    dataDir = dir;
    return this;
  }

  /** Replace a data set the harness did not load, or loaded differently (default: false). */
  public SweepOptionsBuilder dropExisting(boolean drop) {
    dropExisting = drop;
    return this;
  }

  /** The command as typed, for run.json (default: none). */
  public SweepOptionsBuilder commandLine(List<String> command) {
    commandLine = List.copyOf(command);
    return this;
  }

  /** How to measure each profile's disk before its cells, or null to skip it. */
  public SweepOptionsBuilder diskBaseline(DiskBaseline.Settings settings) {
    diskBaseline = settings;
    return this;
  }

  /** The image that carries the disk probe (default: {@link ServerImages#STANDIN_IMAGE}). */
  public SweepOptionsBuilder probeImage(String name) {
    probeImage = name;
    return this;
  }

  /** How profiles' added latency is applied (default: AUTO). */
  public SweepOptionsBuilder latency(LatencyMethod method) {
    latency = method;
    return this;
  }

  /** The data volume's size, or 0 to size it from the data set (default: 0). */
  public SweepOptionsBuilder volumeSizeBytes(long bytes) {
    volumeSizeBytes = bytes;
    return this;
  }

  /** Measure again, and replace, saved cells of other settings (default: false, refuse). */
  public SweepOptionsBuilder remeasure(boolean again) {
    remeasure = again;
    return this;
  }

  /** Failed operations a measured run may have (default: {@link ErrorBudget#NONE}). */
  public SweepOptionsBuilder maxErrors(ErrorBudget budget) {
    maxErrors = budget;
    return this;
  }

  /** Measured runs per cell, each from a cold start (default: 1). */
  /** {@code --cold-cells}: no cell goes on with the server of the one before. */
  public SweepOptionsBuilder coldCells(boolean value) {
    coldCells = value;
    return this;
  }

  public SweepOptionsBuilder repeats(int n) {
    repeats = n;
    repeatsAuto = false;
    return this;
  }

  /**
   * {@code --repeats auto}: each cell measured until its throughput interval is narrow enough, from
   * {@link SweepOptions#AUTO_MIN_REPEATS} to {@code maxRuns} runs.
   */
  public SweepOptionsBuilder repeatsAuto(int maxRuns) {
    repeats = maxRuns;
    repeatsAuto = true;
    return this;
  }

  /** The measured runs' request rate, an open loop, or 0 for a closed loop (default: 0). */
  public SweepOptionsBuilder targetOpsPerSec(double opsPerSec) {
    targetOpsPerSec = opsPerSec;
    return this;
  }

  /** The clients that drive the server together (default: {@link Fleet#ALONE}, one). */
  public SweepOptionsBuilder fleet(Fleet clients) {
    fleet = clients;
    return this;
  }

  /**
   * @throws IllegalArgumentException naming the option whose value cannot be used
   * @throws NullPointerException without a workload or an outDir
   */
  public SweepOptions build() {
    if (profiles == null) {
      profiles = defaultProfiles();
    }
    return new SweepOptions(this);
  }

  /** The baseline's settings: the defaults measure the workload's kind of I/O. */
  DiskBaseline.Settings resolvedDiskBaseline() {
    return diskBaseline == BASELINE_DEFAULTS && workload != null
        ? BASELINE_DEFAULTS.withModes(DiskBaseline.modesFor(workload))
        : diskBaseline;
  }

  // The built-in ones --profiles names by default; looked up only when none were given.
  private static List<DiskProfile> defaultProfiles() {
    DiskProfiles builtIn = DiskProfiles.builtIn();
    return List.of(builtIn.get("io1-5000"), builtIn.get("san-600"), builtIn.get("hdd-150"));
  }
}
