package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.sweep.SweepOptions;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SweepOptionsFactoryTest {
  @Test
  void theBuildersDefaultsAreTheCommandLines(@TempDir Path dir) throws Exception {
    // MONGODB_URL would stand in for --mongodb-url, and the command line differ from the default.
    assumeTrue(System.getenv(ServerOptions.URL_VARIABLE) == null, "MONGODB_URL is set here");
    SweepOptions fromCli = fromCommandLine(dir);

    SweepOptions built =
        SweepOptions.builder()
            .workload(fromCli.workload())
            .workloadName("tiered-read-uniform")
            .outDir(dir.toAbsolutePath())
            .commandLine(List.of("mongodb-tiered", "sweep"))
            .build();
    assertEquals(fromCli, built, () -> fromCli + "\n" + built);
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

  private static List<DiskBaseline.Mode> baselineModes(Path dir, String... args) throws Exception {
    return fromCommandLine(dir, args).diskBaseline().modes();
  }

  /** The options of {@code mongodb-tiered sweep --out DIR ARGS...}. */
  private static SweepOptions fromCommandLine(Path dir, String... args) throws Exception {
    SweepCommand sweep = new SweepCommand();
    List<String> all = new ArrayList<>(List.of("--out", dir.toString()));
    all.addAll(List.of(args));
    new CommandLine(sweep).parseArgs(all.toArray(new String[0]));
    return SweepOptionsFactory.create(
        sweep.cells,
        sweep.workload,
        sweep.load,
        sweep.server,
        sweep.baseline,
        sweep.volume,
        sweep.out,
        List.of("mongodb-tiered", "sweep"));
  }
}
