package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.exception.NotFoundException;
import io.github.mongodbtiered.profiles.DiskProfiles;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * Given containers left on a data directory by a harness that was killed outright, and one of a
 * harness still running, when a run starts on that directory, then only the dead owner's container
 * is removed, with its volume.
 */
@Tag("integration")
class OrphanContainersTest {
  @BeforeAll
  static void docker() {
    ServerUnderTest.assumeDocker();
  }

  @Test
  void aDeadOwnersContainerIsRemovedAndALiveOwnersIsKept(@TempDir Path data) throws Exception {
    DockerClient docker = DockerClientFactory.instance().client();
    ContainerOwner dead = goneProcess();
    List<String> created = new ArrayList<>();
    try {
      String orphan = start(docker, labels(dead.label(), data), created);
      String live = start(docker, labels(ContainerOwner.currentLabel(), data), created);
      String elsewhere = start(docker, labels(dead.label(), data.resolve("other")), created);
      String unowned = start(docker, labels("not-a-pid", data), created);
      List<String> orphanVolumes = volumes(docker.inspectContainerCmd(orphan).exec());
      assertTrue(!orphanVolumes.isEmpty(), "the stand-in image declares a /data/db volume");

      List<String> log = new ArrayList<>();
      assertEquals(1, OrphanContainers.removeStale(data, log::add), log.toString());

      assertThrows(NotFoundException.class, () -> docker.inspectContainerCmd(orphan).exec());
      for (String volume : orphanVolumes) {
        assertThrows(NotFoundException.class, () -> docker.inspectVolumeCmd(volume).exec());
      }
      assertTrue(running(docker, live), "the container of a running harness is kept");
      assertTrue(running(docker, elsewhere), "another data directory's container is kept");
      assertTrue(running(docker, unowned), "a container with a malformed owner label is kept");
      assertEquals(
          List.of(
              "removed container "
                  + orphan.substring(0, 12)
                  + " ("
                  + ServerUnderTest.probeImage()
                  + ", profile hdd-150) left by process "
                  + dead.pid()
                  + ", which is gone"),
          log);
      assertEquals(0, OrphanContainers.removeStale(data, log::add), "nothing left to remove");
    } finally {
      for (String id : created) {
        try {
          docker.removeContainerCmd(id).withForce(true).withRemoveVolumes(true).exec();
        } catch (NotFoundException e) {
          // removed by the code under test
        }
      }
    }
  }

  @Test
  void aServerContainerCarriesItsOwnerAndDataDirectory(@TempDir Path data) {
    try (ThrottledMongoContainer server =
        new ThrottledMongoContainer(
            ServerUnderTest.probeImage(), DiskProfiles.builtIn().get("hdd-150"), data)) {
      Map<String, String> labels = server.getLabels();
      assertEquals(ContainerOwner.currentLabel(), labels.get(ContainerLabels.OWNER));
      assertEquals(
          data.toAbsolutePath().normalize().toString(), labels.get(ContainerLabels.DATA_DIR));
      assertEquals("hdd-150", labels.get(ContainerLabels.PROFILE), "the existing label stays");
    }
  }

  /** An owner whose process has exited: {@code true}, run to its end. */
  private static ContainerOwner goneProcess() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    return new ContainerOwner(p.pid(), Instant.now().toEpochMilli());
  }

  private static Map<String, String> labels(String owner, Path dataDir) {
    Map<String, String> labels = new HashMap<>();
    labels.put(ContainerLabels.OWNER, owner);
    labels.put(ContainerLabels.DATA_DIR, ContainerLabels.dataDirValue(dataDir));
    labels.put(ContainerLabels.PROFILE, "hdd-150");
    return labels;
  }

  /** Starts the stand-in server (on its own anonymous volume) with {@code labels}. */
  private static String start(
      DockerClient docker, Map<String, String> labels, List<String> created) {
    String id =
        docker.createContainerCmd(ServerUnderTest.probeImage()).withLabels(labels).exec().getId();
    created.add(id);
    docker.startContainerCmd(id).exec();
    return id;
  }

  private static boolean running(DockerClient docker, String id) {
    return Boolean.TRUE.equals(docker.inspectContainerCmd(id).exec().getState().getRunning());
  }

  private static List<String> volumes(InspectContainerResponse info) {
    return info.getMounts().stream()
        .map(InspectContainerResponse.Mount::getName)
        .filter(name -> name != null && !name.isEmpty())
        .toList();
  }
}
