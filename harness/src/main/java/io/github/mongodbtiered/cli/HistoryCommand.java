package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.report.AtomicFiles;
import io.github.mongodbtiered.report.HistoryCsv;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code history}: a report's cells as one more line of a history CSV. */
@Command(
    name = "history",
    header = "Append a report's cells to a history CSV that change-point tools read.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Appends one line for DIR to FILE in the layout of Hunter (the change-point detector"
          + " behind MongoDB's performance CI): a time column (the sweep's start), attributes"
          + " (server, server_image, server_version, tool_version, report) and, per cell, its"
          + " throughput and main operation's p99 as metric columns named"
          + " RECORDS-PROFILE.ops_per_sec and RECORDS-PROFILE.read_p99_ms. Cells new to the"
          + " history add columns, empty on the earlier lines. A report already in FILE (a line"
          + " of its time) is not added again."
    },
    footerHeading = "%nExamples:%n",
    footer = {"  mongodb-tiered history reports/nightly-42 --csv reports/history.csv"},
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {
      "0:appended, or already there",
      "2:bad command line; a DIR that is not a report or holds a corrupt cell; a FILE that is not"
          + " such a history, whose lines do not read under its header, or that cannot be written"
    })
public final class HistoryCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(index = "0", paramLabel = "DIR", description = "The report directory.")
  Path dir;

  @Option(
      names = "--csv",
      paramLabel = "FILE",
      required = true,
      description = "The history; created when missing.")
  Path csv;

  @Override
  public Integer call() throws IOException {
    ReportDirs.requireReport(dir);
    if (Files.isDirectory(csv)) {
      throw new IllegalArgumentException("--csv " + csv + ": is a directory; give a file");
    }
    String existing;
    try {
      existing = Files.isRegularFile(csv) ? Files.readString(csv, StandardCharsets.UTF_8) : "";
    } catch (CharacterCodingException e) {
      throw new IllegalArgumentException(
          "--csv " + csv + ": not a history of this tool (not UTF-8 text); give another file");
    }
    String text;
    try {
      text =
          HistoryCsv.append(
              existing,
              ReportDirs.manifest(dir),
              ReportDirs.cellsInSweepOrder(dir),
              String.valueOf(dir.toAbsolutePath().normalize().getFileName()));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("--csv " + csv + ": " + e.getMessage());
    }
    if (text == null) {
      spec.commandLine().getOut().println(csv + " already holds " + dir + "; nothing appended");
    } else {
      try {
        AtomicFiles.write(csv, text);
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "--csv "
                + csv
                + ": cannot be written ("
                + Messages.oneLine(e)
                + "); it is unchanged: give a file in a directory you can write");
      }
      spec.commandLine().getOut().println("appended " + dir + " to " + csv);
    }
    spec.commandLine().getOut().flush();
    return ExitCodes.OK;
  }
}
