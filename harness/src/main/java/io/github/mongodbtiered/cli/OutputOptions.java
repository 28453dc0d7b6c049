package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.sweep.Output;
import java.nio.file.Path;
import java.util.List;
import picocli.CommandLine.Option;

/** Where the sweep's report goes, and whether it draws progress bars. */
final class OutputOptions {
  @Option(
      names = "--out",
      paramLabel = "DIR",
      description = "Report directory; re-running resumes in it (default: ${DEFAULT-VALUE}).")
  Path out = Path.of("reports/sweep");

  @Option(names = "--no-progress", description = "No progress bars.")
  boolean noProgress;

  /**
   * The output these options give.
   *
   * @param commandLine the command as typed, for run.json
   */
  Output output(List<String> commandLine) {
    return new Output(out.toAbsolutePath(), commandLine);
  }
}
