package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.report.ReportMerge;
import io.github.mongodbtiered.report.ReportWriter;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.CellResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code report}: rebuilds a report directory's files, or merges several clients' reports. */
@Command(
    name = "report",
    mixinStandardHelpOptions = true,
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
          + " result. The inputs are never changed.",
      "",
      "Exit codes: 0 done; 1 a merged cell failed; 2 bad command line, or a DIR that is not a"
          + " report directory or holds a corrupt file.",
      ""
    },
    footer = {
      "",
      "Examples:",
      "  mongodb-tiered report reports/sweep",
      "  mongodb-tiered report reports/client-a reports/client-b --out reports/merged",
      "  mongodb-tiered report merge-histograms a/histograms/2000000-hdd-150-READ.hdr \\",
      "      b/histograms/2000000-hdd-150-READ.hdr --out read.hdr"
    })
public final class ReportCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      arity = "0..*",
      paramLabel = "DIR",
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
    PrintWriter stdout = spec.commandLine().getOut();
    PrintWriter err = spec.commandLine().getErr();
    if (dirs.isEmpty()) {
      throw new IllegalArgumentException(
          "report: name a report directory, e.g. 'report reports/sweep' (see --help)");
    }
    for (Path d : dirs) {
      requireReport(d);
    }
    Path target;
    List<String> problems;
    if (dirs.size() == 1) {
      if (out != null) {
        throw new IllegalArgumentException(
            "--out is for merging several report directories; to rebuild "
                + dirs.get(0)
                + " in place, leave it out");
      }
      target = dirs.get(0);
      problems = ReportWriter.write(target, manifest(target), cells(target));
    } else {
      target = checkedOut();
      problems = ReportMerge.merge(dirs, target);
    }
    List<CellResult> cells = inSweepOrder(cells(target), manifest(target));
    SweepCommand.printTable(stdout, cells);
    problems.forEach(p -> err.println("[WARN] " + p));
    err.flush();
    long failed = cells.stream().filter(c -> !c.ok()).count();
    stdout.println(
        "report: "
            + target.resolve(ReportLayout.PAGE)
            + " ("
            + cells.size()
            + " cells, "
            + failed
            + " failed)");
    stdout.flush();
    return dirs.size() > 1 && failed > 0 ? MongodbTieredCli.FAILED : 0;
  }

  /** By the manifest's profile order, then record count, as the sweep prints them. */
  private static List<CellResult> inSweepOrder(List<CellResult> cells, RunManifest m) {
    List<String> order = m.profiles().stream().map(RunManifest.Profile::name).toList();
    return cells.stream()
        .sorted(
            Comparator.comparingInt(
                    (CellResult c) ->
                        order.contains(c.profile()) ? order.indexOf(c.profile()) : order.size())
                .thenComparing(CellResult::profile)
                .thenComparingLong(CellResult::recordCount))
        .toList();
  }

  /** A report directory with a readable run.json and cells; otherwise a usage error naming it. */
  private static void requireReport(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("DIR " + dir + ": no such directory");
    }
    if (!Files.isRegularFile(dir.resolve(ReportLayout.MANIFEST))) {
      throw new IllegalArgumentException(
          "DIR "
              + dir
              + ": has no "
              + ReportLayout.MANIFEST
              + ", so it is not a report directory (a sweep writes one into its --out)");
    }
    manifest(dir);
    cells(dir);
  }

  private static RunManifest manifest(Path dir) {
    try {
      return RunManifest.read(dir);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "DIR " + dir + ": " + oneLine(e) + "; re-run the sweep into a new --out to recreate it");
    }
  }

  private static List<CellResult> cells(Path dir) {
    try {
      return new CellStore(dir).all();
    } catch (IOException e) {
      throw new IllegalArgumentException("DIR " + dir + ": " + oneLine(e));
    }
  }

  static String oneLine(Exception e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return m.replaceAll("\\s*\\R\\s*", " ");
  }

  /** --out for a merge: given, none of the inputs, and new or empty unless --force. */
  private Path checkedOut() throws IOException {
    if (out == null) {
      throw new IllegalArgumentException(
          "--out: merging "
              + dirs.size()
              + " report directories needs --out NEW_DIR (the inputs are never changed)");
    }
    for (Path d : dirs) {
      if (Files.exists(out) && Files.isSameFile(out, d)) {
        throw new IllegalArgumentException(
            "--out "
                + out
                + " is one of the inputs; the inputs are never changed: choose a new"
                + " directory");
      }
    }
    if (Files.isRegularFile(out)) {
      throw new IllegalArgumentException("--out " + out + ": is a file; choose a new directory");
    }
    if (Files.isDirectory(out) && !isEmpty(out)) {
      if (!force) {
        throw new IllegalArgumentException(
            "--out "
                + out
                + ": exists and is not empty; choose a new directory, or add --force to replace"
                + " the report in it");
      }
      // The previous merge's cells and logs would otherwise mix with this one's.
      deleteAll(out.resolve(ReportLayout.CELLS), "*.json");
      deleteAll(out.resolve(ReportLayout.HISTOGRAMS), "*.hdr");
    }
    Files.createDirectories(out);
    return out;
  }

  private static boolean isEmpty(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.findAny().isEmpty();
    }
  }

  private static void deleteAll(Path dir, String glob) throws IOException {
    if (!Files.isDirectory(dir)) {
      return;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, glob)) {
      for (Path f : files) {
        Files.delete(f);
      }
    }
  }
}
