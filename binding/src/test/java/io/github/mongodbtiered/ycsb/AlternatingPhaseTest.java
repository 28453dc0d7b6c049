package io.github.mongodbtiered.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.binding.InJvmMongo;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given two servers with the same records, when one client's threads alternate between them, then
 * each server's operations are counted, timed and logged as that server's alone.
 */
class AlternatingPhaseTest {
  private static final int RECORDS = 300;
  private static InJvmMongo a;
  private static InJvmMongo b;
  private final ByteArrayOutputStream log = new ByteArrayOutputStream();

  @BeforeAll
  static void load() throws Exception {
    a = new InJvmMongo();
    b = new InJvmMongo();
    for (InJvmMongo m : List.of(a, b)) {
      Properties p = props(m.url("alt"));
      p.setProperty("dotransactions", "false");
      PhaseRunner.run(p, false, new PrintStream(new ByteArrayOutputStream(), true));
    }
  }

  @AfterAll
  static void stop() {
    a.close();
    b.close();
  }

  private static Properties props(String url) {
    Properties p = new Properties();
    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    p.setProperty("db", "io.github.mongodbtiered.binding.MongoDbTieredClient");
    p.setProperty("mongodb.url", url);
    p.setProperty("recordcount", Integer.toString(RECORDS));
    p.setProperty("operationcount", Integer.toString(RECORDS));
    p.setProperty("readproportion", "1");
    p.setProperty("updateproportion", "0");
    p.setProperty("threadcount", "2");
    p.setProperty("dotransactions", "true");
    return p;
  }

  @Test
  void eachServersOperationsAreItsOwnAndEachArmHoldsTheSwitchForItsTime(@TempDir Path dir)
      throws Exception {
    // Server b fails some reads: every failure must land on arm b, none on arm a.
    b.failNext("find", 25, 2); // BadValue: not retried
    List<AlternatingPhase.Arm> arms =
        List.of(
            new AlternatingPhase.Arm(a.url("alt"), dir.resolve("a-")),
            new AlternatingPhase.Arm(b.url("alt"), dir.resolve("b-")));
    List<PhaseResult> r =
        AlternatingPhase.run(
            props(a.url("alt")), arms, 100, 600, new PrintStream(log, true), Progress.NONE);

    assertEquals(2, r.size());
    for (PhaseResult arm : r) {
      assertTrue(arm.opsDone() > 0, arm.toString());
      // Six slices of 100 ms each, give or take the timer's lateness.
      assertTrue(arm.runtimeMillis() >= 600 && arm.runtimeMillis() < 1200, arm.toString());
      assertEquals(arm.opsDone(), arm.attempts(), "every operation has its outcome: " + arm);
    }
    assertEquals(0, r.get(0).errors(), r.get(0).toString());
    assertTrue(r.get(1).errors() > 0 && r.get(1).errors() <= 25, r.get(1).toString());

    List<Histogram> logA = intervals(dir.resolve("a-READ.hdr"));
    List<Histogram> logB = intervals(dir.resolve("b-READ.hdr"));
    // An interval a slice, as long as the slice held the switch: together the arm's runtime.
    assertEquals(r.get(0).runtimeMillis(), millis(logA), logA.size());
    assertEquals(r.get(1).runtimeMillis(), millis(logB), logB.size());
    assertEquals(r.get(0).opsDone(), total(logA));
    assertEquals(r.get(1).opsDone(), total(logB));
    // The slices take turns: each of a's intervals ends as the next of b's starts, and so on (a
    // log keeps its times to the millisecond from its own start).
    for (int i = 0; i < logB.size(); i++) {
      assertEquals(logA.get(i).getEndTimeStamp(), logB.get(i).getStartTimeStamp(), 1, "a " + i);
      if (i + 1 < logA.size()) {
        assertEquals(logB.get(i).getEndTimeStamp(), logA.get(i + 1).getStartTimeStamp(), 1);
      }
    }
  }

  @Test
  void aServerThatCannotBeReachedStopsThePhaseBeforeAnySlice(@TempDir Path dir) {
    List<AlternatingPhase.Arm> arms =
        List.of(
            new AlternatingPhase.Arm(a.url("alt"), dir.resolve("a-")),
            new AlternatingPhase.Arm(
                "mongodb://127.0.0.1:1/alt?serverSelectionTimeoutMS=500", dir.resolve("b-")));
    assertThrows(
        PhaseException.class,
        () ->
            AlternatingPhase.run(
                props(a.url("alt")), arms, 100, 300, new PrintStream(log, true), Progress.NONE));
    assertTrue(Files.notExists(dir.resolve("a-READ.hdr")), "no log of a phase that never ran");
  }

  @Test
  void theOperationTypesComeFromTheWorkloadsProportions() {
    Properties p = new Properties();
    assertEquals(List.of("READ", "UPDATE"), AlternatingPhase.operations(p));
    p.setProperty("updateproportion", "0");
    p.setProperty("scanproportion", "0.1");
    assertEquals(List.of("READ", "SCAN"), AlternatingPhase.operations(p));
    p.setProperty("readproportion", "0");
    p.setProperty("readmodifywriteproportion", "0.5");
    assertEquals(List.of("READ", "UPDATE", "SCAN"), AlternatingPhase.operations(p));
  }

  private static List<Histogram> intervals(Path log) throws IOException {
    List<Histogram> result = new ArrayList<>();
    try (InputStream in = Files.newInputStream(log)) {
      HistogramLogReader reader = new HistogramLogReader(in);
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        result.add((Histogram) h);
      }
    }
    return result;
  }

  private static long millis(List<Histogram> hs) {
    return hs.stream().mapToLong(h -> h.getEndTimeStamp() - h.getStartTimeStamp()).sum();
  }

  private static long total(List<Histogram> hs) {
    return hs.stream().mapToLong(Histogram::getTotalCount).sum();
  }
}
