package io.github.mongodbtiered.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.binding.InJvmMongo;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YcsbLauncherTest {
  private static final String WORKLOAD_C = Path.of("..", "workloads", "workloadc").toString();
  private InJvmMongo mongo;
  private final ByteArrayOutputStream log = new ByteArrayOutputStream();

  @BeforeEach
  void start() {
    mongo = new InJvmMongo();
  }

  @AfterEach
  void stop() {
    mongo.close();
  }

  private int launch(String... args) {
    return YcsbLauncher.run(args, new PrintStream(log, true, StandardCharsets.UTF_8));
  }

  private String log() {
    return log.toString(StandardCharsets.UTF_8);
  }

  private String[] args(String command, String... extra) {
    List<String> a = new ArrayList<>(List.of(command, "mongodb-tiered", "-P", WORKLOAD_C));
    a.addAll(List.of("-p", "mongodb.url=" + mongo.url("launch"), "-p", "recordcount=200"));
    a.addAll(List.of("-p", "operationcount=200", "-threads", "2"));
    a.addAll(List.of(extra));
    return a.toArray(new String[0]);
  }

  @Test
  void commandLinePropertiesWinOverWorkloadFilesWhateverTheOrder(@TempDir Path dir)
      throws Exception {
    Path w = dir.resolve("w");
    Files.writeString(
        w, "workload=site.ycsb.workloads.CoreWorkload\nrecordcount=5\nthreadcount=9\n");
    YcsbLauncher.Invocation inv =
        YcsbLauncher.parse(
            new String[] {
              "run",
              "mongodb-tiered",
              "-p",
              "recordcount=7",
              "-P",
              w.toString(),
              "-threads",
              "3",
              "-target",
              "100",
              "-s",
              "-l",
              "exp1"
            });
    Properties p = inv.props();
    assertEquals("7", p.getProperty("recordcount"));
    assertEquals("3", p.getProperty("threadcount"));
    assertEquals("100", p.getProperty("target"));
    assertEquals("true", p.getProperty("status"));
    assertEquals("exp1", p.getProperty("label"));
    assertEquals("true", p.getProperty("dotransactions"));
    assertEquals("io.github.mongodbtiered.binding.MongoDbTieredClient", p.getProperty("db"));
  }

  @Test
  void badCommandLinesAreUsageErrorsThatSayWhatIsWrong() {
    String[][] bad = {
      {"load"},
      {"bench", "mongodb-tiered"},
      {"load", "mongodb"},
      {"load", "mongodb-tiered", "-P", "/no/such/file"},
      {"load", "mongodb-tiered", "-p", "novalue"},
      {"load", "mongodb-tiered", "-threads", "many"},
      {"load", "mongodb-tiered", "-maxerrors", "lots"},
      {"load", "mongodb-tiered", "--frobnicate"}
    };
    String[] says = {
      "expected a command",
      "unknown command 'bench'",
      "unknown database 'mongodb'",
      "-P /no/such/file: cannot read",
      "-p novalue: expected -p name=value",
      "-threads many: expected a number",
      "-maxerrors lots",
      "unknown option '--frobnicate'"
    };
    for (int i = 0; i < bad.length; i++) {
      log.reset();
      assertEquals(YcsbLauncher.USAGE, launch(bad[i]), String.join(" ", bad[i]));
      assertTrue(log().contains(says[i]), log());
      assertTrue(log().contains("Usage: scripts/ycsb"), log());
    }
  }

  @Test
  void missingWorkloadIsAUsageError() {
    assertEquals(
        YcsbLauncher.USAGE,
        launch("load", "mongodb-tiered", "-p", "mongodb.url=" + mongo.url("x")));
    assertTrue(log().contains("missing property: workload"), log());
  }

  @Test
  void loadThenRunExitZero() {
    assertEquals(YcsbLauncher.OK, launch(args("load")), log());
    assertEquals(YcsbLauncher.OK, launch(args("run")), log());
  }

  @Test
  void aLoadWhoseInsertsFailExitsOneUnlessTheBudgetAllowsIt() {
    assertEquals(YcsbLauncher.OK, launch(args("load")), log());
    log.reset();
    // Loading the same keys again: every insert is a duplicate, and YCSB's load threads (2 here)
    // stop at their first failed insert.
    assertEquals(YcsbLauncher.TOO_MANY_ERRORS, launch(args("load")));
    assertTrue(log().contains("2 of 2 operations failed"), log());
    log.reset();
    assertEquals(YcsbLauncher.OK, launch(args("load", "-maxerrors", "100%")));
    assertTrue(log().contains("within -maxerrors 100.0%"), log());
  }

  @Test
  void aFailedBatchCountsEveryRecordItLost() {
    assertEquals(YcsbLauncher.OK, launch(args("load", "-p", "batchsize=30")), log());
    log.reset();
    // Each of the 2 threads writes one batch of 30 duplicates, then YCSB stops it: 60 records lost,
    // counted as 60 failures, not as 2 failed calls.
    assertEquals(
        YcsbLauncher.TOO_MANY_ERRORS,
        launch(args("load", "-p", "batchsize=30", "-maxerrors", "59")),
        this::log);
    assertTrue(log().contains("60 of 60 operations failed"), log());
  }

  @Test
  void anUnreachableServerExitsThreeWithOneClearLine() throws Exception {
    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    int code =
        launch(
            "load",
            "mongodb-tiered",
            "-P",
            WORKLOAD_C,
            "-p",
            "mongodb.url=mongodb://u:pw@127.0.0.1:" + port + "/x",
            "-p",
            "mongodb.serverSelectionTimeoutMs=300");
    assertEquals(YcsbLauncher.INIT_FAILED, code);
    assertTrue(log().contains("[ERROR] no MongoDB server answered at mongodb.url="), log());
    assertFalse(log().contains(":pw@"), log());
    assertFalse(log().contains("\tat "), log());
  }

  @Test
  void aBadWorkloadPropertyExitsTwoNamingItWithoutAStackTrace() {
    assertEquals(YcsbLauncher.USAGE, launch(args("load", "-p", "fieldlength=-1")), this::log);
    assertTrue(log().contains("[ERROR] fieldlength=-1"), log());
    assertTrue(log().contains("-p fieldlength="), "says the fix: " + log());
    assertFalse(log().contains("\tat "), log());
    log.reset();
    assertEquals(YcsbLauncher.USAGE, launch(args("run", "-p", "fieldcount=zero")), this::log);
    assertTrue(log().contains("[ERROR] fieldcount=zero"), log());
  }

  /** A workload that throws from an operation, as CoreWorkload does on a bad record shape. */
  public static final class ThrowingWorkload extends site.ycsb.workloads.CoreWorkload {
    @Override
    public boolean doInsert(site.ycsb.DB db, Object threadState) {
      throw new IllegalStateException("no record of this shape");
    }
  }

  @Test
  void aWorkloadThatThrowsStopsThePhaseNotTheJvm() {
    // YCSB's ClientThread would print a trace and call System.exit(0), ending this test JVM.
    int code = launch(args("load", "-p", "workload=" + ThrowingWorkload.class.getName()));
    assertEquals(YcsbLauncher.USAGE, code, this::log);
    assertTrue(
        log()
            .contains(
                "[ERROR] the workload failed (java.lang.IllegalStateException: no record of this"
                    + " shape): check its properties"),
        log());
  }

  @Test
  void aBadBindingPropertyExitsTwoNotThree() {
    assertEquals(YcsbLauncher.USAGE, launch(args("load", "-p", "mongodb.retries=-1")), this::log);
    assertTrue(log().contains("[ERROR] mongodb.retries=-1 is out of range"), log());
  }

  @Test
  void aRunWhereEveryReadFoundNothingExitsOneUnlessAllowed() {
    // Nothing loaded: every read of workload C comes back NOT_FOUND.
    assertEquals(YcsbLauncher.TOO_MANY_ERRORS, launch(args("run")), this::log);
    assertTrue(
        log().contains("[ERROR] all 200 reads came back NOT_FOUND: was the data loaded"), log());
    assertTrue(log().contains("-allownotfound"), log());
    log.reset();
    assertEquals(YcsbLauncher.OK, launch(args("run", "-allownotfound")), this::log);
    assertTrue(log().contains("[WARN] all 200 reads came back NOT_FOUND"), log());
  }

  @Test
  void theCommandLineIsEchoedWithoutThePassword() {
    assertEquals(
        "load mongodb-tiered -p mongodb.url=mongodb://u:****@h/db",
        YcsbLauncher.maskedCommandLine(
            new String[] {"load", "mongodb-tiered", "-p", "mongodb.url=mongodb://u:pw@h/db"}));
  }

  @Test
  void phasesInOneJvmStartFromFreshMeasurements() throws Exception {
    Properties p = YcsbLauncher.parse(args("load")).props();
    PhaseResult first = PhaseRunner.run(p, false, new PrintStream(log, true));
    Properties p2 = YcsbLauncher.parse(args("run")).props();
    PhaseResult second = PhaseRunner.run(p2, false, new PrintStream(log, true));
    assertEquals(200, first.returnCounts("INSERT").get("OK"));
    assertEquals(200, second.returnCounts("READ").get("OK"));
    assertTrue(second.returnCounts("INSERT").isEmpty(), "no INSERT figures carried over");
    assertEquals(200, second.opsDone());
    assertEquals(0, second.errors());
    assertEquals(200, second.attempts());
  }

  @Test
  void errorBudgets() {
    assertTrue(ErrorBudget.NONE.allows(0, 10));
    assertFalse(ErrorBudget.NONE.allows(1, 10));
    ErrorBudget ten = ErrorBudget.parse("-maxerrors", "10");
    assertTrue(ten.allows(10, 10));
    assertFalse(ten.allows(11, 1000));
    ErrorBudget pct = ErrorBudget.parse("-maxerrors", "1.5%");
    assertTrue(pct.allows(15, 1000));
    assertFalse(pct.allows(16, 1000));
    assertThrows(IllegalArgumentException.class, () -> ErrorBudget.parse("-maxerrors", "-1"));
    assertThrows(IllegalArgumentException.class, () -> ErrorBudget.parse("-maxerrors", "101%"));
  }
}
