package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.report.ReportLayout;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * While a sweep runs, a signal (Ctrl-C, {@code timeout}, {@code kill}) ends the JVM through its
 * shutdown hooks, which take down what the sweep built but say nothing of the report: this one says
 * what is kept and how to go on.
 */
final class InterruptNotice implements AutoCloseable {
  private final Thread hook;

  private InterruptNotice(Thread hook) {
    this.hook = hook;
  }

  /** Armed until {@link #close()}: a shutdown before then prints the notice to {@code err}. */
  static InterruptNotice arm(Path outDir, PrintWriter err) {
    Thread hook =
        new Thread(
            () -> {
              err.println(text(outDir));
              err.flush();
            },
            "mongodb-tiered-interrupt-notice");
    Runtime.getRuntime().addShutdownHook(hook);
    return new InterruptNotice(hook);
  }

  /** "[interrupted] ... 3 finished cells are kept in DIR ...: run the same command to resume". */
  static String text(Path outDir) {
    long saved = savedCells(new ReportLayout(outDir).cells());
    return "[interrupted] the sweep stopped before its end; "
        + saved
        + (saved == 1 ? " finished cell is" : " finished cells are")
        + " kept in "
        + outDir
        + ": run the same command to resume (finished cells are reused, the loaded data set too"
        + " when it is intact)";
  }

  private static long savedCells(Path cellsDir) {
    try (Stream<Path> files = Files.list(cellsDir)) {
      return files.filter(f -> f.getFileName().toString().endsWith(".json")).count();
    } catch (IOException e) {
      return 0;
    }
  }

  @Override
  public void close() {
    try {
      Runtime.getRuntime().removeShutdownHook(hook);
    } catch (IllegalStateException e) {
      // Already shutting down: the notice is on its way.
    }
  }
}
