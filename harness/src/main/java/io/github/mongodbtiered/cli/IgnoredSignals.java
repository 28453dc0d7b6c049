package io.github.mongodbtiered.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Says when this run cannot be stopped with Ctrl-C: a command started with {@code &} from a script
 * inherits SIGINT ignored, the JVM then never installs its handler, and Ctrl-C does nothing. Java
 * cannot undo an inherited SIG_IGN, so the run says so, and how to stop it instead.
 */
final class IgnoredSignals {
  private static final int SIGINT = 2;

  private IgnoredSignals() {}

  /** The note for this process, or empty when SIGINT reaches it (or this is not Linux). */
  static String note() {
    return note(Path.of("/proc/self/status"));
  }

  /** The note for the process whose {@code /proc/PID/status} is {@code status}. */
  static String note(Path status) {
    try {
      for (String line : Files.readAllLines(status)) {
        if (line.startsWith("SigIgn:")) {
          long mask = Long.parseUnsignedLong(line.substring("SigIgn:".length()).strip(), 16);
          return (mask & (1L << (SIGINT - 1))) == 0
              ? ""
              : "note: this process ignores SIGINT (inherited, e.g. started with & from a script):"
                  + " Ctrl-C will not stop it; SIGTERM (kill "
                  + ProcessHandle.current().pid()
                  + ") stops it and cleans up the same way";
        }
      }
    } catch (IOException | RuntimeException e) {
      // no /proc: nothing to say
    }
    return "";
  }
}
