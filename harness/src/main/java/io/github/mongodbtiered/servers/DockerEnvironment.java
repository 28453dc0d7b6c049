package io.github.mongodbtiered.servers;

import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.utility.TestcontainersConfiguration;

/**
 * Checks that Docker can be used without Testcontainers reaching for images of its own. Inside a
 * container ({@code /.dockerenv}), Testcontainers finds the host by running an {@code alpine}
 * container, which means a pull; with a daemon in the same network namespace the answer is simply
 * localhost, and {@code TESTCONTAINERS_HOST_OVERRIDE=localhost} says so.
 */
public final class DockerEnvironment {
  private DockerEnvironment() {}

  /** Empty when Docker is usable, else why not and what to do. */
  public static String unavailableReason() {
    String checks = disableStartupChecks();
    if (!checks.isEmpty()) {
      return checks;
    }
    if (Files.exists(Path.of("/.dockerenv"))
        && System.getenv("TESTCONTAINERS_HOST_OVERRIDE") == null
        && System.getProperty("testcontainers.host.override") == null) {
      return "running inside a container without TESTCONTAINERS_HOST_OVERRIDE: Testcontainers"
          + " would pull an alpine image to find the Docker host. Set"
          + " TESTCONTAINERS_HOST_OVERRIDE=localhost when the Docker daemon runs in this"
          + " container's network namespace (scripts/mongodb-tiered does), or the host's address";
    }
    if (!DockerClientFactory.instance().isDockerAvailable()) {
      return "Docker is not available: start the daemon (scripts/start-docker does) or set"
          + " DOCKER_HOST";
    }
    return "";
  }

  /**
   * Testcontainers' start-up checks (disk space, file mounting) each run an {@code alpine}
   * container, so on first use they pull it. The harness needs neither check: it asks Docker
   * itself. The setting is read from the environment or {@code ~/.testcontainers.properties} only;
   * rather than write to the user's file, it is set in memory before Testcontainers first talks to
   * Docker.
   */
  private static synchronized String disableStartupChecks() {
    TestcontainersConfiguration config = TestcontainersConfiguration.getInstance();
    if (config.isDisableChecks()) {
      return "";
    }
    try {
      Field f = TestcontainersConfiguration.class.getDeclaredField("userProperties");
      f.setAccessible(true);
      ((Properties) f.get(config)).setProperty("checks.disable", "true");
    } catch (ReflectiveOperationException | RuntimeException e) {
      return "cannot turn off Testcontainers' start-up checks, which would pull an alpine image:"
          + " set TESTCONTAINERS_CHECKS_DISABLE=true";
    }
    return config.isDisableChecks()
        ? ""
        : "Testcontainers' start-up checks are still on: set TESTCONTAINERS_CHECKS_DISABLE=true";
  }

  /**
   * @throws ServerUnavailableException when Docker cannot be used, saying why
   */
  public static void require() {
    String reason = unavailableReason();
    if (!reason.isEmpty()) {
      throw new ServerUnavailableException(reason);
    }
  }
}
