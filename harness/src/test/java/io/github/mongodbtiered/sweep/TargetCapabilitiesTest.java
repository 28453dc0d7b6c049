package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.ServerKind.Capability;
import io.github.mongodbtiered.volumes.DataVolume;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The targets answer what their servers can do as the methods it replaced did ({@code throttles()}:
 * docker; {@code ownsServers()}: docker and embedded).
 */
class TargetCapabilitiesTest {
  @Test
  void eachTargetAnswersForItsKind(@TempDir Path dir) {
    try (TargetServer docker = new DockerTarget("mongo:7.0", DataVolume.plain(dir, "off"));
        TargetServer url = new UrlTarget("mongodb://127.0.0.1:1/ycsb");
        TargetServer embedded = new EmbeddedTarget(DataVolume.plain(dir, "off"))) {
      assertEquals(ServerKind.DOCKER, docker.kind());
      assertEquals(ServerKind.URL, url.kind());
      assertEquals(ServerKind.EMBEDDED, embedded.kind());
      for (TargetServer t : List.of(docker, url, embedded)) {
        String k = t.kind().id();
        assertEquals(t == docker, t.has(Capability.LIMITS_DISK), k);
        assertEquals(t != url, t.has(Capability.STARTS_SERVERS), k);
        assertEquals(t.has(Capability.DATA_ON_THIS_HOST), t.hostDataDir() != null, k);
        for (Capability c : Capability.values()) {
          assertEquals(t.kind().has(c), t.has(c), k + " " + c);
        }
      }
      assertNotNull(docker.hostDataDir());
      assertNull(url.hostDataDir());
    }
  }
}
