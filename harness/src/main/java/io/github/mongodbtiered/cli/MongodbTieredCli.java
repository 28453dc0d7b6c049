package io.github.mongodbtiered.cli;

import picocli.CommandLine;
import picocli.CommandLine.Command;

/** {@code scripts/mongodb-tiered}: the harness's command line. */
@Command(
    name = "mongodb-tiered",
    mixinStandardHelpOptions = true,
    version = "mongodb-tiered 0.1.0",
    description = {
      "Measures MongoDB throughput and tail latency as the working set outgrows memory, on"
          + " disks of different speed.",
      ""
    },
    subcommands = {
      SweepCommand.class,
      ProbeCommand.class,
      DiskBaselineCommand.class,
      ReportCommand.class,
      CommandLine.HelpCommand.class
    },
    exitCodeListHeading = "%nExit codes:%n",
    exitCodeList = {
      "0:done",
      "1:the measurement failed",
      "2:bad command line or input file",
      "3:a server or Docker could not be used"
    })
public final class MongodbTieredCli {
  public static final int FAILED = 1;
  public static final int USAGE = 2;
  public static final int UNAVAILABLE = 3;

  private MongodbTieredCli() {}

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The configured command line; tests call {@code execute} on it. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(MongodbTieredCli.class);
    cl.setExecutionExceptionHandler(
        (e, cmd, parsed) -> {
          // One line that says what and how to fix it; no stack trace for expected failures.
          cmd.getErr().println("[ERROR] " + e.getMessage());
          if (e instanceof IllegalArgumentException) {
            return USAGE;
          }
          return e instanceof IllegalStateException ? UNAVAILABLE : FAILED;
        });
    return cl;
  }
}
