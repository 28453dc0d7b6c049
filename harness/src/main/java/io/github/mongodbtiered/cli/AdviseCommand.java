package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.capacity.AdviceTables;
import io.github.mongodbtiered.capacity.Capacity;
import io.github.mongodbtiered.capacity.LeaveOneOut;
import io.github.mongodbtiered.capacity.NotModelableException;
import io.github.mongodbtiered.capacity.Table;
import io.github.mongodbtiered.capacity.Target;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.AdviceCsv;
import io.github.mongodbtiered.report.MemoryCheck;
import io.github.mongodbtiered.report.ModelInputs;
import io.github.mongodbtiered.report.OutDirs;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.report.html.AdvicePage;
import io.github.mongodbtiered.results.CellResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code advise}: capacity answers from a report's measured curves, checked on unseen cells. */
@Command(
    name = "advise",
    header = "What do I need? Answers for a READ p99 or throughput target from a report's cells.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Builds a model of the report: per record count, the device reads per operation (the same"
          + " on every disk), the in-memory rate of the cells that never touch the disk, and each"
          + " disk as its read IOPS cap, added latency and bandwidth; client threads form a closed"
          + " loop, solved by mean value analysis; READ p99 comes from the throttle's slices (a"
          + " held read waits for a later one) and from one or two reads an operation."
          + " Between measured record counts reads per operation are interpolated against the"
          + " working set over memory; beyond them, extrapolated and marked so.",
      "",
      "The model is checked first: each profile's cells are predicted from the other profiles'"
          + " and compared with what was measured (leave one profile out); the error of each cell,"
          + " their median and worst are printed. Cells it cannot explain (failed, client-bound,"
          + " not steady, unstable, open loop, writes) are named, not fitted.",
      "",
      "Then it answers, for the target (--p99-ms and/or --min-ops) at each record count"
          + " (--recordcount, default: the report's): which measured profiles meet it (cheapest"
          + " first where profiles have a price-per-month); the least read IOPS at each added"
          + " latency (--latency-ms) that would; the smallest cloud volume of each shipped type"
          + " that would (gp3:4200iops, gp2:700GiB, io2:..., azure-p20); the largest record count"
          + " that meets it on each profile; the memory at which the record count's files stay in"
          + " the filesystem cache. A measured cell answers for itself, within its throughput's"
          + " 95%% interval; a modelled answer's band is the leave-one-out errors' 95%% prediction"
          + " interval. Reads"
          + " cells/*.json and run.json and changes neither. docs/capacity.md says what the model"
          + " assumes and when it does not apply.",
      "",
      "A record count whose cells disagree on reads per operation (the page cache held different"
          + " amounts) is on the tier's edge: its cells are checked on their own reads, and answers"
          + " resting on it span the range. With --out, advise-memory-check.profiles holds each"
          + " count's memory answer plus and minus 10%% to sweep. Several REPORTs (no target):"
          + " their checks side by side, one row each."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  mongodb-tiered advise reports/sweep --p99-ms 20 --recordcount 4M,5M",
      "  mongodb-tiered advise reports/sweep --min-ops 5000 --recordcount 5M --latency-ms 7",
      "  mongodb-tiered advise reports/sweep --p99-ms 20 --min-ops 2000 --threads 32 --out adv"
    },
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {
      "0:answered",
      "2:bad command line or no target; a REPORT that is not a report directory, or one the"
          + " model cannot be built from (too few usable cells, one profile, no device reads, no"
          + " disk-free cell, a --mongodb-url server); an --out holding other files"
    })
public final class AdviseCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      arity = "1..*",
      paramLabel = "REPORT",
      description =
          "A sweep's report directory. Several: their checks side by side, sweep by sweep, as"
              + " evidence of how far the model holds (no target then).")
  List<Path> reports;

  /** The one report answered (several are checked side by side instead). */
  private Path report;

  @Option(
      names = "--p99-ms",
      paramLabel = "MS",
      converter = Counts.Positive.class,
      description = "READ p99 at most this many milliseconds.")
  Double p99Ms;

  @Option(
      names = "--min-ops",
      paramLabel = "OPS",
      converter = Counts.Positive.class,
      description = "Throughput at least this many operations per second.")
  Double minOps;

  @Option(
      names = "--recordcount",
      paramLabel = "N",
      split = ",",
      converter = Counts.RecordCount.class,
      description =
          "Record counts to answer for, e.g. 4M,5M (default: the report's measured ones).")
  List<Long> recordCounts = new ArrayList<>();

  @Option(
      names = "--latency-ms",
      paramLabel = "MS",
      split = ",",
      converter = Counts.LatencyMillis.class,
      description =
          "Added latencies at which to give the least IOPS (default: the report's profiles').")
  List<Double> latencies = new ArrayList<>();

  @Option(
      names = "--threads",
      paramLabel = "N",
      converter = Counts.AtLeastOne.class,
      description =
          "Client threads to predict for, at most "
              + MAX_THREADS
              + " (default: those each profile's cells ran).")
  Integer threads;

  /** The loop is solved one thread at a time, thousands of times per answer. */
  static final int MAX_THREADS = 10_000;

  @Option(
      names = "--include-unsteady",
      description =
          "Fit cells that are not steady or unstable too, rather than name them (a busy host's"
              + " sweep); the output says so.")
  boolean includeUnsteady;

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Also write advise.html and advise-<table>.csv into DIR: new, empty, or holding an"
              + " earlier advise's files.")
  Path out;

  @Override
  public Integer call() throws IOException {
    if (reports.size() > 1) {
      return sideBySide();
    }
    report = reports.get(0);
    if (p99Ms == null && minOps == null) {
      throw new IllegalArgumentException(
          "advise needs a target: --p99-ms MS, --min-ops OPS, or both");
    }
    if (threads != null && threads > MAX_THREADS) {
      throw new IllegalArgumentException(
          "--threads " + threads + ": at most " + MAX_THREADS + " client threads; give fewer");
    }
    ReportDirs.requireReport(report);
    if (out != null) {
      requireOut();
    }
    RunManifest manifest = ReportDirs.manifest(report);
    List<CellResult> cells = ReportDirs.cellsInSweepOrder(report);
    Target target =
        new Target(p99Ms, minOps, counts(manifest, cells), latencies(manifest), threads);
    Capacity capacity;
    try {
      capacity = Capacity.of(ModelInputs.of(manifest, cells, target, includeUnsteady));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("REPORT " + report + ": " + e.getMessage(), e);
    }
    List<Table> tables = AdviceTables.of(capacity, target);
    print(spec.commandLine().getOut(), capacity, target, tables);
    if (out != null) {
      writeFiles(capacity, target, tables, manifest.profiles());
    }
    return ExitCodes.OK;
  }

  /** Several reports: each one's check, then one row per report side by side. */
  private Integer sideBySide() throws IOException {
    if (p99Ms != null
        || minOps != null
        || !recordCounts.isEmpty()
        || !latencies.isEmpty()
        || threads != null) {
      throw new IllegalArgumentException(
          "several REPORTs are checked side by side, not answered: --p99-ms, --min-ops,"
              + " --recordcount, --latency-ms and --threads need one REPORT; give one, or drop"
              + " them");
    }
    reports.forEach(ReportDirs::requireReport);
    if (out != null) {
      requireOut();
    }
    List<Table> tables = new ArrayList<>();
    List<String> names = reports.stream().map(Path::toString).toList();
    List<LeaveOneOut> checks = new ArrayList<>();
    List<String> why = new ArrayList<>();
    for (int i = 0; i < reports.size(); i++) {
      Path r = reports.get(i);
      try {
        Capacity c =
            Capacity.of(
                ModelInputs.of(
                    ReportDirs.manifest(r),
                    ReportDirs.cellsInSweepOrder(r),
                    null,
                    includeUnsteady));
        checks.add(c.validation());
        why.add("");
        for (Table t : AdviceTables.check(c)) {
          tables.add(
              new Table(
                  t.id() + "-" + (i + 1), r + ": " + t.title(), t.headings(), t.rows(), t.note()));
        }
      } catch (NotModelableException e) {
        checks.add(null);
        why.add(e.getMessage());
      }
    }
    tables.add(AdviceTables.sweeps(names, checks, why));
    PrintWriter o = spec.commandLine().getOut();
    o.println("advise: " + reports.size() + " reports, the model's check sweep by sweep");
    if (includeUnsteady) {
      o.println(
          "note: --include-unsteady: cells not steady or unstable were fitted and checked too");
    }
    tables.forEach(t -> TextTable.print(o, t));
    o.flush();
    if (out != null) {
      OutDirs.create(out, "--out");
      List<Path> files = new ArrayList<>(AdviceCsv.write(out, tables));
      files.add(
          AdvicePage.write(
              out, String.join(", ", names), "the check, sweep by sweep", List.of(), tables));
      o.println("wrote " + files.size() + " files into " + out);
      o.flush();
    }
    return ExitCodes.OK;
  }

  private List<Long> counts(RunManifest manifest, List<CellResult> cells) {
    if (!recordCounts.isEmpty()) {
      return recordCounts.stream().distinct().toList();
    }
    List<Long> swept = new ArrayList<>(manifest.recordCounts());
    cells.forEach(c -> swept.add(c.recordCount()));
    return swept.stream().distinct().sorted().toList();
  }

  private List<Double> latencies(RunManifest manifest) {
    if (!latencies.isEmpty()) {
      return latencies.stream().distinct().toList();
    }
    return manifest.profiles().stream()
        .map(DiskProfile::addedLatencyMillis)
        .distinct()
        .sorted()
        .toList();
  }

  private void print(PrintWriter o, Capacity c, Target target, List<Table> tables) {
    o.println("advise " + report + ": " + target.label());
    c.notes().forEach(n -> o.println("note: " + n));
    o.println(
        "model: "
            + c.readings().observations().size()
            + " cells used; a throttle delivers "
            + Math.round(c.model().capEfficiency() * 100)
            + "% of its read cap when busy, a WiredTiger cache miss costs "
            + Math.round(c.model().cpuMicrosPerMiss())
            + " us of CPU and a device read "
            + Math.round(c.model().cpuMicrosPerRead())
            + " us more (all fitted)");
    tables.forEach(t -> TextTable.print(o, t));
    o.flush();
  }

  /** --out usable: checked before the model is built, so a refusal costs nothing. */
  private void requireOut() throws IOException {
    OutDirs.requireNotEmptyPath(out, "--out");
    if (Files.isRegularFile(out)) {
      throw new IllegalArgumentException("--out " + out + ": is a file; give a directory");
    }
    if (Files.isDirectory(out)) {
      try (Stream<Path> s = Files.list(out)) {
        if (s.anyMatch(p -> !isOurs(p.getFileName().toString()))) {
          throw new IllegalArgumentException(
              "--out "
                  + out
                  + ": holds other files than an earlier advise's; give a new or empty directory");
        }
      }
    }
  }

  private void writeFiles(Capacity c, Target target, List<Table> tables, List<DiskProfile> profiles)
      throws IOException {
    OutDirs.create(out, "--out");
    List<Path> files = new ArrayList<>(AdviceCsv.write(out, tables));
    files.add(AdvicePage.write(out, report.toString(), target.label(), c.notes(), tables));
    List<MemoryCheck.Pair> pairs = MemoryCheck.pairs(c.answers().memory(), profiles);
    PrintWriter o = spec.commandLine().getOut();
    if (!pairs.isEmpty()) {
      Path check = MemoryCheck.write(out, pairs);
      files.add(check);
      o.println(
          "to see the memory answers hold, sweep each record count at them plus and minus "
              + Math.round(MemoryCheck.MARGIN * 100)
              + "% (the cell above should stay in the filesystem cache, the one below not):");
      pairs.forEach(p -> o.println("  " + MemoryCheck.command(check, p)));
    }
    o.println("wrote " + files.size() + " files into " + out);
    o.flush();
  }

  private static boolean isOurs(String name) {
    return name.equals(AdvicePage.FILE)
        || name.equals(MemoryCheck.FILE)
        || (name.startsWith(AdviceCsv.PREFIX) && name.endsWith(".csv"));
  }
}
