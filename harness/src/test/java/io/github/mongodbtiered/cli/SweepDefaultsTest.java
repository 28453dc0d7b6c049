package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.sweep.SweepOptions;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SweepDefaultsTest {
  @Test
  void theCommandLinesDefaultsAreTheGroupsDefaults(@TempDir Path dir) throws Exception {
    // MONGODB_URL would stand in for --mongodb-url, and the command line differ from the default.
    assumeTrue(System.getenv(ServerOptions.URL_VARIABLE) == null, "MONGODB_URL is set here");
    SweepOptions fromCli = fromCommandLine(dir);

    SweepOptions built =
        SweepOptions.defaults(fromCli.workload().properties(), dir.toAbsolutePath())
            .withWorkload(w -> w.withName("tiered-read-uniform"))
            .withOutput(o -> o.withCommandLine(List.of("mongodb-tiered", "sweep")));
    assertEquals(built, fromCli, () -> built + "\n" + fromCli);
  }

  @Test
  void theHelpShowsTheDefaultsAsTheCommandLineWritesThem() {
    StringWriter help = new StringWriter();
    CommandLine cl = new CommandLine(new SweepCommand());
    cl.setOut(new PrintWriter(help));
    cl.execute("--help");
    String text = help.toString().replaceAll("\\s+", " ");
    for (String shown :
        List.of(
            "default: 2000000,3000000,4000000,5000000)",
            "(default: io1-5000,san-600,hdd-150)",
            "Seconds per measured run at most: it ends sooner once its throughput is known to"
                + " --precision (default: 60)",
            "(default: 20)",
            "(default: 5%)",
            "(default: 180, a bound rather than a length)",
            "Client threads while loading (default: 16)",
            "(default: the workload's threadcount, or 16)",
            "'auto': 3 runs, then more until the interval is within +/-5% of the mean, at most 8",
            "(default: 100)",
            "Server image for --server docker (default: mongo:",
            "(default: auto)",
            "(default: 4k-32k)",
            "(default: 1g)",
            "Seconds per baseline step (default: 5)")) {
      assertTrue(text.contains(shown), () -> shown + " not in:\n" + text);
    }
    // The measured runs' options in the order they always had, --target among them.
    int warmup = text.indexOf(" --warmup=");
    int target = text.indexOf(" --target=");
    int maxErrors = text.indexOf(" --max-errors=");
    assertTrue(warmup < target && target < maxErrors, text);
  }

  @Test
  void theBaselineMeasuresTheWorkloadsKindOfIoUnlessTold(@TempDir Path dir) throws Exception {
    assumeTrue(System.getenv(ServerOptions.URL_VARIABLE) == null, "MONGODB_URL is set here");
    // The default workload only reads: the study's baseline, random reads.
    assertEquals(List.of(DiskBaseline.Mode.READ), baselineModes(dir));
    assertEquals(
        List.of(DiskBaseline.Mode.READ, DiskBaseline.Mode.WRITE),
        baselineModes(dir, "-p", "updateproportion=0.5", "-p", "readproportion=0.5"));
    assertEquals(
        List.of(DiskBaseline.Mode.READ, DiskBaseline.Mode.WRITE),
        baselineModes(dir, "--baseline-mode", "both"));
    assertEquals(List.of(DiskBaseline.Mode.WRITE), baselineModes(dir, "--baseline-mode", "write"));
  }

  @Test
  void badOptionsAreRefusedInTheOrderTheyAlwaysWere(@TempDir Path dir) {
    assumeTrue(System.getenv(ServerOptions.URL_VARIABLE) == null, "MONGODB_URL is set here");
    // The run's length before the fleet's id; the cells before the workload's threads; the
    // baseline's file before the volume's size.
    refused(dir, "give --operations or --seconds", "--clients", "2", "--seconds", "0");
    refused(dir, "--profiles", "-p", "threadcount=x", "--profiles", "nope");
    refused(
        dir,
        "--baseline-file-size 32m",
        "--baseline-blocks",
        "4k-64m",
        "--baseline-file-size",
        "32m",
        "--volume-size",
        "100m");
    refused(dir, "--threads and --load-threads must be at least 1", "-p", "threadcount=0");
  }

  @Test
  void aFloorAboveTheRunsLengthIsRefusedWhenGivenNotByDefault(@TempDir Path dir) throws Exception {
    assumeTrue(System.getenv(ServerOptions.URL_VARIABLE) == null, "MONGODB_URL is set here");
    refused(
        dir,
        "--min-seconds 40 is above --seconds 30, which no run outlasts: give --min-seconds up to"
            + " 30, or --precision 0",
        "--seconds",
        "30",
        "--min-seconds",
        "40");
    // The default floor (20 s) above a short run: the run lasts its 10 s, as documented.
    assertEquals(10, fromCommandLine(dir, "--seconds", "10").runs().seconds());
    assertEquals(
        30, fromCommandLine(dir, "--seconds", "30", "--min-seconds", "30").runs().seconds());
  }

  private static void refused(Path dir, String start, String... args) {
    IllegalArgumentException e =
        org.junit.jupiter.api.Assertions.assertThrows(
            IllegalArgumentException.class, () -> fromCommandLine(dir, args));
    assertTrue(e.getMessage().contains(start), e::getMessage);
  }

  @Test
  void theBaselineIsOnUnlessTurnedOff(@TempDir Path dir) throws Exception {
    assumeTrue(System.getenv(ServerOptions.URL_VARIABLE) == null, "MONGODB_URL is set here");
    assertNull(fromCommandLine(dir, "--no-disk-baseline").baseline().settings());
    assertEquals(
        fromCommandLine(dir).baseline(), fromCommandLine(dir, "--disk-baseline").baseline());
  }

  private static List<DiskBaseline.Mode> baselineModes(Path dir, String... args) throws Exception {
    return fromCommandLine(dir, args).baseline().settings().modes();
  }

  /** The options of {@code mongodb-tiered sweep --out DIR ARGS...}. */
  private static SweepOptions fromCommandLine(Path dir, String... args) throws Exception {
    SweepCommand sweep = new SweepCommand();
    List<String> all = new ArrayList<>(List.of("--out", dir.toString()));
    all.addAll(List.of(args));
    new CommandLine(sweep).parseArgs(all.toArray(new String[0]));
    return sweep.options().withOutput(o -> o.withCommandLine(List.of("mongodb-tiered", "sweep")));
  }
}
