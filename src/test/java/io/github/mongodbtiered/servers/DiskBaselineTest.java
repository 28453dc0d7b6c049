package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.model.Container;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.report.BaselineStep;
import io.github.mongodbtiered.servers.DiskBaseline.Mode;
import io.github.mongodbtiered.servers.DiskBaseline.Settings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/** The disk baseline measures what a profile's container delivers, step by step. */
class DiskBaselineTest {
  private static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();
  private static final double SECONDS_PER_STEP = 4;

  @BeforeAll
  static void docker() {
    ServerUnderTest.assumeDocker();
  }

  @Test
  void underHdd150EveryDoublingStepOfRandom4To32KibReadsDeliversAbout150Iops(@TempDir Path data)
      throws Exception {
    // Given the hdd-150 profile
    DiskProfile hdd = DiskProfiles.builtIn().get("hdd-150");
    Settings reads = new Settings(List.of(Mode.READ), 4096, 32768, 128L << 20, 4, SECONDS_PER_STEP);
    List<Long> arrivals = new ArrayList<>();
    List<BaselineStep> live = new ArrayList<>();

    // When disk-baseline runs reads of 4-32 KiB with threads 1 to 4
    List<BaselineStep> steps =
        DiskBaseline.inContainer(
            ServerUnderTest.probeImage(),
            hdd,
            data,
            reads,
            s -> {
              arrivals.add(System.nanoTime());
              live.add(s);
            });
    long returned = System.nanoTime();

    // Then the steps are 1, 2 and 4 threads, each within 15% of 150 IOPS
    steps.forEach(s -> System.out.println("disk-baseline hdd-150: " + s));
    assertEquals(List.of(1, 2, 4), steps.stream().map(BaselineStep::threads).toList());
    for (BaselineStep s : steps) {
      assertEquals("hdd-150", s.profile());
      assertEquals("container", s.where());
      assertEquals("read", s.mode());
      assertEquals(4096, s.blockMinBytes());
      assertEquals(32768, s.blockMaxBytes());
      assertTrue(
          Math.abs(s.iops() - 150) <= 150 * 0.15,
          s.threads() + " thread(s): " + s.iops() + " IOPS, not within 15% of 150");
      double bytesPerOp = s.mbPerSec() * 1e6 / s.iops();
      assertTrue(bytesPerOp > 4096 && bytesPerOp < 32768, "bytes per op " + bytesPerOp);
    }
    // and each step was handed on as it ended, not all at the end
    assertEquals(steps, live);
    double firstBeforeEnd = (returned - arrivals.get(0)) / 1e9;
    assertTrue(
        firstBeforeEnd >= SECONDS_PER_STEP,
        "the first step arrived only " + firstBeforeEnd + " s before the run ended");
  }

  @Test
  void ctrlCRemovesTheBaselinesContainer(@TempDir Path data) throws Exception {
    DockerClient docker = DockerClientFactory.instance().client();
    assertEquals(List.of(), containers(docker), "no probe container before the test");
    Process cli =
        new ProcessBuilder(
                ROOT.resolve("scripts/mongodb-tiered").toString(),
                "disk-baseline",
                "--profile",
                "hdd-150",
                "--seconds",
                "60",
                "--file-size",
                "16m",
                "--data-dir",
                data.toString(),
                "--image",
                ServerUnderTest.probeImage())
            .redirectErrorStream(true)
            .redirectOutput(ProcessBuilder.Redirect.DISCARD)
            .start();
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
      while (containers(docker).isEmpty()) {
        assertTrue(cli.isAlive(), "disk-baseline exited before its container started");
        assertTrue(System.nanoTime() < deadline, "no container after 120 s");
        Thread.sleep(200); // poll interval
      }
      // scripts/mongodb-tiered execs java, so this is the JVM: SIGINT, as Ctrl-C sends.
      new ProcessBuilder("kill", "-INT", Long.toString(cli.pid())).start().waitFor();
      assertTrue(cli.waitFor(60, TimeUnit.SECONDS), "disk-baseline did not stop on SIGINT");
      assertEquals(List.of(), containers(docker), "the baseline's container was left behind");
    } finally {
      cli.destroyForcibly();
    }
  }

  private static List<String> containers(DockerClient docker) {
    return docker
        .listContainersCmd()
        .withShowAll(true)
        .withLabelFilter(Map.of("io.github.mongodbtiered.probe", "hdd-150"))
        .exec()
        .stream()
        .map(Container::getId)
        .toList();
  }
}
