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
    assertTrue(
        err.toString().contains("option '--mode': 'random': use read, write or both"),
        err.toString());
    assertEquals(MongodbTieredCli.USAGE, run("probe"));
    assertTrue(err.toString().contains("Missing required option: '--profile"), err.toString());
  }

  @Test
  void sweepHelpExplainsTheExperiment() {
    assertEquals(0, run("sweep", "--help"));
    assertTrue(
        out.toString().contains("Reproduces MongoDB's memory-and-disk study"), out.toString());
    assertTrue(out.toString().contains("--drop-existing"), out.toString());
  }

  @Test
  void sweepInputErrorsNameTheOptionAndTheFix() {
    String[][] bad = {
      {"sweep", "--recordcounts", "2M,lots"},
      {"sweep", "--profiles", "ssd"},
      {"sweep", "--server", "cloud"},
      {"sweep", "--server", "docker", "--mongodb-url", "mongodb://h/db"},
      {"sweep", "--mongodb-url", "http://u:pw@h/db"},
      {"sweep", "--workload", "no-such-workload"},
      {"sweep", "--seconds", "0", "--operations", "0"}
    };
    String[] says = {
      "--recordcounts: 'lots' is not a record count",
      "unknown profile 'ssd'",
      "--server cloud: use auto, docker or embedded",
      "--mongodb-url measures an existing deployment",
      "--mongodb-url http://u:****@h/db",
      "--workload no-such-workload",
      "give --operations or --seconds"
    };
    for (int i = 0; i < bad.length; i++) {
      err.getBuffer().setLength(0);
      assertEquals(MongodbTieredCli.USAGE, run(bad[i]), String.join(" ", bad[i]) + ": " + err);
      assertTrue(err.toString().contains(says[i]), err.toString());
      assertFalse(err.toString().contains("pw@"), err.toString());
    }
  }

  @Test
  void recordCountsTakeSuffixes() {
    assertEquals(2_000_000, SweepCommand.parseCount("2M"));
    assertEquals(500_000, SweepCommand.parseCount("500k"));
    assertEquals(20_000, SweepCommand.parseCount("20000"));
  }
}
