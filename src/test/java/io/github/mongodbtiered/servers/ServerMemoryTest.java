package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.profiles.DiskProfile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * Given a server in a container of 512 MiB, when it is killed while its disk limits are lifted (a
 * warm-up's), then putting them back says how it ended; and the stand-in's heap is its fixed
 * quarter of the limit, touched from the start, so the page cache's share does not shrink mid-cell.
 */
@Tag("integration")
class ServerMemoryTest {
  private static final DiskProfile SMALL =
      DiskProfile.named("small-memory").memoryBytes(512L << 20).build();

  @BeforeAll
  static void docker() {
    ServerUnderTest.assumeDocker();
  }

  @Test
  void aServerKilledDuringTheWarmUpIsReportedWithHowItEnded(@TempDir Path data) throws Exception {
    try (ThrottledMongoContainer server =
        new ThrottledMongoContainer(ServerUnderTest.image(), SMALL, data)) {
      server.start();
      AutoCloseable lifted = server.diskLimitsLifted();
      DockerClientFactory.instance().client().killContainerCmd(server.getContainerId()).exec();
      IOException gone = assertThrows(IOException.class, lifted::close);
      assertTrue(
          gone.getMessage().contains("is gone during the warm-up: it exited with code 137"),
          gone.getMessage());
    }
  }

  @Test
  void theStandinsHeapIsAFixedQuarterOfTheLimitTouchedAtStart(@TempDir Path data) throws Exception {
    String image = ServerUnderTest.probeImage();
    assumeTrue(ServerImages.isStandin(image), image + " is not the stand-in");
    try (ThrottledMongoContainer server = new ThrottledMongoContainer(image, SMALL, data)) {
      server.start();
      Path proc = Path.of("/proc", Long.toString(server.serverPid()));
      String environ = Files.readString(proc.resolve("environ")).replace('\0', '\n');
      assertTrue(environ.contains("-Xms128m -Xmx128m -XX:+AlwaysPreTouch"), environ);
      long rssKib =
          Files.readAllLines(proc.resolve("status")).stream()
              .filter(l -> l.startsWith("VmRSS:"))
              .mapToLong(l -> Long.parseLong(l.replaceAll("\\D", "")))
              .sum();
      // An idle server with a growing heap holds some 60 MiB; the touched heap alone is 128.
      assertTrue(rssKib > 128 * 1024, "resident " + rssKib + " KiB");
    }
  }
}
