package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

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
}
