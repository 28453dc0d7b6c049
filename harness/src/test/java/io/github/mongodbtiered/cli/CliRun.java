package io.github.mongodbtiered.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import picocli.CommandLine;

/** Runs the tool's command line as a user would, keeping what it printed for the test to read. */
final class CliRun {
  private CliRun() {}

  /**
   * @return the exit code
   */
  static int execute(StringWriter out, StringWriter err, String... args) {
    CommandLine cl = MongodbTieredCli.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }
}
