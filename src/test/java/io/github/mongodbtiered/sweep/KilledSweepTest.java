package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.github.dockerjava.api.DockerClient;
import io.github.mongodbtiered.servers.ContainerLabels;
import io.github.mongodbtiered.servers.DockerEnvironment;
import io.github.mongodbtiered.servers.ServerImages;
import io.github.mongodbtiered.volumes.LatencyMethod;
import io.github.mongodbtiered.volumes.VolumeSupport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * Given a sweep on the delayed data volume killed with SIGKILL in the middle of a cell, when the
 * same command runs again, then it removes what the killed run left, finishes with valid cells, and
 * afterwards nothing of either run remains: no container, mount, loop device or nbd process.
 */
@Tag("integration")
class KilledSweepTest {
  private static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();
  private static final String IMAGE =
      System.getProperty("mongodb.image", ServerImages.STANDIN_IMAGE);

  @BeforeAll
  static void dockerAndVolume() {
    String reason = DockerEnvironment.unavailableReason();
    assumeTrue(reason.isEmpty(), () -> "container tests skipped: " + reason);
    VolumeSupport.Choice c = VolumeSupport.ofThisHost().choose(LatencyMethod.AUTO);
    assumeTrue(c.method() != LatencyMethod.OFF, () -> "no delayed volume here: " + c.reason());
  }

  @Test
  void aRunKilledMidCellLeavesNothingOnceTheNextRunHasFinished(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("report");
    Path data = dir.resolve("data");
    Path log = dir.resolve("first.log");
    Process first = start(sweep(out, data, 60), log);
    try {
      awaitLine(first, log, "run 2000 x fast-small", 300);
    } finally {
      first.destroyForcibly(); // SIGKILL: no shutdown hook runs
      first.waitFor(30, TimeUnit.SECONDS);
    }
    assertFalse(containersOn(dir).isEmpty(), "the killed run left its server container");
    assertTrue(mountsUnder(dir).size() >= 1, "the killed run left its volume mounted");

    Path log2 = dir.resolve("second.log");
    Process second = start(sweep(out, data, 2), log2);
    assertTrue(second.waitFor(600, TimeUnit.SECONDS), "the second run did not finish");
    String said = Files.readString(log2, StandardCharsets.UTF_8);
    assertEquals(0, second.exitValue(), said);
    assertTrue(said.contains("removed container"), said);
    assertTrue(said.contains("removed what an earlier run left"), said);

    List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
    assertEquals(3, summary.size(), String.join("\n", summary));
    for (String row : summary.subList(1, summary.size())) {
      assertTrue(row.contains(",docker,ok,"), row);
    }

    assertEquals(List.of(), containersOn(dir), "containers");
    assertEquals(List.of(), mountsUnder(dir), "mounts");
    assertEquals(List.of(), loopsUnder(dir), "loop devices");
    assertEquals(List.of(), processesNaming(dir), "nbdkit and nbdfuse");
  }

  private static List<String> sweep(Path out, Path data, int seconds) {
    return List.of(
        ROOT.resolve("scripts/mongodb-tiered").toString(),
        "sweep",
        "--server",
        "docker",
        "--image",
        IMAGE,
        "--probe-image",
        IMAGE,
        "--profiles-file",
        ROOT.resolve("src/test/resources/scaled.profiles").toString(),
        "--profiles",
        "fast-small,slow-small",
        "--recordcounts",
        "2000",
        "--seconds",
        Integer.toString(seconds),
        "--warmup",
        "1",
        "--no-disk-baseline",
        "--latency",
        "auto",
        "--out",
        out.toString(),
        "--data-dir",
        data.toString());
  }

  private static Process start(List<String> cmd, Path log) throws IOException {
    return new ProcessBuilder(cmd)
        .directory(ROOT.toFile())
        .redirectErrorStream(true)
        .redirectOutput(log.toFile())
        .start();
  }

  /** Waits until the run's output has a line starting with {@code prefix}: it is mid-cell. */
  private static void awaitLine(Process p, Path log, String prefix, int seconds) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (Files.readAllLines(log, StandardCharsets.UTF_8).stream()
        .noneMatch(l -> l.startsWith(prefix))) {
      assertTrue(p.isAlive(), "the sweep ended early: " + Files.readString(log));
      assertTrue(System.nanoTime() < deadline, "no '" + prefix + "' in " + Files.readString(log));
      Thread.sleep(100); // poll interval of the progress check
    }
  }

  private static List<String> containersOn(Path dir) {
    DockerClient docker = DockerClientFactory.instance().client();
    List<String> ids = new ArrayList<>();
    docker
        .listContainersCmd()
        .withShowAll(true)
        .exec()
        .forEach(
            c -> {
              String d = c.getLabels() == null ? null : c.getLabels().get(ContainerLabels.DATA_DIR);
              if (d != null && d.startsWith(dir.toString())) {
                ids.add(c.getId());
              }
            });
    return ids;
  }

  private static List<String> mountsUnder(Path dir) throws IOException {
    return Files.readAllLines(Path.of("/proc/mounts")).stream()
        .filter(l -> l.split(" ")[1].startsWith(dir.toString()))
        .toList();
  }

  private static List<String> loopsUnder(Path dir) throws IOException {
    List<String> loops = new ArrayList<>();
    try (DirectoryStream<Path> blocks = Files.newDirectoryStream(Path.of("/sys/block"), "loop*")) {
      for (Path b : blocks) {
        Path f = b.resolve("loop/backing_file");
        if (Files.isReadable(f) && Files.readString(f).startsWith(dir.toString())) {
          loops.add(b.getFileName().toString());
        }
      }
    }
    return loops;
  }

  private static List<String> processesNaming(Path dir) throws IOException {
    List<String> found = new ArrayList<>();
    try (DirectoryStream<Path> all = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
      for (Path p : all) {
        try {
          String cmd =
              new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8)
                  .replace('\0', ' ');
          if ((cmd.startsWith("nbdkit") || cmd.startsWith("nbdfuse"))
              && cmd.contains(dir.toString())) {
            found.add(p.getFileName() + " " + cmd);
          }
        } catch (IOException e) {
          // exited while we looked
        }
      }
    }
    return found;
  }
}
