package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.compare.CompareRules;
import io.github.mongodbtiered.compare.Comparison;
import io.github.mongodbtiered.report.VariantsManifest;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.TimeBreakdown;
import io.github.mongodbtiered.sweep.SweepOptions;
import io.github.mongodbtiered.sweep.SweepRunner;
import io.github.mongodbtiered.sweep.Variant;
import io.github.mongodbtiered.sweep.VariantSweep;
import io.github.mongodbtiered.sweep.VariantTargets;
import io.github.mongodbtiered.sweep.Variants;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code sweep --variant ...}: the variants measured side by side into one report directory, each
 * variant's report in {@code variants/NAME}, the top rewritten after every cell ({@link
 * VariantsOutput}), and the console's tables per variant, then the comparison of the first two.
 */
final class VariantsRun {
  private VariantsRun() {}

  static int sweep(SweepCommand command, SweepOptions base, Variants variants, long startedNanos)
      throws Exception {
    PrintWriter err = command.spec.commandLine().getErr();
    Path out = base.outDir();
    VariantsManifest manifest = manifest(command, variants);
    try (VariantTargets targets = VariantTargets.open(variants, err)) {
      SweepConsole console = command.console(base);
      String ignored = IgnoredSignals.note();
      if (!ignored.isEmpty()) {
        console.info(ignored);
      }
      for (Variant v : variants.all()) {
        console.info("variant " + v.name() + ": " + targets.byName().get(v.name()).meaning());
      }
      base.profiles().forEach(p -> console.info("profile " + p.summary()));
      console.info(
          String.format(
              Locale.ROOT,
              "%d variants, %d rounds per cell%s, seed %d",
              variants.all().size(),
              variants.rounds(),
              variants.stopEarly()
                  ? " (fewer where every verdict is decided sooner, at "
                      + variants.earlyStop().levelText()
                      + " intervals)"
                  : "",
              variants.seed()));
      manifest.write(out);
      Map<String, SweepRunner.Outcome> outcomes;
      try (InterruptNotice notice = InterruptNotice.arm(out, err)) {
        outcomes =
            new VariantSweep(
                    variants,
                    targets.byName(),
                    console,
                    (count, profile) -> VariantsOutput.write(out, manifest))
                .run();
      }
      VariantsOutput.write(out, manifest);
      return reported(command, manifest, outcomes, out, startedNanos);
    }
  }

  /** Each variant's table, the first two compared, where the report is; the exit code. */
  private static int reported(
      SweepCommand command,
      VariantsManifest manifest,
      Map<String, SweepRunner.Outcome> outcomes,
      Path out,
      long startedNanos)
      throws java.io.IOException {
    PrintWriter stdout = command.spec.commandLine().getOut();
    List<CellResult> all = new ArrayList<>();
    int failed = 0;
    for (Map.Entry<String, SweepRunner.Outcome> e : outcomes.entrySet()) {
      stdout.println("variant " + e.getKey() + ":");
      ResultTable.print(stdout, e.getValue().cells());
      all.addAll(e.getValue().cells());
      failed += e.getValue().failed();
    }
    List<String> names = manifest.names();
    Comparison c =
        VariantsOutput.compare(out, names.get(0), names.get(1), CompareRules.DEFAULT_PAIRED_BAND);
    stdout.println("compared, paired by round: BASE " + names.get(0) + ", NEW " + names.get(1));
    CompareTable.print(stdout, c);
    stdout.printf(
        Locale.ROOT,
        "report: %s (variants in %s)%n",
        out.resolve(io.github.mongodbtiered.report.ReportLayout.PAGE),
        out.resolve(VariantsManifest.DIR));
    stdout.printf(
        Locale.ROOT,
        "time: this run %s; the report's %s%n",
        TimeBreakdown.minutes((System.nanoTime() - startedNanos) / 1e9),
        TimeBreakdown.of(all).line());
    stdout.flush();
    if (all.isEmpty()) {
      PrintWriter err = command.spec.commandLine().getErr();
      err.println("[ERROR] no cell was measured, now or earlier: the report is empty");
      err.flush();
      return ExitCodes.FAILED;
    }
    return failed > 0 ? ExitCodes.FAILED : ExitCodes.OK;
  }

  private static VariantsManifest manifest(SweepCommand command, Variants variants) {
    List<VariantsManifest.Entry> entries = new ArrayList<>();
    for (Variant v : variants.all()) {
      Variant copyOf = variants.copyOf(v);
      entries.add(
          new VariantsManifest.Entry(
              v.name(),
              v.given(),
              variants.dataSetOf(v).name(),
              copyOf == null ? null : copyOf.name()));
    }
    return new VariantsManifest(
        SweepRunner.TOOL_VERSION,
        Instant.now(),
        command.typedCommand(),
        variants.rounds(),
        variants.seed(),
        variants.alternate() ? variants.sliceMillis() : null,
        variants.stopEarly() ? Boolean.TRUE : null,
        entries);
  }
}
