package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.ycsb.PhaseException;
import io.github.mongodbtiered.ycsb.PhaseResult;
import io.github.mongodbtiered.ycsb.PhaseRunner;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Runs YCSB phases with YCSB's own console chatter (one "DBWrapper: ..." line per thread, the
 * terminator's messages, the binding's connection line) sent to {@code ycsb.log} in the report
 * directory instead of the user's terminal, where the sweep's progress bars are.
 */
final class YcsbConsole {
  static final String LOG = "ycsb.log";

  private YcsbConsole() {}

  static synchronized PhaseResult run(Path reportDir, String title, Properties props, Progress p)
      throws PhaseException, IOException {
    Files.createDirectories(reportDir);
    PrintStream out = System.out;
    PrintStream err = System.err;
    try (PrintStream log =
        new PrintStream(new FileOutputStream(reportDir.resolve(LOG).toFile(), true), true)) {
      log.println("=== " + title);
      System.setOut(log);
      System.setErr(log);
      return PhaseRunner.run(props, false, log, p);
    } finally {
      System.setOut(out);
      System.setErr(err);
    }
  }
}
