package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.ServerKind.Capability;
import io.github.mongodbtiered.servers.ThrottledMongoContainer;
import io.github.mongodbtiered.volumes.DataVolume;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The targets answer what their servers can do as the methods it replaced did ({@code throttles()}:
 * docker; {@code ownsServers()}: docker and embedded), and a docker cell goes on with the server of
 * the cell before exactly where only the disk's limits, a label, or a latency the volume can change
 * in place differ.
 */
class TargetCapabilitiesTest {
  @Test
  void eachTargetAnswersForItsKind(@TempDir Path dir) {
    try (TargetServer docker =
            new DockerTarget("mongo:7.0", List.of(), DataVolume.plain(dir, "off"));
        TargetServer url = new UrlTarget("mongodb://127.0.0.1:1/ycsb");
        TargetServer embedded = new EmbeddedTarget(DataVolume.plain(dir, "off"), List.of())) {
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

  private static DiskProfile builtIn(String name) {
    return DiskProfiles.builtIn().get(name);
  }

  @Test
  void aChangeOfLatencyGoesOnOnlyOnAVolumeThatChangesItWhileMounted() {
    DiskProfile io1 = builtIn("io1-5000"); // no added latency
    DiskProfile san = builtIn("san-600"); // +7 ms
    DiskProfile hdd = builtIn("hdd-150"); // +7 ms
    assertTrue(DockerTarget.changesInPlace(san, hdd, false), "IOPS alone: the cgroup");
    assertFalse(DockerTarget.changesInPlace(io1, hdd, false), "latency on a fixed volume");
    assertTrue(DockerTarget.changesInPlace(io1, hdd, true), "latency on a volume that changes it");
    DiskProfile relabelled =
        hdd.toBuilder().description("the same disk, described otherwise").build();
    assertTrue(DockerTarget.changesInPlace(hdd, relabelled, false), "a label");
    DiskProfile none = builtIn("none");
    assertFalse(DockerTarget.changesInPlace(hdd, none, true), "memory: a new server");
  }

  /**
   * Pair by pair over the shipped profiles, the rule by scopes is the rule it replaced: the same
   * server ({@link ThrottledMongoContainer#sameServer}) and the same latency, or a volume that
   * changes it.
   */
  @Test
  void everyPairOfShippedProfilesGoesOnAsBefore() throws Exception {
    List<DiskProfile> all =
        DiskProfiles.builtInAnd(Path.of("..", "profiles", "scaled.profiles")).all();
    for (DiskProfile a : all) {
      for (DiskProfile b : all) {
        for (boolean volumeChangesLatency : new boolean[] {false, true}) {
          boolean before =
              ThrottledMongoContainer.sameServer(a, b)
                  && (a.addedLatencyMillis() == b.addedLatencyMillis() || volumeChangesLatency);
          assertEquals(
              before,
              DockerTarget.changesInPlace(a, b, volumeChangesLatency),
              a.name() + " -> " + b.name() + ", volume changes latency: " + volumeChangesLatency);
        }
      }
    }
  }

  @Test
  void serversOutsideContainersHaveNoImageIds(@TempDir Path dir) {
    try (TargetServer url = new UrlTarget("mongodb://127.0.0.1:1/ycsb");
        TargetServer embedded = new EmbeddedTarget(DataVolume.plain(dir, "off"), List.of())) {
      assertEquals(Map.of(), url.imageIds());
      assertEquals(Map.of(), embedded.imageIds());
    }
  }

  @Test
  void aSweepGoesOnOnlyWithTheBuildOfTheImageItStartedWith() throws Exception {
    String monday = "sha256:" + "1".repeat(64);
    String friday = "sha256:" + "2".repeat(64);
    assertEquals(monday, DockerTarget.sameImage("x:latest", null, monday), "the first pins it");
    assertEquals(monday, DockerTarget.sameImage("x:latest", monday, monday));
    assertEquals(monday, DockerTarget.sameImage("x:latest", monday, null), "Docker did not say");
    IOException e =
        assertThrows(IOException.class, () -> DockerTarget.sameImage("x:latest", monday, friday));
    assertTrue(
        e.getMessage()
            .startsWith(
                "image x:latest changed during the sweep (ID sha256:111111111111… →"
                    + " sha256:222222222222…)"),
        e.getMessage());
  }
}
