package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.report.HistogramLogMerge;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import org.HdrHistogram.Histogram;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code report merge-histograms}: several HdrHistogram logs into one, with its percentiles. */
@Command(
    name = "merge-histograms",
    header = "Merge HdrHistogram logs into one and print its percentiles.",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Merges HdrHistogram interval logs of the same operation, written by several client"
          + " processes or hosts (e.g. a sweep's histograms/*.hdr, or YCSB's with"
          + " hdrhistogram.fileoutput=true), into one log whose intervals are ordered by their"
          + " absolute start time, and prints the percentiles of all recorded values together."
          + " Values are printed as recorded: YCSB records microseconds."
    },
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {"0:done", "2:bad command line, or a LOG that is missing or does not decode"})
final class MergeHistogramsCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Parameters(
      arity = "2..*",
      paramLabel = "LOG",
      converter = PathConverter.Unchecked.class,
      description = "HdrHistogram logs to merge.")
  List<Path> logs;

  @Option(
      names = "--out",
      required = true,
      paramLabel = "FILE",
      description = "The merged log to write.")
  Path out;

  @Option(names = "--force", description = "Replace --out when it exists.")
  boolean force;

  @Override
  public Integer call() throws IOException {
    logs.forEach(l -> PathConverter.requireNotEmpty(l, "LOG"));
    checkInputs();
    // The logs decode: a failure from here on is in writing --out.
    Histogram total = HistogramLogMerge.merge(logs, out);
    PrintWriter o = spec.commandLine().getOut();
    o.printf(Locale.ROOT, "merged %d logs into %s%n", logs.size(), out);
    o.printf(Locale.ROOT, "%-8s %14d%n", "count", total.getTotalCount());
    if (total.getTotalCount() > 0) {
      o.printf(Locale.ROOT, "%-8s %14.1f%n", "mean", total.getMean());
      for (double p : new double[] {50, 90, 95, 99, 99.9, 99.99}) {
        o.printf(
            Locale.ROOT, "%-8s %14d%n", "p" + Messages.number(p), total.getValueAtPercentile(p));
      }
      o.printf(Locale.ROOT, "%-8s %14d%n", "max", total.getMaxValue());
    }
    o.flush();
    return ExitCodes.OK;
  }

  /** Every log exists and decodes, and --out is none of them and new unless --force. */
  private void checkInputs() throws IOException {
    for (Path log : logs) {
      if (!Files.isRegularFile(log)) {
        throw new IllegalArgumentException("LOG " + log + ": no such file");
      }
      if (Files.exists(out) && Files.isSameFile(out, log)) {
        throw new IllegalArgumentException(
            "--out " + out + " is one of the logs to merge; choose a new file");
      }
    }
    if (Files.exists(out) && !force) {
      throw new IllegalArgumentException(
          "--out " + out + ": exists; choose a new file, or add --force to replace it");
    }
    for (Path log : logs) {
      try {
        HistogramLogMerge.intervals(log);
      } catch (IOException e) {
        throw new IllegalArgumentException("LOG " + Messages.oneLine(e));
      }
    }
  }
}
