package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.binding.Redaction;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.profiles.Sizes;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.servers.ServerImages;
import io.github.mongodbtiered.sweep.SweepOptions;
import io.github.mongodbtiered.sweep.SweepOptions.ServerChoice;
import io.github.mongodbtiered.sweep.SweepRunner;
import io.github.mongodbtiered.sweep.TargetServer;
import io.github.mongodbtiered.sweep.TargetServers;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code sweep}: the main job. */
@Command(
    name = "sweep",
    mixinStandardHelpOptions = true,
    description = {
      "Reproduces MongoDB's memory-and-disk study on your hardware. For each record count,"
          + " ascending, it loads the records the data set still lacks (through the"
          + " mongodb-tiered YCSB binding, in batches), then, for each disk profile, starts the"
          + " server cold under that profile's limits (blkio IOPS on the data disk, memory,"
          + " WiredTiger cache), warms up, and measures the workload (by default the study's:"
          + " read-only, uniform keys, 16 threads) with HdrHistogram.",
      "",
      "Around each measured run it reads the server's WiredTiger cache counters, the server's"
          + " and the disk's I/O and the data sizes, and classifies the cell by where the working"
          + " set lives: in the WiredTiger cache, in the filesystem cache, slightly over both, or"
          + " far over both. The report directory gets summary.csv (one row per cell), one CSV"
          + " per tier, the HdrHistogram logs, run.json, plots and index.html. Every finished"
          + " cell is saved at once; running the same command again measures only what is"
          + " missing.",
      ""
    })
public final class SweepCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--recordcounts",
      split = ",",
      defaultValue = "2000000,3000000,4000000,5000000",
      description = "Record counts, e.g. 2M,3M or 20000,40000 (default: ${DEFAULT-VALUE}).")
  List<String> recordCounts;

  @Option(
      names = "--profiles",
      split = ",",
      defaultValue = "io1-5000,san-600,hdd-150",
      description = "Disk profiles (default: ${DEFAULT-VALUE}); see 'probe'.")
  List<String> profileNames;

  @Option(names = "--profiles-file", description = "File of extra profiles (see README).")
  Path profilesFile;

  @Option(
      names = "--workload",
      defaultValue = "tiered-read-uniform",
      description =
          "YCSB workload file, or the name of one in workloads/ (default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(
      names = "-p",
      description = "Workload property, overriding the file, e.g. -p fieldlength=1000.")
  Map<String, String> properties = new java.util.LinkedHashMap<>();

  @Option(
      names = "--operations",
      defaultValue = "0",
      description = "Operations per measured run (default: run for --seconds).")
  long operations;

  @Option(
      names = "--seconds",
      defaultValue = "60",
      description = "Seconds per measured run (default: ${DEFAULT-VALUE}).")
  double seconds;

  @Option(
      names = "--warmup",
      defaultValue = "30",
      description =
          "Seconds of unmeasured workload after the cold start (default: ${DEFAULT-VALUE}).")
  double warmup;

  @Option(names = "--threads", description = "Client threads (default: the workload's, or 16).")
  Integer threads;

  @Option(
      names = "--load-threads",
      defaultValue = "16",
      description = "Client threads while loading (default: ${DEFAULT-VALUE}).")
  int loadThreads;

  @Option(
      names = "--load-batch-size",
      defaultValue = "100",
      description = "Records per insert batch while loading (default: ${DEFAULT-VALUE}).")
  int loadBatchSize;

  @Option(
      names = "--server",
      defaultValue = "auto",
      description =
          "auto, docker or embedded (default: ${DEFAULT-VALUE}: --mongodb-url if given, else"
              + " Docker when usable, else the embedded stand-in).")
  String serverName;

  @Option(
      names = "--mongodb-url",
      description = "Measure an existing deployment: nothing is throttled, profiles are labels.")
  String mongodbUrl;

  @Option(
      names = "--image",
      defaultValue = ServerImages.DEFAULT_SERVER_IMAGE,
      description = "Server image for --server docker (default: ${DEFAULT-VALUE}).")
  String image;

  @Option(
      names = "--out",
      defaultValue = "reports/sweep",
      description = "Report directory; re-running resumes in it (default: ${DEFAULT-VALUE}).")
  Path out;

  @Option(
      names = "--data-dir",
      description =
          "Where docker and embedded servers keep data; its disk is the one"
              + " throttled (default: OUT/data).")
  Path dataDir;

  @Option(
      names = "--drop-existing",
      description = "Replace a data set the harness did not load, or loaded with another shape.")
  boolean dropExisting;

  @Option(names = "--no-progress", description = "No progress bars.")
  boolean noProgress;

  @Option(
      names = "--disk-baseline",
      negatable = true,
      defaultValue = "true",
      fallbackValue = "true",
      description =
          "Before the cells, measure what each profile's disk delivers (random O_DIRECT reads"
              + " and writes of --baseline-blocks, threads doubling to --baseline-max-threads),"
              + " in a container limited like the profile's server (the bare disk once for"
              + " --server embedded), and keep it in run.json and index.html. A baseline an"
              + " earlier run of this report measured is kept. Default: on; a URL target is"
              + " skipped, its disk is not on this host.")
  boolean diskBaseline;

  @Option(
      names = "--baseline-seconds",
      defaultValue = "5",
      description = "Seconds per baseline step (default: ${DEFAULT-VALUE}).")
  double baselineSeconds;

  @Option(
      names = "--baseline-max-threads",
      defaultValue = "16",
      description = "The baseline's last thread count, a power of two (default: ${DEFAULT-VALUE}).")
  int baselineMaxThreads;

  @Option(
      names = "--baseline-blocks",
      defaultValue = "4k-32k",
      description =
          "I/O size range of the baseline, each operation a random size in it, as in the"
              + " study's fio runs (default: ${DEFAULT-VALUE}).")
  String baselineBlocks;

  @Option(
      names = "--baseline-file-size",
      defaultValue = "1g",
      description =
          "Size of the baseline's file in the data directory, removed afterwards"
              + " (default: ${DEFAULT-VALUE}).")
  String baselineFileSize;

  @Option(
      names = "--probe-image",
      defaultValue = ServerImages.STANDIN_IMAGE,
      description =
          "Image carrying the disk probe, built by scripts/build-standin-image"
              + " (default: ${DEFAULT-VALUE}).")
  String probeImage;

  @Override
  public Integer call() throws Exception {
    PrintWriter err = spec.commandLine().getErr();
    PrintWriter outw = spec.commandLine().getOut();
    DiskProfiles known =
        profilesFile == null ? DiskProfiles.builtIn() : DiskProfiles.builtInAnd(profilesFile);
    List<DiskProfile> profiles = new ArrayList<>();
    for (String n : profileNames) {
      profiles.add(known.get(n.trim()));
    }
    List<Long> counts = new ArrayList<>();
    for (String c : recordCounts) {
      counts.add(parseCount(c));
    }
    Properties w = loadWorkload(workload);
    properties.forEach(w::setProperty);
    int threadCount =
        threads != null ? threads : Integer.parseInt(w.getProperty("threadcount", "16").trim());
    ServerChoice choice = serverChoice();
    // The parse result's arguments start at the top-level command's: "sweep" is among them.
    List<String> command = new ArrayList<>(List.of("mongodb-tiered"));
    command.addAll(spec.commandLine().getParseResult().originalArgs());
    SweepOptions options =
        new SweepOptions(
            counts,
            profiles,
            w,
            threadCount,
            operations,
            seconds,
            warmup,
            loadThreads,
            loadBatchSize,
            choice,
            mongodbUrl,
            image,
            out.toAbsolutePath(),
            (dataDir != null ? dataDir : out.resolve("data")).toAbsolutePath(),
            dropExisting,
            command,
            diskBaseline ? baselineSettings() : null,
            probeImage);

    try (TargetServer server = TargetServers.open(options, err)) {
      err.println("server: " + server.meaning());
      for (DiskProfile p : profiles) {
        err.println("profile " + p.summary());
      }
      err.flush();
      boolean terminal = System.console() != null && !noProgress;
      SweepRunner.Outcome outcome = new SweepRunner(options, server, listener(err, terminal)).run();
      printTable(outw, outcome.cells());
      outw.println(
          "report: "
              + options.outDir().resolve(ReportLayout.SUMMARY)
              + " ("
              + outcome.measured()
              + " cells measured now, "
              + outcome.failed()
              + " failed)");
      return outcome.failed() > 0 ? MongodbTieredCli.FAILED : 0;
    }
  }

  /** The baseline's settings, each problem named by its option. */
  private DiskBaseline.Settings baselineSettings() {
    String[] range = baselineBlocks.split("-", -1);
    long min;
    long max;
    try {
      min = Sizes.parseBytes(range[0]);
      max = range.length == 2 ? Sizes.parseBytes(range[1]) : min;
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--baseline-blocks " + baselineBlocks + ": give a size or a range such as 4k-32k");
    }
    require("--baseline-blocks " + baselineBlocks, DiskBaseline.Settings.blockProblem(min, max));
    long file;
    try {
      file = Sizes.parseBytes(baselineFileSize);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "--baseline-file-size " + baselineFileSize + ": give a size such as 1g");
    }
    require(
        "--baseline-file-size " + baselineFileSize, DiskBaseline.Settings.fileProblem(file, max));
    require(
        "--baseline-max-threads " + baselineMaxThreads,
        DiskBaseline.Settings.maxThreadsProblem(baselineMaxThreads));
    require(
        "--baseline-seconds " + baselineSeconds,
        DiskBaseline.Settings.secondsProblem(baselineSeconds));
    return DiskBaseline.Settings.defaults()
        .withBlockBytes((int) min, (int) max)
        .withFileBytes(file)
        .withMaxThreads(baselineMaxThreads)
        .withSecondsPerStep(baselineSeconds);
  }

  private static void require(String option, String problem) {
    if (!problem.isEmpty()) {
      throw new IllegalArgumentException(option + ": " + problem);
    }
  }

  private SweepRunner.Listener listener(PrintWriter err, boolean terminal) {
    boolean quiet = noProgress;
    return new SweepRunner.Listener() {
      @Override
      public void info(String line) {
        err.println(line);
        err.flush();
      }

      @Override
      public Progress loadProgress(long from, long to) {
        return quiet ? Progress.NONE : new ProgressBar(err, "load " + from + "-" + to, 0, terminal);
      }

      @Override
      public Progress runProgress(long count, DiskProfile profile, boolean warm) {
        if (quiet) {
          return Progress.NONE;
        }
        String label = (warm ? "warm-up " : "run ") + count + " x " + profile.name();
        return new ProgressBar(err, label, warm ? warmup : operations > 0 ? 0 : seconds, terminal);
      }

      @Override
      public void cellFinished(CellResult c) {
        err.println(
            c.ok()
                ? String.format(
                    Locale.ROOT,
                    "cell %s: %.0f ops/s, tier %s",
                    c.key(),
                    c.throughputOpsPerSec(),
                    c.observedTier() == null ? "(not measured)" : c.observedTier().id())
                : "cell " + c.key() + " FAILED: " + c.error());
        err.flush();
      }
    };
  }

  /** The study's table: throughput and p99 per record count and profile. */
  static void printTable(PrintWriter out, List<CellResult> cells) {
    out.printf(
        Locale.ROOT,
        "%-12s %-10s %12s %12s %10s %10s  %s%n",
        "records",
        "profile",
        "ops/s",
        "p99 (ms)",
        "WT hit",
        "FS hit",
        "tier");
    for (CellResult c : cells) {
      if (!c.ok()) {
        out.printf(
            Locale.ROOT, "%-12d %-10s FAILED: %s%n", c.recordCount(), c.profile(), c.error());
        continue;
      }
      long p99 = c.latencies().values().stream().mapToLong(l -> l.p99Micros()).max().orElse(0);
      out.printf(
          Locale.ROOT,
          "%-12d %-10s %12.1f %12.2f %10s %10s  %s%n",
          c.recordCount(),
          c.profile(),
          c.throughputOpsPerSec(),
          p99 / 1000.0,
          ratio(c.metrics().get(Metric.WT_HIT_RATIO)),
          ratio(c.metrics().get(Metric.FS_HIT_RATIO)),
          tierText(c));
    }
    out.flush();
  }

  private static String tierText(CellResult c) {
    if (c.observedTier() != null) {
      return c.observedTier().id()
          + (c.tierMismatch() ? " (predicted " + c.predictedTier().id() + ")" : "");
    }
    return c.predictedTier() == null ? "-" : "predicted " + c.predictedTier().id();
  }

  private static String ratio(Double d) {
    return d == null ? "-" : String.format(Locale.ROOT, "%.1f%%", d * 100);
  }

  private ServerChoice serverChoice() {
    ServerChoice s =
        switch (serverName.toLowerCase(Locale.ROOT)) {
          case "auto" -> ServerChoice.AUTO;
          case "docker" -> ServerChoice.DOCKER;
          case "embedded" -> ServerChoice.EMBEDDED;
          default ->
              throw new IllegalArgumentException(
                  "--server " + serverName + ": use auto, docker or embedded");
        };
    if (mongodbUrl != null) {
      if (s == ServerChoice.DOCKER || s == ServerChoice.EMBEDDED) {
        throw new IllegalArgumentException(
            "--mongodb-url measures an existing deployment: leave out --server " + serverName);
      }
      if (!mongodbUrl.startsWith("mongodb://") && !mongodbUrl.startsWith("mongodb+srv://")) {
        throw new IllegalArgumentException(
            "--mongodb-url " + Redaction.maskUri(mongodbUrl) + ": expected mongodb://host:port/db");
      }
      return ServerChoice.URL;
    }
    return s;
  }

  static long parseCount(String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    long unit = 1;
    if (t.endsWith("k")) {
      unit = 1_000;
    } else if (t.endsWith("m")) {
      unit = 1_000_000;
    }
    if (unit > 1) {
      t = t.substring(0, t.length() - 1);
    }
    try {
      long n = Math.round(Double.parseDouble(t) * unit);
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        "--recordcounts: '" + text + "' is not a record count (e.g. 20000, 500k or 2M)");
  }

  /** A workload file, or one shipped in workloads/ (also inside the harness jar). */
  static Properties loadWorkload(String nameOrPath) throws IOException {
    Properties p = new Properties();
    Path file = Path.of(nameOrPath);
    if (Files.isRegularFile(file)) {
      try (InputStream in = Files.newInputStream(file)) {
        p.load(in);
      }
      return p;
    }
    try (InputStream in =
        SweepCommand.class.getResourceAsStream("/workloads/" + file.getFileName())) {
      if (in == null) {
        throw new IllegalArgumentException(
            "--workload "
                + nameOrPath
                + ": no such file, and no workload of that name in"
                + " workloads/ (e.g. tiered-read-uniform, tiered-read-hotspot)");
      }
      p.load(in);
    }
    return p;
  }
}
