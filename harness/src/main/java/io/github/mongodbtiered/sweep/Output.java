package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.binding.Redaction;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * Where the sweep's report goes, and the command that made it.
 *
 * @param outDir the report directory ({@code --out})
 * @param commandLine the exact command, for run.json; may hold credentials: run.json masks them
 */
public record Output(Path outDir, List<String> commandLine) {
  public Output {
    Objects.requireNonNull(outDir, "outDir: give the report directory");
    commandLine = List.copyOf(commandLine);
  }

  /** The report directory {@code outDir}, made by no command line. */
  public static Output to(Path outDir) {
    return new Output(outDir, List.of());
  }

  public Output withOutDir(Path dir) {
    return new Output(dir, commandLine);
  }

  public Output withCommandLine(List<String> command) {
    return new Output(outDir, command);
  }

  /** The command line's credentials masked (this string may reach a log). */
  @Override
  public String toString() {
    return "Output[outDir="
        + outDir
        + ", commandLine="
        + commandLine.stream().map(Redaction::maskUri).toList()
        + "]";
  }
}
