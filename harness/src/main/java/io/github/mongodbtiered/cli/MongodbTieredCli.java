package io.github.mongodbtiered.cli;

import java.nio.file.Path;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.ParseResult;

/** {@code scripts/mongodb-tiered}: the harness's command line. */
@Command(
    name = "mongodb-tiered",
    mixinStandardHelpOptions = true,
    version = "mongodb-tiered 0.1.0",
    description = {
      "Measures MongoDB throughput and tail latency as the working set outgrows memory, on"
          + " disks of different speed."
    },
    subcommands = {
      SweepCommand.class,
      ProbeCommand.class,
      DiskBaselineCommand.class,
      ReportCommand.class,
      CompareCommand.class,
      AdviseCommand.class,
      HistoryCommand.class,
      FleetCommand.class,
      CommandLine.HelpCommand.class
    },
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {
      "0:done",
      "1:the measurement failed",
      ExitCodes.USAGE_LINE,
      ExitCodes.UNAVAILABLE_LINE
    })
public final class MongodbTieredCli {
  public static final int FAILED = ExitCodes.FAILED;
  public static final int USAGE = ExitCodes.USAGE;
  public static final int UNAVAILABLE = ExitCodes.UNAVAILABLE;

  private MongodbTieredCli() {}

  public static void main(String[] args) {
    System.exit(commandLine().execute(args));
  }

  /** The configured command line; tests call {@code execute} on it. */
  public static CommandLine commandLine() {
    CommandLine cl = new CommandLine(MongodbTieredCli.class);
    ExitCodes exitCodes = new ExitCodes();
    cl.setExitCodeExceptionMapper(exitCodes);
    cl.setExecutionExceptionHandler(exitCodes);
    cl.setParameterExceptionHandler(exitCodes);
    HelpFormat.install(cl);
    // After the subcommands, so that every one of them refuses an empty path.
    cl.registerConverter(Path.class, new PathConverter());
    cl.setExecutionStrategy(MongodbTieredCli::execute);
    return cl;
  }

  /** The command, after a warning for each path that writes into a git work tree. */
  private static int execute(ParseResult parsed) {
    ParseResult last = parsed;
    boolean help = last.isUsageHelpRequested() || last.isVersionHelpRequested();
    while (last.hasSubcommand()) {
      last = last.subcommand();
      help |= last.isUsageHelpRequested() || last.isVersionHelpRequested();
    }
    if (!help) {
      WorkTreePaths.warn(last.commandSpec());
    }
    return new CommandLine.RunLast().execute(parsed);
  }
}
