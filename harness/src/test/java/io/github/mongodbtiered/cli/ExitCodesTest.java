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
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;
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
}
