package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.ProfileFileException;
import io.github.mongodbtiered.servers.ServerUnavailableException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Given a command that fails with an exception of some type, the exit code and message line. */
class ExitCodesTest {
  private final StringWriter err = new StringWriter();

  /** A stand-in command that throws what it is given. */
  @Command(name = "fail")
  static final class Failing implements Callable<Integer> {
    private final Exception thrown;

    Failing(Exception thrown) {
      this.thrown = thrown;
    }

    @Override
    public Integer call() throws Exception {
      throw thrown;
    }
  }

  private int runFailing(Exception thrown) {
    CommandLine cl = MongodbTieredCli.commandLine();
    cl.addSubcommand(new Failing(thrown));
    cl.setErr(new PrintWriter(err, true));
    err.getBuffer().setLength(0);
    return cl.execute("fail");
  }

  private void assertExit(int code, Exception thrown, String line) {
    assertEquals(code, runFailing(thrown), thrown + ": " + err);
    assertEquals("[ERROR] " + line, err.toString().strip(), "one line, no stack trace");
  }

  @Test
  void badInputExits2() {
    assertExit(2, new IllegalArgumentException("--x 3: use 1"), "--x 3: use 1");
    assertExit(2, new ProfileFileException("p.ini:3: bad"), "p.ini:3: bad");
    assertExit(
        2,
        new IllegalArgumentException(
            "the data set already holds 5 records: rerun with --drop-existing"),
        "the data set already holds 5 records: rerun with --drop-existing");
  }

  @Test
  void anUnusableServerOrDockerExits3() {
    assertExit(3, new ServerUnavailableException("Docker is not running"), "Docker is not running");
    assertExit(
        3,
        new ServerUnavailableException("mongod did not start", new IOException("timeout")),
        "mongod did not start");
  }

  @Test
  void anythingElseExits1() {
    // A plain IllegalStateException no longer means "server unusable": only the typed one does.
    assertExit(1, new IllegalStateException("cell failed"), "cell failed");
    assertExit(1, new IOException("disk full"), "disk full");
    assertExit(1, new UncheckedIOException(new IOException("gone")), "java.io.IOException: gone");
    assertExit(1, new NoSuchFileException("/x/y"), "NoSuchFileException: /x/y");
    assertExit(1, new NullPointerException(), "NullPointerException");
    assertExit(1, new RuntimeException("two\n  lines"), "two lines");
  }

  @Test
  void theMapperGoesByType() {
    ExitCodes codes = new ExitCodes();
    CommandLine cl = MongodbTieredCli.commandLine();
    assertEquals(2, codes.getExitCode(new CommandLine.ParameterException(cl, "bad")));
    assertEquals(2, codes.getExitCode(new ProfileFileException("f")));
    assertEquals(2, codes.getExitCode(new NumberFormatException("n")));
    assertEquals(3, codes.getExitCode(new ServerUnavailableException("s")));
    assertEquals(1, codes.getExitCode(new IllegalStateException("s")));
    assertEquals(1, codes.getExitCode(new OutOfMemoryError()));
    assertEquals(
        cl.getExitCodeExceptionMapper(),
        cl.getSubcommands().get("sweep").getExitCodeExceptionMapper());
  }

  @Test
  void aParseErrorIsOneLineWithExit2() {
    CommandLine cl = MongodbTieredCli.commandLine();
    cl.setErr(new PrintWriter(err, true));
    assertEquals(2, cl.execute("sweep", "--recordcounts"));
    String e = err.toString();
    assertTrue(e.startsWith("[ERROR] Missing required parameter for option '--recordcounts'"), e);
    assertEquals(1, e.strip().lines().count(), e);
    assertFalse(e.contains("Usage:"), "the message, not the whole help: " + e);
  }

  @Test
  void anEmptyDataDirIsRefusedBeforeAnythingIsCreated() {
    CommandLine cl = MongodbTieredCli.commandLine();
    cl.setErr(new PrintWriter(err, true));
    assertEquals(
        2,
        cl.execute(
            "sweep",
            "--recordcounts",
            "1000",
            "--server",
            "embedded",
            "--latency",
            "off",
            "--data-dir",
            ""));
    assertEquals(
        "[ERROR] --data-dir: empty path (an unset shell variable?); give a directory or file",
        err.toString().strip());
  }

  /** Given a server nobody answers on, the sweep exits 3 and leaves nothing it created. */
  @Test
  void aSweepRefusedAtItsServerLeavesNoLockAndNoDirectoryItCreated(@TempDir Path dir)
      throws IOException {
    String url = "mongodb://127.0.0.1:1/bench?serverSelectionTimeoutMS=300";
    Path fresh = dir.resolve("fresh");
    Path empty = java.nio.file.Files.createDirectory(dir.resolve("empty"));
    for (Path out : List.of(fresh, empty)) {
      CommandLine cl = MongodbTieredCli.commandLine();
      cl.setErr(new PrintWriter(err, true));
      assertEquals(
          3,
          cl.execute(
              "sweep",
              "--mongodb-url",
              url,
              "--recordcounts",
              "1000",
              "--no-disk-baseline",
              "--no-progress",
              "--out",
              out.toString()));
      assertTrue(err.toString().contains("no server answered within 300 ms"), err::toString);
    }
    assertFalse(java.nio.file.Files.exists(fresh), "the --out this run created is gone");
    try (var left = java.nio.file.Files.list(empty)) {
      assertEquals(List.of(), left.toList(), "an existing empty --out stays empty, no lock");
    }
  }

  /**
   * Every path option and parameter of every command: "" and " " would be the current directory.
   */
  @Test
  void everyPathOptionRefusesAnEmptyPath() {
    List<String> checked = new ArrayList<>();
    for (List<String> command : commands(MongodbTieredCli.commandLine(), new ArrayList<>())) {
      CommandLine sub = MongodbTieredCli.commandLine();
      for (String name : command) {
        sub = sub.getSubcommands().get(name);
      }
      for (CommandLine.Model.ArgSpec arg : sub.getCommandSpec().args()) {
        boolean isPath =
            arg.type() == Path.class
                || (arg.auxiliaryTypes().length > 0 && arg.auxiliaryTypes()[0] == Path.class);
        if (!isPath) {
          continue;
        }
        for (String blank : List.of("", "  ")) {
          StringWriter e = new StringWriter();
          CommandLine cl = MongodbTieredCli.commandLine();
          cl.setErr(new PrintWriter(e, true));
          List<String> args = new ArrayList<>(command);
          String name;
          if (arg instanceof CommandLine.Model.OptionSpec o) {
            name = o.longestName();
            args.add(name);
          } else {
            name = arg.paramLabel();
            args.add(blank); // merge-histograms takes two or more
            if (sub.getCommandSpec().findOption("--out") != null
                && sub.getCommandSpec().findOption("--out").required()) {
              args.add(command.size(), "--out");
              // Outside the checkout: a path inside it would add the work-tree warning first.
              args.add(
                  command.size() + 1,
                  Path.of(System.getProperty("java.io.tmpdir"), "never-written.hdr").toString());
            }
          }
          args.add(blank);
          assertEquals(2, cl.execute(args.toArray(String[]::new)), args + ": " + e);
          // Positionals are all left blank here, so the first one (compare's BASE) is named.
          String named = arg instanceof CommandLine.Model.OptionSpec ? name : "[A-Z]+";
          assertTrue(
              e.toString().matches("(?s)\\[ERROR\\] " + named + ": empty path.*"), args + ": " + e);
          checked.add(String.join(" ", command) + " " + name);
        }
      }
    }
    assertTrue(checked.contains("sweep --data-dir"), checked.toString());
    assertTrue(checked.contains("probe --data-dir"), checked.toString());
    assertTrue(checked.contains("report DIR"), checked.toString());
    assertTrue(checked.contains("fleet manifests --out"), checked.toString());
  }

  private static List<List<String>> commands(CommandLine cl, List<String> prefix) {
    List<List<String>> all = new ArrayList<>();
    for (Map.Entry<String, CommandLine> e : cl.getSubcommands().entrySet()) {
      if (e.getValue().getCommandSpec().aliases().length > 0
          && !e.getKey().equals(e.getValue().getCommandName())) {
        continue;
      }
      List<String> path = new ArrayList<>(prefix);
      path.add(e.getKey());
      all.add(path);
      all.addAll(commands(e.getValue(), path));
    }
    return all;
  }
}
