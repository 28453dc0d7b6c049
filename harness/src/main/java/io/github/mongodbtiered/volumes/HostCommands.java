package io.github.mongodbtiered.volumes;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs the host's tools ({@code losetup}, {@code mount}, {@code nbdkit}, ...). An interface so the
 * order of steps can be tested without root.
 */
public interface HostCommands {
  /**
   * Runs {@code argv} to completion.
   *
   * @return what it printed (standard output and error together)
   * @throws IOException when it cannot start, exits non-zero or outlives {@code timeout}; the
   *     message names the command and ends with its output
   */
  String run(Duration timeout, List<String> argv) throws IOException;

  /**
   * Starts {@code argv} in the background, its output going to {@code log}, for a daemon that stays
   * in the foreground (nbdfuse): the caller waits for its own readiness signal.
   */
  default Process start(Path log, List<String> argv) throws IOException {
    return new ProcessBuilder(argv)
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
        .start();
  }

  default String run(String... argv) throws IOException {
    return run(Duration.ofMinutes(2), List.of(argv));
  }

  /** The real host. */
  HostCommands SYSTEM =
      (timeout, argv) -> {
        // Output to a file, not a pipe: a daemon (nbdkit, nbdfuse) forks, its parent exits, and a
        // child still holding a pipe would keep a reader waiting for ever.
        Path log = Files.createTempFile("mongodb-tiered-cmd", ".log");
        try {
          Process p =
              new ProcessBuilder(argv)
                  .redirectErrorStream(true)
                  .redirectOutput(log.toFile())
                  .redirectInput(ProcessBuilder.Redirect.from(new File("/dev/null")))
                  .start();
          try {
            if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
              p.destroyForcibly();
              throw new IOException(String.join(" ", argv) + ": no exit after " + timeout);
            }
          } catch (InterruptedException e) {
            p.destroyForcibly();
            Thread.currentThread().interrupt();
            throw new IOException(String.join(" ", argv) + ": interrupted", e);
          }
          String out = Files.readString(log, StandardCharsets.UTF_8).strip();
          if (p.exitValue() != 0) {
            throw new IOException(
                String.join(" ", argv)
                    + " exited with "
                    + p.exitValue()
                    + (out.isEmpty() ? "" : ": " + out));
          }
          return out;
        } finally {
          Files.deleteIfExists(log);
        }
      };
}
