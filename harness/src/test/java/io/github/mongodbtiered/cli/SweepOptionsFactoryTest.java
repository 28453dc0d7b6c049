package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.sweep.SweepOptions;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

class SweepOptionsFactoryTest {
  @Test
  void theBuildersDefaultsAreTheCommandLines(@TempDir Path dir) throws Exception {
    // MONGODB_URL would stand in for --mongodb-url, and the command line differ from the default.
    assumeTrue(System.getenv(ServerOptions.URL_VARIABLE) == null, "MONGODB_URL is set here");
    SweepCommand sweep = new SweepCommand();
    new CommandLine(sweep).parseArgs("--out", dir.toString());

    SweepOptions fromCli =
        SweepOptionsFactory.create(
            sweep.cells,
            sweep.workload,
            sweep.load,
            sweep.server,
            sweep.baseline,
            sweep.volume,
            sweep.out,
            List.of("mongodb-tiered", "sweep"));

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
    SweepCommand sweep = new SweepCommand();
    List<String> all = new java.util.ArrayList<>(List.of("--out", dir.toString()));
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
            List.of("mongodb-tiered", "sweep"))
        .diskBaseline()
        .modes();
  }
}
