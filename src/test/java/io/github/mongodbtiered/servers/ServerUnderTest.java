package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * What the container tests run against: the image named by the {@code mongodb.image} system
 * property ({@code mongo:7.0} by default, the stand-in in this project's CI), and whether Docker
 * can be used at all. Without Docker the container tests are skipped with the reason shown.
 */
final class ServerUnderTest {
  private ServerUnderTest() {}

  static String image() {
    return System.getProperty("mongodb.image", ServerImages.DEFAULT_SERVER_IMAGE);
  }

  /** The image that carries the disk probe: ours, built by scripts/build-standin-image. */
  static String probeImage() {
    return System.getProperty("probe.image", ServerImages.STANDIN_IMAGE);
  }

  static void assumeDocker() {
    String reason = DockerEnvironment.unavailableReason();
    assumeTrue(reason.isEmpty(), () -> "container tests skipped: " + reason);
  }
}
