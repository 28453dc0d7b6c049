package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.github.dockerjava.api.DockerClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.testcontainers.DockerClientFactory;

/**
 * What a run may leave on the host under a directory: mounts, loop devices, nbdkit and nbdfuse
 * processes, containers bound to it. Tests assert there is none once a run (or its successor) has
 * finished.
 */
public final class HostLeftovers {
  private HostLeftovers() {}

  /** Fails naming whatever of the four is still there under {@code dir}. */
  public static void assertNoneUnder(Path dir) throws IOException {
    String d = dir.toAbsolutePath().normalize().toString();
    assertEquals(List.of(), containers(d), "containers bound under " + d);
    assertNoVolumeLeftUnder(dir);
  }

  /** The same without Docker: mounts, loop devices and nbd processes only. */
  public static void assertNoVolumeLeftUnder(Path dir) throws IOException {
    String d = dir.toAbsolutePath().normalize().toString();
    assertEquals(List.of(), mounts(d), "mounts under " + d);
    assertEquals(List.of(), loops(d), "loop devices backed by files under " + d);
    assertEquals(List.of(), nbdProcesses(d), "nbdkit/nbdfuse naming " + d);
  }

  /** Containers, running or not, whose data-dir label is {@code dir} or below it. */
  public static List<String> containers(String dir) {
    DockerClient docker = DockerClientFactory.instance().client();
    List<String> ids = new ArrayList<>();
    docker
        .listContainersCmd()
        .withShowAll(true)
        .exec()
        .forEach(
            c -> {
              String bound =
                  c.getLabels() == null ? null : c.getLabels().get(ContainerLabels.DATA_DIR);
              if (bound != null && bound.startsWith(dir)) {
                ids.add(c.getId());
              }
            });
    return ids;
  }

  public static List<String> mounts(String dir) throws IOException {
    return Files.readAllLines(Path.of("/proc/mounts")).stream()
        .filter(l -> l.split(" ")[1].startsWith(dir))
        .toList();
  }

  /** Loop devices (loopN) whose backing file is under {@code dir}. */
  public static List<String> loops(String dir) throws IOException {
    List<String> loops = new ArrayList<>();
    try (DirectoryStream<Path> blocks = Files.newDirectoryStream(Path.of("/sys/block"), "loop*")) {
      for (Path b : blocks) {
        String backing = backingFile(b);
        if (backing != null && backing.startsWith(dir)) {
          loops.add(b.getFileName().toString());
        }
      }
    }
    return loops;
  }

  /**
   * The file behind the loop device {@code /sys/block/loopN}, or null when it has none: never
   * attached, or detached while the devices were listed (another run's teardown). A device detached
   * between the open and the read answers ENODEV (ci-24: "No such device" while a signalled sweep
   * removed its loop device), which means the same.
   */
  public static String backingFile(Path blockDir) throws IOException {
    try {
      return Files.readString(blockDir.resolve("loop/backing_file")).strip();
    } catch (NoSuchFileException e) {
      return null;
    } catch (IOException e) {
      if ("No such device".equals(e.getMessage())) {
        return null;
      }
      throw e;
    }
  }

  private static List<String> nbdProcesses(String dir) throws IOException {
    List<String> found = new ArrayList<>();
    try (DirectoryStream<Path> all = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
      for (Path p : all) {
        String cmd;
        try {
          cmd = Files.readString(p.resolve("cmdline"), StandardCharsets.UTF_8).replace('\0', ' ');
        } catch (IOException e) {
          continue; // exited while we looked
        }
        if ((cmd.startsWith("nbdkit") || cmd.startsWith("nbdfuse")) && cmd.contains(dir)) {
          found.add(p.getFileName() + ": " + cmd);
        }
      }
    }
    return found;
  }
}
