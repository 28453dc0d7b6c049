package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.results.IoLatency;
import io.github.mongodbtiered.servers.DiskBaseline.Mode;
import io.github.mongodbtiered.servers.DiskBaseline.Settings;
import io.github.mongodbtiered.standin.DirectIoProbe;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.containers.output.OutputFrame;

/** The disk baseline without Docker: its settings, its output parsing, and a run on the host. */
class DiskBaselineUnitTest {
  private static final String LINE =
      "STEP mode=read block_min=4096 block_max=32768 threads=4 seconds=5.000 ops=751"
          + " bytes=13824000 iops=150.2 mbps=2.765 p50_us=330 p95_us=94760 p99_us=95760"
          + " max_us=96740";

  @Test
  void aStepLineIsParsedWithRatesFromTheRawCounts() {
    BaselineStep s = ProbeOutput.step("hdd-150", "container", LINE);
    assertEquals(
        new BaselineStep(
            "hdd-150",
            "container",
            "read",
            4096,
            32768,
            4,
            5.0,
            751,
            new BaselineStep.Rate(150.2, 2.7648),
            new IoLatency(330, 94760, 95760, 96740)),
        s);
  }

  @Test
  void aStepLineMissingAFieldIsRefusedNamingIt() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ProbeOutput.step("none", "host", LINE.replace(" bytes=13824000", "")));
    assertTrue(e.getMessage().contains("without bytes"), e.getMessage());
  }

  @Test
  void stepsSeenLiveAndAgainInTheFinalOutputAreHandedOnOnceInOrder() {
    List<BaselineStep> seen = new ArrayList<>();
    ProbeOutput.StepCollector c = new ProbeOutput.StepCollector("hdd-150", "container", seen::add);
    String second = LINE.replace("threads=4", "threads=8");
    String third = LINE.replace("threads=4", "threads=16");
    c.live("filling the file");
    c.live(LINE);
    c.live(second);
    // The log stream lags: the final output holds a step it had not delivered yet.
    c.finish("noise\n" + LINE + "\n" + second + "\n" + third + "\n");
    c.live(third); // late, already handed on
    assertEquals(List.of(4, 8, 16), seen.stream().map(BaselineStep::threads).toList());
    assertEquals(seen, c.all());
  }

  @Test
  void logFramesCutMidLineAreJoinedIntoWholeLines() {
    List<String> lines = new ArrayList<>();
    ProbeContainer.LineSplitter splitter = new ProbeContainer.LineSplitter(lines::add);
    splitter.accept(frame(OutputFrame.OutputType.STDOUT, "STEP mode=read thr"));
    splitter.accept(frame(OutputFrame.OutputType.STDERR, "a warning\n"));
    splitter.accept(frame(OutputFrame.OutputType.STDOUT, "eads=1\nSTEP mode=read threads=2\nST"));
    assertEquals(List.of("STEP mode=read threads=1", "STEP mode=read threads=2"), lines);
    assertTrue(splitter.output().contains("a warning"), splitter.output());
  }

  private static OutputFrame frame(OutputFrame.OutputType type, String text) {
    return new OutputFrame(type, text.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void settingsCountTheDoublingStepsAndTheirTime() {
    Settings s = Settings.defaults();
    assertEquals(List.of(1, 2, 4, 8, 16, 32, 64), s.threadCounts());
    assertEquals(14, s.steps());
    assertEquals(140.0, s.measuredSeconds());
    Settings reads = s.withModes(List.of(Mode.READ)).withMaxThreads(4).withSecondsPerStep(3);
    assertEquals(List.of(1, 2, 4), reads.threadCounts());
    assertEquals(9.0, reads.measuredSeconds());
    assertEquals(List.of(Mode.READ), reads.modes());
  }

  @Test
  void badSettingsAreRefusedSayingWhatToUse() {
    Settings s = Settings.defaults();
    String[][] cases = {
      {"max threads 48", "power of two"},
      {"block size", "the smaller first"},
      {"file size", "at least 1m"},
      {"seconds per step", "more than 0"},
      {"baseline modes", "read, write or both"}
    };
    List<Runnable> makers =
        List.of(
            () -> s.withMaxThreads(48),
            () -> s.withBlockBytes(32768, 4096),
            () -> s.withFileBytes(40_000),
            () -> s.withSecondsPerStep(0),
            () -> s.withModes(List.of(Mode.READ, Mode.READ)));
    for (int i = 0; i < cases.length; i++) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, makers.get(i)::run, cases[i][0]);
      assertTrue(e.getMessage().startsWith(cases[i][0]), e.getMessage());
      assertTrue(e.getMessage().contains(cases[i][1]), e.getMessage());
    }
    assertThrows(IllegalArgumentException.class, () -> s.withMaxThreads(2048));
  }

  @Test
  void aWorkloadThatOnlyReadsIsBaselinedWithReadsAndOneThatWritesWithBoth() {
    Properties readOnly = new Properties();
    readOnly.setProperty("readproportion", "1");
    readOnly.setProperty("updateproportion", "0");
    assertEquals(List.of(Mode.READ), DiskBaseline.modesFor(readOnly));
    // YCSB's core workload updates 5% of operations unless told otherwise.
    Properties unset = new Properties();
    assertEquals(List.of(Mode.READ, Mode.WRITE), DiskBaseline.modesFor(unset));
    for (String writing :
        List.of("insertproportion", "readmodifywriteproportion", "updateproportion")) {
      Properties w = (Properties) readOnly.clone();
      w.setProperty(writing, " 0.1");
      assertEquals(List.of(Mode.READ, Mode.WRITE), DiskBaseline.modesFor(w), writing);
    }
  }

  @Test
  void theContainerIsToldTheStepsInTheProbesArguments() {
    Settings s = Settings.defaults().withModes(List.of(Mode.WRITE)).withSecondsPerStep(2.5);
    assertEquals(
        List.of(
            "steps",
            "/data/db/mongodb-tiered-probe.dat",
            "write",
            Long.toString(1L << 30),
            "2.500",
            "64",
            "4096-32768"),
        DiskBaseline.probeArgs(s));
    assertEquals("both", DiskBaseline.probeArgs(Settings.defaults()).get(2));
  }

  @Test
  void onTheHostTheStepsDoubleAndEachOpMovesBetweenTheSmallestAndLargestBlock(@TempDir Path dir)
      throws Exception {
    Settings s = new Settings(List.of(Mode.READ, Mode.WRITE), 4096, 16384, 4L << 20, 2, 0.3);
    List<BaselineStep> live = new ArrayList<>();

    List<BaselineStep> steps = DiskBaseline.onHost(dir, s, live::add);

    assertEquals(steps, live);
    assertEquals(List.of(1, 2, 1, 2), steps.stream().map(BaselineStep::threads).toList());
    assertEquals(
        List.of("read", "read", "write", "write"), steps.stream().map(BaselineStep::mode).toList());
    for (BaselineStep step : steps) {
      assertEquals("none", step.profile());
      assertEquals("host", step.where());
      assertEquals(0.3, step.seconds(), 1e-9);
      assertTrue(step.ops() > 0, step.toString());
      assertEquals(step.ops() / step.seconds(), step.rate().iops(), 1e-6);
      double bytesPerOp = step.rate().mbPerSec() * 1e6 * step.seconds() / step.ops();
      assertTrue(bytesPerOp >= 4096 && bytesPerOp <= 16384, "bytes per op " + bytesPerOp);
      assertTrue(step.latency().p50Micros() <= step.latency().p95Micros(), step.toString());
      assertTrue(step.latency().p95Micros() <= step.latency().p99Micros(), step.toString());
      assertTrue(step.latency().p99Micros() <= step.latency().maxMicros(), step.toString());
    }
    assertEquals(4L << 20, Files.size(dir.resolve(DiskBaseline.FILE_NAME)));
  }

  @Test
  void theSingleMeasurementKeepsItsArgumentsAndResultLine(@TempDir Path dir) throws Exception {
    String file = dir.resolve("probe.dat").toString();
    String out = captureStdout(() -> DirectIoProbe.main(new String[] {file, "read", "2", "0.2"}));
    DiskProbe.Result r = ProbeOutput.result(DiskProfiles.builtIn().get("none"), out);
    assertEquals("read", r.mode());
    assertEquals(4096, r.blockBytes());
    assertEquals(1, r.threads());
    assertTrue(r.ops() > 0, out);
    // MiB/s from bytes moved: one 4 KiB block per op.
    assertEquals(r.iops() * 4096 / (1 << 20), r.mibPerSec(), 0.01 + r.mibPerSec() * 0.01);
  }

  private interface Body {
    void run() throws Exception;
  }

  private static String captureStdout(Body body) throws Exception {
    PrintStream original = System.out;
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    System.setOut(new PrintStream(bytes, true, StandardCharsets.UTF_8));
    try {
      body.run();
    } finally {
      System.setOut(original);
    }
    return bytes.toString(StandardCharsets.UTF_8);
  }
}
