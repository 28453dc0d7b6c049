package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class MongodbTieredCliTest {
  private final StringWriter out = new StringWriter();
  private final StringWriter err = new StringWriter();

  private int run(String... args) {
    return CliRun.execute(out, err, args);
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
      {"sweep", "--mongodb-url", "u:pw@h/db"},
      {"sweep", "--workload", "no-such-workload"},
      {"sweep", "--seconds", "0", "--operations", "0"},
      {"sweep", "-p", "fieldlength=-1"},
      {"sweep", "-p", "minfieldlength=50", "-p", "fieldlength=20"},
      {"sweep", "-p", "readproportion=1.5", "-p", "updateproportion=-0.5"},
      {"sweep", "-p", "readproportion=0.9", "-p", "updateproportion=0.2"},
      {"sweep", "--workload", "workloada", "-p", "readproportion=0", "-p", "updateproportion=0"},
      {"sweep", "-p", "requestdistribution=zipfianxx"},
      {"sweep", "-p", "mongodb.url=mongodb://u:pw@h/db"},
      {"sweep", "-p", "recordcount=5"},
      {"sweep", "-p", "target=1000"},
      {"sweep", "-p", "measurement.interval=both"},
      {"sweep", "--shard-url", "mongodb://u:pw@s1:27018/"},
      {"sweep", "--mongodb-url", "mongodb://h/db", "--shard-url", "u:pw@s1:27018"}
    };
    String[] says = {
      "option '--recordcounts' (COUNT): 'lots' is not a record count",
      "--profiles: unknown profile 'ssd'",
      "option '--server': 'cloud': use auto, docker or embedded",
      "--mongodb-url measures an existing deployment",
      "--mongodb-url http://u:****@h/db",
      "--mongodb-url (a value without a scheme): expected mongodb://host:port/db",
      "--workload no-such-workload",
      "give --operations or --seconds",
      "fieldlength=-1 is not a whole number of 1 or more (bytes per field): fix -p fieldlength="
          + " or the workload file, e.g. -p fieldlength=100",
      "minfieldlength=50 is more than fieldlength=20",
      "readproportion=1.5 is not a share from 0 to 1",
      "readproportion=0.9 + updateproportion=0.2 make 1.10000, not 1",
      "every operation's proportion is 0, not 1",
      "requestdistribution=zipfianxx is not one YCSB knows: use one of uniform, zipfian,",
      "-p mongodb.url: the sweep does not take this property: use --mongodb-url",
      "-p recordcount: the sweep does not take this property: use --recordcounts",
      "-p target: the sweep does not take this property: use --target",
      "-p measurement.interval: the sweep does not take this property: --target records both",
      "--shard-url reads a sharded cluster's shards: give its mongos with --mongodb-url",
      "--shard-url (a value without a scheme): expected mongodb://host:port"
    };
    for (int i = 0; i < bad.length; i++) {
      err.getBuffer().setLength(0);
      assertEquals(MongodbTieredCli.USAGE, run(bad[i]), String.join(" ", bad[i]) + ": " + err);
      assertTrue(err.toString().contains(says[i]), err.toString());
      assertFalse(err.toString().contains("pw@"), err.toString());
    }
  }

  @Test
  void badValuesAreOneLineNamingTheOptionWithExit2() {
    String[][] bad = {
      {"sweep", "--recordcounts", "1e99"},
      {"sweep", "--recordcounts", "2147483648"},
      {"sweep", "--recordcounts", "2.5"},
      {"sweep", "--recordcounts", "abc"},
      {"sweep", "--threads", "0"},
      {"sweep", "--threads", "99999999"},
      {"sweep", "-p", "threadcount=99999"},
      {"sweep", "--baseline-blocks", "32k-4k"},
      {"sweep", "--baseline-file-size", "1e99g"},
      {"sweep", "--recordcount", "5"},
      {"sweep", "--profiles-file", "/no/such/profiles"},
      {"sweep", "--max-errors", "lots"},
      {"sweep", "--max-errors", "101%"},
      {"sweep", "--target", "0"},
      {"sweep", "--target", "-5"},
      {"sweep", "--target", "fast"},
      {"sweep", "--target", "NaN"},
      {"sweep", "--recordcounts", "1000", "--recordcounts", "2000"},
      {"sweep", "--recordcounts=1000", "--recordcounts", "2000"},
      {"sweep", "--recordcounts", "2M,3M,2M"},
      {"sweep", "--warmup", "99999999999"},
      {"sweep", "--seconds", "-1"},
      {"sweep", "--warmup", "-1"},
      {"sweep", "--seconds", "NaN"},
      {"sweep", "--operations", "-5"},
      {"sweep", "--volume-size", "1k"},
      {"sweep", "--volume-size", "30m", "--latency", "auto"},
      {"sweep", "--mongodb-url", "mongodb://u:50%zz@h/db"},
      {"sweep", "--mongodb-url", "mongodb://h:port/db"},
      {"sweep", "--mongodb-url", "mongodb://h/db?tls=maybe"},
      {"sweep", "--mongodb-url", "mongodb://h/db", "--shard-url", "mongodb://u:pw1@s1:port/"}
    };
    String[] says = {
      "option '--recordcounts' (COUNT): '1e99' is too large: YCSB counts records in an int, so at"
          + " most 2147483647",
      "option '--recordcounts' (COUNT): '2147483648' is too large",
      "'2.5' is not a whole number of records",
      "'abc' is not a record count: use e.g. 20000, 500k or 2M",
      "option '--threads': '0': use a whole number from 1 to 4096",
      "option '--threads': '99999999': use a whole number from 1 to 4096 (more clients: sweep"
          + " --clients N",
      "the workload's threadcount 99999 is above 4096 client threads: give --threads N",
      "option '--baseline-blocks': '32k-4k': use sizes from 512 bytes to 64m",
      "option '--baseline-file-size': '1e99g' is too large a size",
      "Unknown options: '--recordcount', '5' (did you mean --recordcounts or --remeasure or --repeats?); see"
          + " 'mongodb-tiered sweep --help'",
      "--profiles-file /no/such/profiles: no such file",
      "option '--max-errors': 'lots' is not a number of failed operations: give a count",
      "'101%' is not a number of failed operations",
      "option '--target': '0' is not a rate: give operations per second above 0 (e.g. 1000), or"
          + " leave --target out for a closed loop",
      "option '--target': '-5' is not a rate",
      "option '--target': 'fast' is not a rate",
      "option '--target': 'NaN' is not a rate",
      "--recordcounts: given 2 times; give it once, with every count in one list",
      "--recordcounts: given 2 times",
      "--recordcounts: 2000000 is in the list twice; give each count once",
      "option '--warmup': '99999999999': use a number of seconds from 0 to 86400",
      "option '--seconds': '-1': use a number of seconds from 0 to 86400",
      "option '--warmup': '-1': use a number of seconds",
      "option '--seconds': 'NaN': use a number of seconds",
      "option '--operations': '-5': use a whole number of operations from 0",
      "--volume-size 1k: too small for a file system; give 300m or more",
      "--volume-size 30m: too small for a file system; give 300m or more",
      "--mongodb-url=mongodb://u:****@h/db is malformed: ",
      "--mongodb-url=mongodb://h:port/db is malformed: ",
      "--mongodb-url=mongodb://h/db?tls=maybe: tls=maybe is not true or false",
      "--shard-url=mongodb://u:****@s1:port/ is malformed: "
    };
    for (int i = 0; i < bad.length; i++) {
      err.getBuffer().setLength(0);
      assertEquals(MongodbTieredCli.USAGE, run(bad[i]), String.join(" ", bad[i]) + ": " + err);
      assertTrue(err.toString().startsWith("[ERROR] "), err.toString());
      assertTrue(err.toString().contains(says[i]), err.toString());
      assertEquals(1, err.toString().strip().lines().count(), "one line: " + err);
    }
  }

  @Test
  void recordCountsTakeSuffixesAndStayWhole() {
    Counts.RecordCount count = new Counts.RecordCount();
    assertEquals(2_000_000, count.convert("2M"));
    assertEquals(500_000, count.convert("500k"));
    assertEquals(20_000, count.convert("20000"));
    assertEquals(1_500_000, count.convert("1.5m"));
    assertEquals(2_000_000, count.convert("2e6"));
    assertEquals(Integer.MAX_VALUE, count.convert("2147483647"));
  }

  @Test
  void maxErrorsIsACountOrAShareAsTheYcsbLauncherSpellsIt() {
    RunOptions.MaxErrors maxErrors = new RunOptions.MaxErrors();
    assertTrue(maxErrors.convert("0").allows(0, 10));
    assertFalse(maxErrors.convert("0").allows(1, 10));
    assertTrue(maxErrors.convert("10").allows(10, 10_000));
    assertFalse(maxErrors.convert("10").allows(11, 10_000));
    assertTrue(maxErrors.convert("0.5%").allows(5, 1000));
    assertFalse(maxErrors.convert("0.5%").allows(6, 1000));
    assertEquals("0.5%", maxErrors.convert("0.5%").toString());
  }

  @Test
  void targetIsOperationsPerSecondForTheWholeClient() {
    RunOptions.TargetRate rate = new RunOptions.TargetRate();
    assertEquals(1000.0, rate.convert("1000"));
    assertEquals(2500.0, rate.convert("2.5k"));
    assertEquals(0.5, rate.convert("0.5"));
  }

  @Test
  void everyCommandsHelpHasSectionsDefaultsAndExitCodes() {
    for (String command : List.of("sweep", "probe", "disk-baseline", "report")) {
      out.getBuffer().setLength(0);
      assertEquals(0, run(command, "--help"), command);
      String help = out.toString();
      assertTrue(help.contains("\nUsage: mongodb-tiered " + command), help);
      assertTrue(help.contains("\nExit codes:\n"), help);
      assertTrue(help.contains("\n  2   bad command line"), help);
      assertTrue(help.contains("\nOptions:\n") && help.contains("\n  -h, --help"), help);
    }
    out.getBuffer().setLength(0);
    // picocli warns on System.err of a description that is not a valid format (a bare %).
    java.io.PrintStream systemErr = System.err;
    java.io.ByteArrayOutputStream warnings = new java.io.ByteArrayOutputStream();
    System.setErr(new java.io.PrintStream(warnings, true, java.nio.charset.StandardCharsets.UTF_8));
    try {
      run("sweep", "--help");
    } finally {
      System.setErr(systemErr);
    }
    assertFalse(
        warnings.toString(java.nio.charset.StandardCharsets.UTF_8).contains("WARN"),
        warnings::toString);
    String sweep = out.toString();
    for (String section :
        List.of("Cells", "Measured runs", "Loading", "Server", "Disk baseline", "Output")) {
      assertTrue(sweep.contains("\n" + section + ":\n"), section + " missing from\n" + sweep);
    }
    assertTrue(sweep.contains("(default: 60)"), sweep);
    assertTrue(sweep.contains("--image=IMAGE") && sweep.contains("Server image for"), sweep);
    assertTrue(sweep.contains("--probe-image=IMAGE"), sweep);
  }

  /** A file that is no workload file is refused before a server starts, naming --workload. */
  @Test
  void aGarbageWorkloadFileIsRefusedNamingWorkload(@org.junit.jupiter.api.io.TempDir Path dir)
      throws Exception {
    Path garbage = dir.resolve("garbage");
    java.nio.file.Files.write(garbage, new byte[] {0x7f, 'E', 'L', 'F', 0, 1, 2, '\n', 'x'});
    Path wrongClass = dir.resolve("wrong-class");
    java.nio.file.Files.writeString(wrongClass, "workload=site.ycsb.workloads.NoSuchWorkload\n");
    Path data = dir.resolve("data");
    for (Path file : List.of(garbage, wrongClass)) {
      err.getBuffer().setLength(0);
      assertEquals(
          MongodbTieredCli.USAGE,
          run(
              "sweep",
              "--server",
              "embedded",
              "--latency",
              "off",
              "--recordcounts",
              "1000",
              "--workload",
              file.toString(),
              "--data-dir",
              data.toString(),
              "--out",
              dir.resolve("out").toString()),
          err::toString);
      assertTrue(err.toString().startsWith("[ERROR] --workload " + file + ": "), err.toString());
      assertFalse(err.toString().contains("-P"), err.toString());
      assertFalse(java.nio.file.Files.exists(data), "no server started");
      assertFalse(java.nio.file.Files.exists(dir.resolve("out")), "nothing written");
    }
  }
}
