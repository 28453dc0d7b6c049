package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.servers.DockerEnvironment;
import io.github.mongodbtiered.servers.HostLeftovers;
import io.github.mongodbtiered.servers.ServerImages;
import io.github.mongodbtiered.testing.Awaits;
import io.github.mongodbtiered.volumes.LatencyMethod;
import io.github.mongodbtiered.volumes.VolumeSupport;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
      Awaits.untilLine(first, log, "run 2000 x fast-small", Duration.ofSeconds(300));
    } finally {
      first.destroyForcibly(); // SIGKILL: no shutdown hook runs
      first.waitFor(30, TimeUnit.SECONDS);
    }
    assertFalse(
        HostLeftovers.containers(dir.toString()).isEmpty(), "the killed run left its container");
    assertFalse(
        HostLeftovers.mounts(dir.toString()).isEmpty(), "the killed run left its volume mounted");

    Path log2 = dir.resolve("second.log");
    Process second = start(sweep(out, data, 2), log2);
    assertTrue(second.waitFor(600, TimeUnit.SECONDS), "the second run did not finish");
    String said = Files.readString(log2, StandardCharsets.UTF_8);
    assertEquals(0, second.exitValue(), said);
    assertTrue(said.contains("removed container"), said);
    assertTrue(said.contains("removed what an earlier run left"), said);
    // The killed run's locks are free (the kernel released them) and taken over, saying so.
    assertTrue(said.contains("taking over " + out.resolve("lock") + " left by pid "), said);
    assertFalse(said.contains("\tat "), "no stack trace: " + said);

    List<String> summary = Files.readAllLines(out.resolve("summary.csv"));
    assertEquals(3, summary.size(), String.join("\n", summary));
    for (String row : summary.subList(1, summary.size())) {
      assertTrue(row.contains(",docker,ok,"), row);
    }

    HostLeftovers.assertNoneUnder(dir);
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
        ROOT.resolve("profiles/scaled.profiles").toString(),
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
}
