package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import io.github.mongodbtiered.testing.Awaits;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.testcontainers.DockerClientFactory;

/**
 * Given a disk measurement (probe or disk-baseline) running in a profile's container, when the user
 * presses Ctrl-C, then no container stays.
 */
@Tag("integration")
class InterruptedProbeTest {
  private static final String LABEL = "io.github.mongodbtiered.probe";
  private static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();

  @BeforeAll
  static void docker() {
    ServerUnderTest.assumeDocker();
  }

  @ParameterizedTest(name = "Ctrl-C during {0}")
  @ValueSource(strings = {"probe", "disk-baseline"})
  void ctrlCRemovesTheMeasurementsContainer(String command, @TempDir Path data) throws Exception {
    DockerClient docker = DockerClientFactory.instance().client();
    assertEquals(List.of(), containers(docker), "no probe container before the test");
    Process cli =
        new ProcessBuilder(
                ROOT.resolve("scripts/mongodb-tiered").toString(),
                command,
                "--profile",
                "hdd-150",
                "--seconds",
                "120",
                "--mode",
                "read",
                "--file-size",
                "16m",
                "--data-dir",
                data.toString(),
                "--probe-image",
                ServerUnderTest.probeImage())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      Awaits.until(
          Duration.ofSeconds(120),
          () -> !containers(docker).isEmpty(),
          () -> assertTrue(cli.isAlive(), command + " exited before its container started"),
          () -> "no " + command + " container");
      // scripts/mongodb-tiered execs java, so this is the JVM: SIGINT, as Ctrl-C sends.
      new ProcessBuilder("kill", "-INT", Long.toString(cli.pid())).start().waitFor();
      assertTrue(cli.waitFor(60, TimeUnit.SECONDS), command + " did not stop on SIGINT");
      assertEquals(List.of(), containers(docker), command + "'s container was left behind");
    } finally {
      cli.destroyForcibly();
    }
  }

  private static List<String> containers(DockerClient docker) {
    return docker
        .listContainersCmd()
        .withShowAll(true)
        .withLabelFilter(Map.of(LABEL, "hdd-150"))
        .exec()
        .stream()
        .map(Container::getId)
        .toList();
  }
}
