package io.github.mongodbtiered.testing;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

/**
 * Waits for something a test cannot be told of (a process's output, a file, a container), polling
 * it, instead of sleeping for a guess: the test goes on as soon as it holds, fails at the deadline
 * with what it saw, and fails at once when what it waits on is gone.
 */
public final class Awaits {
  /** Often enough that a test acting on the state it waits for catches it early. */
  private static final Duration POLL = Duration.ofMillis(50);

  private Awaits() {}

  /** Something checked between polls; it throws (an AssertionError) to end the wait. */
  @FunctionalInterface
  public interface Check {
    void check() throws Exception;
  }

  /**
   * Polls {@code done} until it holds, running {@code stillWorthWaiting} before each poll.
   *
   * @param timedOut the failure's message at the deadline, built then
   * @throws AssertionError at the deadline, or from {@code stillWorthWaiting}
   */
  public static void until(
      Duration atMost, Callable<Boolean> done, Check stillWorthWaiting, Callable<String> timedOut)
      throws Exception {
    long deadline = System.nanoTime() + atMost.toNanos();
    while (!done.call()) {
      stillWorthWaiting.check();
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError(timedOut.call() + " (waited " + atMost.toSeconds() + " s)");
      }
      Thread.sleep(POLL.toMillis());
    }
  }

  /**
   * Waits until {@code process}'s output, redirected to {@code log}, has a line starting with
   * {@code prefix}; fails, showing the output, if the process ends first.
   */
  public static void untilLine(Process process, Path log, String prefix, Duration atMost)
      throws Exception {
    until(
        atMost,
        () ->
            Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                .anyMatch(l -> l.startsWith(prefix)),
        () -> {
          if (!process.isAlive()) {
            throw new AssertionError("the process ended early: " + Files.readString(log));
          }
        },
        () -> "no '" + prefix + "' in " + Files.readString(log));
  }
}
