package io.github.mongodbtiered.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Starts a command as a terminal would (a process group of its own, SIGINT and SIGTERM at their
 * default) and signals it as a terminal's Ctrl-C, {@code timeout} or {@code kill -- -PGID} do: the
 * whole group. Without the reset, a test started from a script with {@code &} hands its children an
 * ignored SIGINT, and the JVM under test never sees the Ctrl-C the test sends.
 */
public final class ProcessGroups {
  private ProcessGroups() {}

  /**
   * Starts {@code cmd} in a new session (so a process group whose id is its pid) with SIGINT and
   * SIGTERM reset to their default, output to {@code log}.
   */
  public static Process start(List<String> cmd, Path log, Path cwd) throws IOException {
    List<String> argv = new ArrayList<>();
    // A child of this JVM is no group leader, so setsid execs in place: the Process's pid is the
    // command's, and its group's id. env --default-signal (coreutils 8.31) undoes an inherited
    // SIG_IGN, which exec keeps and bash's "trap - INT" cannot reset.
    argv.addAll(List.of("setsid", "env", "--default-signal=INT,TERM"));
    argv.addAll(cmd);
    return new ProcessBuilder(argv)
        .directory(cwd.toFile())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
  }

  /**
   * Sends {@code signal} (e.g. "INT", "TERM") to {@code p}'s whole process group.
   *
   * @throws AssertionError when {@code p} leads no group of its own (signalling its group would hit
   *     the test too), or ignores {@code signal}
   */
  public static void signalGroup(Process p, String signal) throws Exception {
    long pid = p.pid();
    long group = groupOf(pid);
    if (group != pid) {
      throw new AssertionError(pid + " is in process group " + group + ", not its own");
    }
    int number = "INT".equals(signal) ? 2 : "TERM".equals(signal) ? 15 : 0;
    if (number > 0 && ignores(pid, number)) {
      throw new AssertionError(
          pid + " ignores SIG" + signal + " (inherited, and not reset): it would not end");
    }
    Process kill = new ProcessBuilder("kill", "-" + signal, "--", "-" + pid).start();
    if (!kill.waitFor(10, TimeUnit.SECONDS) || kill.exitValue() != 0) {
      throw new AssertionError("kill -" + signal + " -- -" + pid + " failed");
    }
  }

  /** The process group of {@code pid}, from /proc/PID/stat (the fields after the command). */
  public static long groupOf(long pid) throws IOException {
    String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
    return Long.parseLong(stat.substring(stat.lastIndexOf(')') + 2).split(" ")[2]);
  }

  /** Whether {@code pid} ignores signal {@code number}, per the SigIgn mask in /proc/PID/status. */
  public static boolean ignores(long pid, int number) throws IOException {
    for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
      if (line.startsWith("SigIgn:")) {
        long mask = Long.parseUnsignedLong(line.substring(7).strip(), 16);
        return (mask & (1L << (number - 1))) != 0;
      }
    }
    return false;
  }

  /** Kills {@code p}'s group with SIGKILL, if it still runs: a test's clean-up. */
  public static void killGroup(Process p) throws Exception {
    if (p.isAlive()) {
      new ProcessBuilder("kill", "-KILL", "--", "-" + p.pid())
          .start()
          .waitFor(10, TimeUnit.SECONDS);
      p.waitFor(30, TimeUnit.SECONDS);
    }
  }
}
