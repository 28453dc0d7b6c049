package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.report.ReportLock;
import io.github.mongodbtiered.report.ReportMerge;
import io.github.mongodbtiered.report.ReportWriter;
import io.github.mongodbtiered.report.VariantsManifest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code report}: rebuilds a report directory's files, or merges several clients' reports. */
@Command(
    name = "report",
    header = "Rebuild a report directory's files, or merge several clients' reports.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    subcommands = MergeHistogramsCommand.class,
    description = {
      "With one DIR, rebuilds its report from the saved results: summary.csv, the tier-*.csv"
          + " files, plots/ (throughput, p99 latency on a log scale, and cache hit ratios against"
          + " record count, SVG and PNG) and index.html, a self-contained page with the plots,"
          + " the tables, each cell's tier, the disk baseline, the environment and every warning."
          + " It reads run.json and cells/*.json and never changes cells/ or histograms/. Use it"
          + " after upgrading this tool, or when a sweep could not draw its plots.",
      "",
      "With several DIRs and --out, merges the reports of client machines that drove the same"
          + " sweep against the same servers at the same time, each writing its own report"
          + " directory. For each cell (record count and profile) it merges the clients'"
          + " HdrHistogram logs per operation and recomputes the latency percentiles from all"
          + " recorded values together; operations, throughput and client CPU are summed."
          + " Server-side figures (cache counters, hit ratios, disk, data sizes, tiers) are those"
          + " the first DIR measured. A cell missing or failed in any DIR is failed in the"
          + " result. The inputs are never changed."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  mongodb-tiered report reports/sweep",
      "  mongodb-tiered report reports/client-a reports/client-b --out reports/merged",
      "  mongodb-tiered report merge-histograms a/histograms/2000000-hdd-150-READ.hdr \\",
      "      b/histograms/2000000-hdd-150-READ.hdr --out read.hdr"
    },
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {
      "0:done",
      "1:a merged cell failed (missing or failed in a DIR), or a report file could not be"
          + " written (named)",
      "2:bad command line, or a DIR that is not a report directory or holds a corrupt file"
    })
public final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      arity = "0..*",
      paramLabel = "DIR",
      converter = PathConverter.Unchecked.class,
      description = "Report directories (a sweep's --out); one to rebuild, several to merge.")
  List<Path> dirs = new ArrayList<>();

  @Option(
      names = "--out",
      paramLabel = "NEW_DIR",
      description =
          "Where the merged report goes; required with several DIRs. Must be new or empty.")
  Path out;

  @Option(names = "--force", description = "Let --out be a directory that is not empty.")
  boolean force;

  @Override
  public Integer call() throws IOException {
    if (dirs.isEmpty()) {
      throw new IllegalArgumentException(
          "report: name a report directory, e.g. 'report reports/sweep' (see --help)");
    }
    dirs.forEach(d -> PathConverter.requireNotEmpty(d, "DIR"));
    if (dirs.size() == 1 && VariantsManifest.in(dirs.get(0))) {
      return rebuildVariants(dirs.get(0));
    }
    dirs.forEach(ReportDirs::requireReport);
    if (dirs.size() == 1) {
      ReportDirs.requireCells(dirs.get(0));
    }
    Path target = dirs.size() == 1 ? dirs.get(0) : ReportDirs.mergeTarget(out, dirs, force);
    long failed;
    try (ReportLock lock =
        ReportLock.take(
            target,
            dirs.size() == 1 ? "DIR" : "--out",
            dirs.size() == 1
                ? "wait for it to finish"
                : "wait for it to finish or give another --out",
            typedCommand(),
            spec.commandLine().getErr()::println)) {
      if (dirs.size() > 1 && force) {
        ReportDirs.clearEarlierMerge(target);
      }
      List<String> problems = dirs.size() == 1 ? rebuild(target) : ReportMerge.merge(dirs, target);
      failed =
          ResultTable.printReport(
              spec.commandLine().getOut(), spec.commandLine().getErr(), target, problems, 0);
    }
    return dirs.size() > 1 && failed > 0 ? ExitCodes.FAILED : ExitCodes.OK;
  }

  /**
   * A report of variants ({@code sweep --variant}) rebuilt: each variant's report, then the top
   * (the first two variants compared, the page linking them all).
   */
  private int rebuildVariants(Path dir) throws IOException {
    if (out != null) {
      throw new IllegalArgumentException(
          "--out: a report of variants is rebuilt in place; merge the variants' own reports"
              + " (variants/NAME) to merge");
    }
    VariantsManifest m = VariantsManifest.read(dir);
    try (ReportLock lock =
        ReportLock.take(
            dir,
            "DIR",
            "wait for it to finish",
            typedCommand(),
            spec.commandLine().getErr()::println)) {
      for (String name : m.names()) {
        Path variant = VariantsManifest.variantDir(dir, name);
        spec.commandLine().getOut().println("variant " + name + ":");
        if (!java.nio.file.Files.isDirectory(variant.resolve(ReportLayout.CELLS))) {
          spec.commandLine().getOut().println("  no cells yet");
          continue;
        }
        ResultTable.printReport(
            spec.commandLine().getOut(),
            spec.commandLine().getErr(),
            variant,
            ReportWriter.write(variant, ReportDirs.manifest(variant), ReportDirs.cells(variant)),
            0);
      }
      VariantsOutput.write(dir, m);
    }
    return ExitCodes.OK;
  }

  /** "mongodb-tiered report ...", as typed. */
  private List<String> typedCommand() {
    List<String> command = new ArrayList<>(List.of("mongodb-tiered"));
    command.addAll(spec.commandLine().getParseResult().originalArgs());
    return command;
  }

  /** Rewrites {@code dir}'s report files from its results; the problems met, as warnings. */
  private List<String> rebuild(Path dir) throws IOException {
    if (out != null) {
      throw new IllegalArgumentException(
          "--out is for merging several report directories; to rebuild "
              + dir
              + " in place, leave it out");
    }
    return ReportWriter.write(dir, ReportDirs.manifest(dir), ReportDirs.cells(dir));
  }
}
