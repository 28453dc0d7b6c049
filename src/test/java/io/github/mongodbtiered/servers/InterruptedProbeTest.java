package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/** Given a probe running in a container, when the user presses Ctrl-C, then no container stays. */
class InterruptedProbeTest {
  private static final String LABEL = "io.github.mongodbtiered.probe";
  private static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();

  @BeforeAll
  static void docker() {
    ServerUnderTest.assumeDocker();
  }

  @Test
  void ctrlCRemovesTheProbesContainer(@TempDir Path data) throws Exception {
    DockerClient docker = DockerClientFactory.instance().client();
    assertEquals(List.of(), probeContainers(docker), "no probe container before the test");
    Process cli =
        new ProcessBuilder(
                ROOT.resolve("scripts/mongodb-tiered").toString(),
                "probe",
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
                "--image",
                ServerUnderTest.probeImage())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (probeContainers(docker).isEmpty()) {
        assertTrue(cli.isAlive(), "the probe exited before its container started");
        assertTrue(System.nanoTime() < deadline, "no probe container after 120 s");
        Thread.sleep(200); // poll interval
      }
      // scripts/mongodb-tiered execs java, so this is the JVM: SIGINT, as Ctrl-C sends.
      new ProcessBuilder("kill", "-INT", Long.toString(cli.pid())).start().waitFor();
      assertTrue(cli.waitFor(60, TimeUnit.SECONDS), "the probe did not stop on SIGINT");
      assertEquals(List.of(), probeContainers(docker), "the probe's container was left behind");
    } finally {
      cli.destroyForcibly();
    }
  }

  private static List<String> probeContainers(DockerClient docker) {
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
