package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.CellStatus;
import io.github.mongodbtiered.servers.DockerEnvironment;
import io.github.mongodbtiered.servers.ServerImages;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given a sweep whose server is killed during one cell, then the finished cells survive, the failed
 * cell is marked, and running the sweep again measures only that cell.
 */
@Tag("integration")
class InterruptedSweepTest {
  @BeforeAll
  static void docker() {
    String reason = DockerEnvironment.unavailableReason();
    assumeTrue(reason.isEmpty(), () -> "container tests skipped: " + reason);
  }

  @Test
  void aKilledServerLosesOnlyItsCellAndTheRerunCompletesIt(@TempDir Path out) throws Exception {
    SweepOptions o =
        SweepScenario.docker()
            .records(2_000, 4_000)
            .workload("mongodb.serverSelectionTimeoutMs=2000")
            .seconds(3)
            .warmup(1)
            .noBaseline() // not what this test is about (ScaledSweepTest measures one)
            .options(out);
    List<String> started = new ArrayList<>();
    List<Boolean> killed = new ArrayList<>();
    SweepRunner.Listener killer =
        new SweepRunner.Listener() {
          @Override
          public void cellStarted(long count, DiskProfile profile, Endpoint endpoint) {
            started.add(count + "/" + profile.name());
            if (count == 4_000 && profile.name().equals("fast-small")) {
              // This sweep's server alone, by its process: other tests' sweeps run fast-small
              // servers beside this one (killing every fast-small container failed theirs in CI).
              killed.add(
                  endpoint.serverPid() != null
                      && ProcessHandle.of(endpoint.serverPid())
                          .map(ProcessHandle::destroyForcibly)
                          .orElse(false));
            }
          }
        };
    SweepRunner.Outcome first = SweepScenario.run(o, killer);
    assertEquals(List.of(true), killed, "the 4000 x fast-small cell's server was killed");
    assertEquals(1, first.failed(), first.cells().toString());
    assertEquals(4, first.cells().size());
    String summary = Files.readString(out.resolve("summary.csv"));
    assertTrue(summary.contains("4000,fast-small,docker,failed,"), summary);
    assertEquals(3, summary.split(",ok,", -1).length - 1, summary);

    started.clear();
    SweepRunner.Outcome second =
        SweepScenario.run(
            o,
            new SweepRunner.Listener() {
              @Override
              public void cellStarted(long count, DiskProfile profile, Endpoint endpoint) {
                started.add(count + "/" + profile.name());
              }
            });
    assertEquals(0, second.failed(), second.cells().toString());
    assertEquals(1, second.measured());
    assertTrue(second.cells().stream().allMatch(c -> c.status().equals(CellStatus.OK)));
    assertEquals(List.of("4000/fast-small"), started, "only the failed cell runs again");
    // The resume ran on the image the report recorded: its ID, as Docker has it.
    String image = o.server().image();
    assertEquals(Map.of(image, ServerImages.localId(image)), RunManifest.read(out).imageIds());
  }
}
