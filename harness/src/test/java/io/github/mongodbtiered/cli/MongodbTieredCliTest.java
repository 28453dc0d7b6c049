package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

class MongodbTieredCliTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    CommandLine cl = MongodbTieredCli.commandLine();
    cl.setOut(new PrintWriter(out, true));
    cl.setErr(new PrintWriter(err, true));
    return cl.execute(args);
  }

  @Test
  void helpReadsLikeAManPage() {
    assertEquals(0, run("probe", "--help"));
    assertTrue(out.toString().contains("--profile"), out.toString());
    assertTrue(out.toString().contains("O_DIRECT"), out.toString());
  }

  @Test
  void anUnknownProfileIsAUsageErrorNamingTheKnownOnes() {
    assertEquals(MongodbTieredCli.USAGE, run("probe", "--profile", "ssd"));
    assertTrue(err.toString().contains("unknown profile 'ssd'"), err.toString());
    assertTrue(err.toString().contains("hdd-150"), err.toString());
    assertFalse(err.toString().contains("\tat "), "no stack trace: " + err);
  }

  @Test
  void badOptionValuesAreUsageErrors() {
    assertEquals(
        MongodbTieredCli.USAGE,
        run("probe", "--profile", "none", "--mode", "random"),
        err::toString);
    assertTrue(err.toString().contains("--mode random: use read, write or both"), err.toString());
    assertEquals(MongodbTieredCli.USAGE, run("probe"));
    assertTrue(err.toString().contains("Missing required option: '--profile"), err.toString());
  }
}
