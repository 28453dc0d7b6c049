package io.github.mongodbtiered.servers;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.exception.NotFoundException;
import com.github.dockerjava.api.model.Container;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.testcontainers.DockerClientFactory;

/**
 * Containers a harness run left behind when it was killed outright (SIGKILL, a lost machine): its
 * shutdown hooks never ran, so its server or disk probe still runs and holds the data directory.
 * They are found by their {@link ContainerLabels} and removed once their owner is gone.
 */
public final class OrphanContainers {
  private static final int SHORT_ID = 12;

  private OrphanContainers() {}

  /**
   * Removes the containers, running or stopped, whose {@link ContainerLabels#DATA_DIR} label is
   * {@code dataDir.toAbsolutePath().normalize()} and whose owner process is gone: no process has
   * the pid of their {@link ContainerLabels#OWNER} label, or the process that has it started at
   * another time (the pid was reused). Each is removed by force, with its anonymous volumes.
   *
   * <p>Left alone: a container whose owner is alive (another run on the same directory, or this
   * JVM), and one whose owner label is missing or malformed, since nothing says its creator is
   * gone. Owners are looked up among this host's processes, so runs sharing a data directory must
   * share a pid namespace.
   *
   * <p>{@code log} gets one line per container removed, e.g. {@code removed container 1a2b3c4d5e6f
   * (mongodb-tiered-standin:latest, profile hdd-150) left by process 1234, which is gone}, and one
   * per container that could not be removed, saying why.
   *
   * @return how many containers were removed; 0 when Docker cannot be reached, which is not an
   *     error here: the caller fails with a clearer message when it needs Docker
   */
  public static int removeStale(Path dataDir, Consumer<String> log) {
    if (!DockerEnvironment.unavailableReason().isEmpty()) {
      return 0;
    }
    DockerClient docker;
    List<Container> labelled;
    try {
      docker = DockerClientFactory.instance().client();
      labelled =
          docker
              .listContainersCmd()
              .withShowAll(true)
              .withLabelFilter(
                  Map.of(ContainerLabels.DATA_DIR, ContainerLabels.dataDirValue(dataDir)))
              .exec();
    } catch (RuntimeException e) {
      return 0; // Docker went away since the check: as if it never answered
    }
    int removed = 0;
    for (Container c : labelled) {
      Optional<ContainerOwner> owner = ContainerOwner.parse(label(c, ContainerLabels.OWNER));
      if (owner.isEmpty() || owner.get().isAlive()) {
        continue;
      }
      if (remove(docker, c, owner.get(), log)) {
        removed++;
      }
    }
    return removed;
  }

  /** Removes {@code c}, saying so; false when it could not (or another run removed it first). */
  private static boolean remove(
      DockerClient docker, Container c, ContainerOwner owner, Consumer<String> log) {
    try {
      docker.removeContainerCmd(c.getId()).withForce(true).withRemoveVolumes(true).exec();
    } catch (NotFoundException e) {
      return false; // another run starting on the same directory got there first
    } catch (RuntimeException e) {
      log.accept("could not remove container " + describe(c, owner) + ": " + e.getMessage());
      return false;
    }
    log.accept("removed container " + describe(c, owner) + ", which is gone");
    return true;
  }

  /** {@code 1a2b3c4d5e6f (image, profile hdd-150) left by process 1234}. */
  static String describe(Container c, ContainerOwner owner) {
    String id = c.getId() == null ? "?" : c.getId();
    return id.substring(0, Math.min(SHORT_ID, id.length()))
        + " ("
        + c.getImage()
        + ", "
        + role(c)
        + ") left by process "
        + owner.pid();
  }

  /** What the container was for: a server's profile, or the profile a disk probe measured. */
  private static String role(Container c) {
    String profile = label(c, ContainerLabels.PROFILE);
    if (profile != null) {
      return "profile " + profile;
    }
    String probed = label(c, ContainerLabels.PROBE);
    return probed != null ? "disk probe, profile " + probed : "no profile label";
  }

  private static String label(Container c, String name) {
    Map<String, String> labels = c.getLabels();
    return labels == null ? null : labels.get(name);
  }
}
