package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.fleet.Fleet;
import io.github.mongodbtiered.profiles.Sizes;
import io.github.mongodbtiered.report.OutDirs;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.report.ReportLock;
import io.github.mongodbtiered.results.TimeBreakdown;
import io.github.mongodbtiered.sweep.Baseline;
import io.github.mongodbtiered.sweep.Cells;
import io.github.mongodbtiered.sweep.Loading;
import io.github.mongodbtiered.sweep.MeasuredRuns;
import io.github.mongodbtiered.sweep.Server;
import io.github.mongodbtiered.sweep.SweepOptions;
import io.github.mongodbtiered.sweep.SweepRunner;
import io.github.mongodbtiered.sweep.TargetServer;
import io.github.mongodbtiered.sweep.TargetServers;
import io.github.mongodbtiered.sweep.Variants;
import io.github.mongodbtiered.sweep.Workload;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** {@code sweep}: the main job. */
@Command(
    name = "sweep",
    header = "Measure throughput and p99 per record count and disk profile, into a report.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    defaultValueProvider = SweepDefaults.class,
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
          + " missing."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  mongodb-tiered sweep           # 2M-5M records x io1-5000,san-600,hdd-150",
      "  mongodb-tiered sweep --server embedded --recordcounts 20k,40k --seconds 10",
      "  mongodb-tiered sweep --mongodb-url mongodb://db1/bench --recordcounts 2M,3M",
      "  MONGODB_URL=mongodb://db1/bench mongodb-tiered sweep --clients 3 --client-index 1 \\",
      "      --fleet-id run-7 --out reports/client-1    # one of three clients"
    },
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {
      "0:every cell measured (now or by an earlier run)",
      "1:a cell failed (the others are in the report), no cell was measured, or a report file"
          + " could not be written (named)",
      ExitCodes.USAGE_LINE,
      ExitCodes.UNAVAILABLE_LINE
    })
public final class SweepCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Mixin
  @HelpSection("Cells")
  CellOptions cells;

  @Mixin
  @HelpSection("Measured runs")
  WorkloadOptions workload;

  @Mixin
  @HelpSection("Measured runs")
  RunOptions runs;

  @Mixin
  @HelpSection("Loading")
  LoadOptions load;

  @Mixin
  @HelpSection("Server")
  ServerOptions server;

  @Mixin
  @HelpSection("Server")
  VolumeOptions volume;

  @Mixin
  @HelpSection("Disk baseline")
  BaselineOptions baseline;

  @Mixin
  @HelpSection("Fleet")
  FleetOptions fleet;

  @Mixin
  @HelpSection("Variants")
  VariantOptions variantOptions;

  @Mixin
  @HelpSection("Output")
  OutputOptions output;

  @Override
  public Integer call() throws Exception {
    long startedNanos = System.nanoTime();
    SweepOptions options = options();
    Variants variants = variantOptions.variants(options);
    Path out = output.out;
    PrintWriter err = spec.commandLine().getErr();
    // Before anything is written: a bad --out is refused, a second sweep into it too.
    boolean fresh = !Files.exists(out);
    boolean lockFileBefore = Files.exists(out.resolve(ReportLayout.LOCK));
    OutDirs.requireReportDir(out, "--out");
    ReportLock lock =
        ReportLock.take(
            out,
            "--out",
            "wait for it to finish or give another --out",
            typedCommand(),
            err::println);
    try {
      return variants == null
          ? sweep(options, err, startedNanos)
          : VariantsRun.sweep(this, options, variants, startedNanos);
    } catch (Exception | Error e) {
      // Refused before anything was written (Docker or the image unusable, say): the lock file
      // this run created goes, and so does a directory it created, when nothing else is in them.
      if (!lockFileBefore && OutDirs.holdsOnly(out, ReportLayout.LOCK)) {
        lock.closeAndDelete();
        if (fresh) {
          OutDirs.removeIfNoFiles(out);
        }
      }
      throw e;
    } finally {
      lock.close();
    }
  }

  /** The sweep of these options alone. */
  private int sweep(SweepOptions options, PrintWriter err, long startedNanos) throws Exception {
    try (TargetServer target = TargetServers.open(options, err)) {
      SweepConsole console = console(options);
      String ignored = IgnoredSignals.note();
      if (!ignored.isEmpty()) {
        console.info(ignored);
      }
      console.info("server: " + target.meaning());
      options.profiles().forEach(p -> console.info("profile " + p.summary()));
      SweepRunner.Outcome outcome;
      try (InterruptNotice notice = InterruptNotice.arm(options.outDir(), err)) {
        outcome = new SweepRunner(options, target, console).run();
      }
      return reported(outcome, options, startedNanos);
    }
  }

  /** The console a sweep reports to, with progress bars unless --no-progress. */
  SweepConsole console(SweepOptions options) {
    return new SweepConsole(
        spec.commandLine().getErr(), options, !output.noProgress, System.console() != null);
  }

  /** Prints the outcome's table, where its report is and where the time went; its exit code. */
  int reported(SweepRunner.Outcome outcome, SweepOptions options, long startedNanos) {
    PrintWriter stdout = spec.commandLine().getOut();
    ResultTable.print(stdout, outcome.cells());
    stdout.printf(
        Locale.ROOT,
        "report: %s (%d cells measured now, %d failed)%n",
        options.outDir().resolve(ReportLayout.SUMMARY),
        outcome.measured(),
        outcome.failed());
    // Where the time went: the cells' and load steps' own times (earlier runs' too, on resume).
    stdout.printf(
        Locale.ROOT,
        "time: this run %s; the report's %s%n",
        TimeBreakdown.minutes((System.nanoTime() - startedNanos) / 1e9),
        TimeBreakdown.of(outcome.cells()).line());
    stdout.flush();
    if (outcome.cells().isEmpty()) {
      PrintWriter err = spec.commandLine().getErr();
      err.println("[ERROR] no cell was measured, now or earlier: the report is empty");
      err.flush();
      return ExitCodes.FAILED;
    }
    return outcome.failed() > 0 ? ExitCodes.FAILED : ExitCodes.OK;
  }

  /**
   * The sweep's options, group by group as the mixins give them, checked in the order a user meets
   * their errors: the workload's properties, the cells, the rest, the fleet last.
   *
   * @throws IllegalArgumentException naming the option whose value cannot be used
   */
  SweepOptions options() throws IOException {
    Properties properties = workload.properties();
    Cells chosen = cells.cells();
    Workload w = workload.workload(properties);
    MeasuredRuns measured = runs.runs();
    picocli.CommandLine.ParseResult parsed = spec.commandLine().getParseResult();
    if (parsed != null
        && parsed.hasMatchedOption("--min-seconds")
        && measured.operations() == 0
        && measured.minSeconds() > measured.seconds()) {
      // Defaults aside (20 s with --seconds 10 just runs 10 s), a floor above the length is a slip.
      throw new IllegalArgumentException(
          String.format(
              Locale.ROOT,
              "--min-seconds %s is above --seconds %s, which no run outlasts: give --min-seconds up"
                  + " to %s, or --precision 0 so that every run lasts --seconds",
              Sizes.trim(measured.minSeconds()),
              Sizes.trim(measured.seconds()),
              Sizes.trim(measured.seconds())));
    }
    Loading loading = load.loading();
    Server target = server.server(output.out, System.getenv());
    Baseline disk = baseline.baseline(properties);
    SweepOptions options =
        new SweepOptions(
            chosen,
            w,
            measured,
            loading,
            target,
            volume.volume(),
            disk,
            Fleet.ALONE,
            output.output(typedCommand()));
    return options.withFleet(fleet.fleet(System.getenv()));
  }

  /** "mongodb-tiered sweep ...", as typed (the parse result's arguments include "sweep"). */
  List<String> typedCommand() {
    List<String> command = new ArrayList<>(List.of("mongodb-tiered"));
    command.addAll(spec.commandLine().getParseResult().originalArgs());
    return command;
  }
}
