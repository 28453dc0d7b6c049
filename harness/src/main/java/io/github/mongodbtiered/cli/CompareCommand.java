package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.compare.CellComparison;
import io.github.mongodbtiered.compare.CompareRules;
import io.github.mongodbtiered.compare.Comparison;
import io.github.mongodbtiered.report.CompareCsv;
import io.github.mongodbtiered.report.OutDirs;
import io.github.mongodbtiered.report.VariantsManifest;
import io.github.mongodbtiered.report.html.ComparePage;
import io.github.mongodbtiered.results.CellResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code compare}: two reports cell by cell, with the uncertainty between runs. */
@Command(
    name = "compare",
    header = "Compare two reports cell by cell: did throughput or p99 change beyond the noise?",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "For every cell (record count and profile) both report directories hold, the throughput"
          + " ratio NEW/BASE and the main operation's p99 ratio, each with a 95%% interval, the"
          + " tier on each side, and a verdict: faster or slower when the whole interval lies"
          + " beyond the band (--band, default 5%%), equivalent when it lies wholly inside it (an"
          + " equivalence test: no difference found is not equivalence), unsure otherwise.",
      "",
      "The intervals rest on repeats: where both sides were swept with --repeats 2 or more,"
          + " Welch's t on the logs of the per-repeat figures, the variation between cold starts"
          + " measured, with each side's mean also allowed to move from sweep to sweep by"
          + " --between-sweeps (8%% by default, measured on a quiet host), which the repeats of one"
          + " sweep cannot show. Where a side has one run, its own interval (how that run varied within"
          + " itself) is widened by a single-run allowance of 25%% each way, so such a cell is"
          + " never equivalent and is faster or slower only beyond that; sweep with --repeats 3"
          + " (or auto) and --seconds a third of one run's to compare closely.",
      "",
      "Cells only one report holds, or failed in one, are listed, never matched with another;"
          + " settings that differ (workload, threads, target, profile definition, server,"
          + " version, latency method, tool, and where both run.json files recorded them, the"
          + " image's ID under the same name and the tool's build) are listed beside the cells"
          + " they concern. BASE and NEW the same directory, or holding the very same cells, is"
          + " refused: a report compared with itself says nothing. Reads cells/*.json and"
          + " run.json; changes"
          + " neither report. With --out, writes compare.csv and compare.html (one row per cell,"
          + " ratios drawn with their intervals) there."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  mongodb-tiered compare reports/before reports/after",
      "  mongodb-tiered compare reports/before reports/after --band 3%% --out reports/diff",
      "  mongodb-tiered compare reports/nightly-41 reports/nightly-42 --fail-on slower,p99_higher",
      "  mongodb-tiered compare reports/versions --base v70 --new v80   # a sweep of variants"
    },
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {
      "0:compared (whatever the verdicts, unless --fail-on found what it asks about)",
      "2:bad command line; a DIR that is not a report, holds no cells or a corrupt cell;"
          + " BASE and NEW the same report",
      "4:--fail-on found what it asks about (a cell slower, p99 higher, or changed)"
    })
public final class CompareCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      index = "0",
      paramLabel = "BASE",
      description =
          "The report to compare against; alone, a report of variants (sweep --variant), whose"
              + " variants --base and --new are compared, their runs paired by round.")
  Path base;

  @Parameters(
      index = "1",
      arity = "0..1",
      paramLabel = "NEW",
      description = "The report compared with BASE.")
  Path next;

  @Option(
      names = "--base",
      paramLabel = "NAME",
      description = "With a report of variants: the variant compared against (default: the first).")
  String baseVariant;

  @Option(
      names = "--new",
      paramLabel = "NAME",
      description =
          "With a report of variants: the variant compared with --base (default: the second).")
  String newVariant;

  @Option(
      names = "--band",
      paramLabel = "PCT",
      converter = Percent.class,
      description =
          "How far from a ratio of 1 still counts as no change, either way (default: 5%% for two"
              + " reports, 1%% for variants paired by round).")
  Double band;

  @Option(
      names = "--between-sweeps",
      paramLabel = "PCT",
      defaultValue = "8%",
      converter = Percent.class,
      description =
          "How far (one standard deviation) a cell's mean moves from one sweep to the next beyond"
              + " what its repeats show: the repeats of one sweep share its JVM and its moment of"
              + " the host. 8%% was measured on a quiet 2-core host; raise it on a busy or shared"
              + " one, 0%% trusts the repeats alone (default: ${DEFAULT-VALUE}).")
  double betweenSweeps;

  @Option(
      names = "--fail-on",
      paramLabel = "WHAT",
      split = ",",
      converter = FailOn.Converter.class,
      description =
          "Exit 4 when any cell is: slower (throughput), p99_higher, or changed (either ratio"
              + " beyond the band either way). Several, comma-separated.")
  List<FailOn> failOn = new ArrayList<>();

  @Option(
      names = "--out",
      paramLabel = "DIR",
      description =
          "Also write compare.csv and compare.html into DIR: new, empty, or holding an earlier"
              + " compare's files.")
  Path out;

  @Override
  public Integer call() throws IOException {
    Comparison comparison = next == null ? variants() : reports();
    CompareTable.print(spec.commandLine().getOut(), comparison);
    if (out != null) {
      writeFiles(comparison);
    }
    return found(comparison);
  }

  /** Two reports, cell by cell. */
  private Comparison reports() throws IOException {
    if (baseVariant != null || newVariant != null) {
      throw new IllegalArgumentException(
          (baseVariant != null ? "--base" : "--new")
              + ": names a variant of one report of variants; give that report alone");
    }
    List<CellResult> baseCells = cells(base, "BASE");
    List<CellResult> nextCells = cells(next, "NEW");
    refuseSameReport(baseCells, nextCells);
    baseLabel = base.toString();
    newLabel = next.toString();
    return Comparison.of(
        baseCells,
        nextCells,
        new CompareRules(
            band == null ? CompareRules.DEFAULT_BAND : band,
            CompareRules.DEFAULT_SINGLE_RUN_ALLOWANCE,
            betweenSweeps),
        ReportDirs.manifest(base).buildIds(),
        ReportDirs.manifest(next).buildIds());
  }

  /** Two variants of one report, their runs paired by round. */
  private Comparison variants() throws IOException {
    if (!VariantsManifest.in(base)) {
      throw new IllegalArgumentException(
          "NEW: missing; give two reports, or one report of variants (sweep --variant), which "
              + base
              + " is not (it has no "
              + VariantsManifest.FILE
              + ")");
    }
    if (spec.commandLine().getParseResult().hasMatchedOption("--between-sweeps")) {
      throw new IllegalArgumentException(
          "--between-sweeps: variants of one sweep pair by round, and the rounds measure their"
              + " spread; it is for two reports");
    }
    List<String> names = VariantsManifest.read(base).names();
    String b = baseVariant != null ? baseVariant : names.get(0);
    String n = newVariant != null ? newVariant : names.get(b.equals(names.get(1)) ? 0 : 1);
    baseLabel = b;
    newLabel = n;
    Comparison c =
        VariantsOutput.compare(base, b, n, band == null ? CompareRules.DEFAULT_PAIRED_BAND : band);
    if (c.cells().isEmpty() && c.unmatched().isEmpty()) {
      throw new IllegalArgumentException(
          "REPORT " + base + ": its variants hold no cells yet; nothing to compare");
    }
    return c;
  }

  /** What BASE and NEW are, as the page shows them. */
  private String baseLabel;

  private String newLabel;

  private static List<CellResult> cells(Path dir, String which) {
    try {
      ReportDirs.requireReport(dir);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(which + " " + e.getMessage());
    }
    List<CellResult> cells = ReportDirs.cellsInSweepOrder(dir);
    if (cells.isEmpty()) {
      throw new IllegalArgumentException(
          which + " " + dir + ": holds no cells (cells/ is missing or empty); nothing to compare");
    }
    return cells;
  }

  private void refuseSameReport(List<CellResult> baseCells, List<CellResult> nextCells)
      throws IOException {
    if (Files.isSameFile(base, next) || Comparison.sameCells(baseCells, nextCells)) {
      throw new IllegalArgumentException(
          "BASE "
              + base
              + " and NEW "
              + next
              + (Files.isSameFile(base, next)
                  ? " are the same report"
                  : " hold the very same cells (a copy?)")
              + ": a report compared with itself says nothing; compare two sweeps");
    }
  }

  private void writeFiles(Comparison comparison) throws IOException {
    OutDirs.requireNotEmptyPath(out, "--out");
    if (Files.isRegularFile(out)) {
      throw new IllegalArgumentException("--out " + out + ": is a file; give a directory");
    }
    if (Files.isDirectory(out)) {
      Set<String> ours = Set.of(CompareCsv.FILE, ComparePage.FILE);
      try (Stream<Path> s = Files.list(out)) {
        if (s.anyMatch(p -> !ours.contains(p.getFileName().toString()))) {
          throw new IllegalArgumentException(
              "--out "
                  + out
                  + ": holds other files than an earlier compare's; give a new or empty directory");
        }
      }
    }
    OutDirs.create(out, "--out");
    Path csv = CompareCsv.write(out, comparison);
    Path page = ComparePage.write(out, comparison, baseLabel, newLabel);
    spec.commandLine().getOut().println("wrote " + csv + " and " + page);
    spec.commandLine().getOut().flush();
  }

  /** {@link ExitCodes#FOUND}, naming the cells, when --fail-on finds what it asks about. */
  private int found(Comparison comparison) {
    List<String> hits = new ArrayList<>();
    for (CellComparison c : comparison.cells()) {
      for (FailOn f : failOn) {
        if (f.matches(c)) {
          hits.add(c.key() + " (" + f.id() + ")");
          break;
        }
      }
    }
    if (hits.isEmpty()) {
      return ExitCodes.OK;
    }
    spec.commandLine()
        .getErr()
        .println("[FAIL-ON] " + hits.size() + " cells: " + String.join(", ", hits));
    spec.commandLine().getErr().flush();
    return ExitCodes.FOUND;
  }
}
