package io.github.mongodbtiered.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.servers.DockerEnvironment;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Given this checkout, scripts/build-client-image builds the fleet's client image without pulling
 * anything, and the image runs the harness: its version, and `fleet manifests` as a user would run
 * it there.
 */
@Tag("integration")
class ClientImageTest {
  private static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();
  private static final String IMAGE = "mongodb-tiered-client:test";

  record Run(int exit, String output) {}

  @Test
  void theImageIsBuiltFromScratchAndRunsTheHarness() throws Exception {
    String reason = DockerEnvironment.unavailableReason();
    assumeTrue(reason.isEmpty(), () -> "container tests skipped: " + reason);
    try {
      Run build = run(List.of(ROOT.resolve("scripts/build-client-image").toString(), IMAGE));
      assertEquals(0, build.exit(), build.output());
      assertTrue(build.output().strip().endsWith(IMAGE), build.output());

      Run version = run(List.of("docker", "run", "--rm", IMAGE, "--version"));
      assertEquals(0, version.exit(), version.output());
      assertTrue(version.output().startsWith("mongodb-tiered "), version.output());

      Run manifests =
          run(
              List.of(
                  "docker",
                  "run",
                  "--rm",
                  IMAGE,
                  "fleet",
                  "manifests",
                  "--clients",
                  "3",
                  "--out",
                  "/tmp/k8s",
                  "--",
                  "--recordcounts",
                  "20M"));
      assertEquals(0, manifests.exit(), manifests.output());
      assertTrue(manifests.output().contains("wrote /tmp/k8s/job.yaml"), manifests.output());
    } finally {
      run(List.of("docker", "rmi", "-f", IMAGE));
    }
  }

  private static Run run(List<String> command) throws IOException, InterruptedException {
    Process p =
        new ProcessBuilder(new ArrayList<>(command))
            .directory(ROOT.toFile())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(600, TimeUnit.SECONDS), "no answer: " + command);
    return new Run(p.exitValue(), out);
  }
}
