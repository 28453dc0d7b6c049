package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import io.github.mongodbtiered.testing.Awaits;
import io.github.mongodbtiered.testing.ProcessGroups;
import java.io.IOException;
import java.nio.file.Files;
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
@Tag("alone") // it counts every hdd-150 container on the host: no other test beside it
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
    Path log = data.resolve("cli.log");
    // As a terminal starts it: a group of its own with SIGINT at its default, even when this JVM
    // was started from a script's "cmd &" and inherited SIGINT ignored.
    Process cli =
        ProcessGroups.start(
            List.of(
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
                data.resolve("data").toString(),
                "--probe-image",
                ServerUnderTest.probeImage()),
            log,
            ROOT);
    try {
      Awaits.until(
          Duration.ofSeconds(120),
          () -> !containers(docker).isEmpty(),
          () -> assertTrue(cli.isAlive(), command + " exited before its container started"),
          () -> "no " + command + " container");
      // Ctrl-C: SIGINT to the whole process group (scripts/mongodb-tiered execs java).
      ProcessGroups.signalGroup(cli, "INT");
      assertTrue(
          cli.waitFor(60, TimeUnit.SECONDS),
          () -> command + " did not stop on SIGINT: " + read(log));
      assertEquals(List.of(), containers(docker), command + "'s container was left behind");
    } finally {
      ProcessGroups.killGroup(cli);
    }
  }

  private static String read(Path log) {
    try {
      return Files.readString(log);
    } catch (IOException e) {
      return "(no log: " + e + ")";
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
