package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.servers.DockerEnvironment;
import io.github.mongodbtiered.servers.HostLeftovers;
import io.github.mongodbtiered.servers.ServerImages;
import io.github.mongodbtiered.volumes.LatencyMethod;
import io.github.mongodbtiered.ycsb.Progress;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testcontainers.DockerClientFactory;

/**
 * Given a server container restarted in the middle of a measured run, when the cell finishes, then
 * it is failed (the server restarted, or stopped answering), not ok, whatever its figures.
 */
@Tag("integration")
class ServerRestartSweepTest {
  private static final String IMAGE =
      System.getProperty("mongodb.image", ServerImages.STANDIN_IMAGE);

  @Test
  void aServerRestartedDuringTheRunFailsTheCell(@TempDir Path dir) throws Exception {
    String reason = DockerEnvironment.unavailableReason();
    assumeTrue(reason.isEmpty(), () -> "container tests skipped: " + reason);
    Path out = dir.resolve("report");
    Path data = dir.resolve("data");
    SweepOptions o =
        SweepScenario.docker()
            .image(IMAGE)
            .records(2000)
            .profile("fast-small")
            .threads(2, 2)
            .seconds(4)
            .warmup(0)
            .noBaseline()
            .probeImage(null)
            .latency(LatencyMethod.OFF)
            .dataDir(data)
            .options(out);
    AtomicReference<Thread> restart = new AtomicReference<>();
    SweepRunner.Listener listener =
        new SweepRunner.Listener() {
          @Override
          public Progress runProgress(long recordCount, DiskProfile profile, boolean warmup) {
            return (done, total, elapsed) -> {
              if (!warmup && done > 0 && restart.get() == null) {
                Thread t = new Thread(() -> restartServer(data));
                if (restart.compareAndSet(null, t)) {
                  t.start();
                }
              }
            };
          }
        };
    SweepRunner.Outcome outcome = SweepScenario.run(o, listener);
    restart.get().join();

    assertEquals(1, outcome.failed(), outcome.cells()::toString);
    CellResult cell = outcome.cells().get(0);
    assertFalse(cell.ok());
    assertTrue(
        cell.error().equals("the server restarted during the run")
            || cell.error().startsWith("the server stopped answering after the run"),
        cell.error());
    HostLeftovers.assertNoneUnder(dir);
  }

  /** Kills and restarts the cell's container, as a crash under a restart policy would. */
  private static void restartServer(Path data) {
    for (String id : HostLeftovers.containers(data.toAbsolutePath().normalize().toString())) {
      DockerClientFactory.instance().client().restartContainerCmd(id).withTimeout(0).exec();
    }
  }
}
