package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.metrics.CgroupDirs;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.servers.DockerEnvironment;
import io.github.mongodbtiered.variation.Drift;
import io.github.mongodbtiered.variation.Stability;
import io.github.mongodbtiered.volumes.LatencyMethod;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given a data set far over a 64 MiB cache and 512 MiB of memory, so that reads go to the disk,
 * when a disk limit is tightened in the middle of one cell's measured run (its read IOPS from 5000
 * to 20, written into the server container's blkio cgroup), then that cell is flagged unstable in
 * its note, summary.csv and the page's warnings, while the same cell measured quietly is not (the
 * console's warning line is SweepConsoleTest's).
 */
@Tag("integration")
@Tag("alone") // its quiet cell must be quiet: no other test beside it
class UnstableCellTest {
  private static final long RECORDS = 80_000;
  private static final double SECONDS = 20;
  private static final long TIGHTENED_READ_IOPS = 20;

  @BeforeAll
  static void docker() {
    String reason = DockerEnvironment.unavailableReason();
    assumeTrue(reason.isEmpty(), () -> "container tests skipped: " + reason);
  }

  @Test
  void aDiskLimitTightenedMidRunFlagsTheCellUnstableAndAQuietCellIsNot(@TempDir Path out)
      throws Exception {
    DiskProfile quiet = fastSmall("quiet-small");
    DiskProfile tightened = fastSmall("tightened-small");
    SweepOptions o =
        SweepScenario.docker()
            .records(RECORDS)
            .profiles(quiet, tightened)
            .workload("fieldlength=1000")
            .seconds(SECONDS)
            // Time for the stand-in's JIT to settle, so the quiet cell is quiet (the warm-up ends
            // sooner once it is steady).
            .warmup(20)
            .noBaseline() // not what this test is about
            .latency(LatencyMethod.OFF)
            .options(out);
    Map<String, Endpoint> servers = new ConcurrentHashMap<>();
    AtomicLong tightenedAtMillis = new AtomicLong(-1);
    // Not thrown in YCSB's status thread, which would only end the run: checked after it.
    AtomicReference<String> tightenFailure = new AtomicReference<>();
    SweepRunner.Listener listener =
        new SweepRunner.Listener() {
          @Override
          public void cellStarted(long count, DiskProfile profile, Endpoint endpoint) {
            servers.put(profile.name(), endpoint);
          }

          @Override
          public Progress runProgress(long count, DiskProfile profile, boolean warmup) {
            if (warmup || !profile.name().equals(tightened.name())) {
              return Progress.NONE;
            }
            // Told of the measured run's progress as it goes: halfway through, the disk slows.
            return (done, total, elapsedMillis) -> {
              if (elapsedMillis >= SECONDS * 1000 / 2 && tightenedAtMillis.get() < 0) {
                tightenedAtMillis.set(elapsedMillis);
                tightenFailure.set(tightenReads(servers.get(profile.name())));
              }
            };
          }
        };
    SweepRunner.Outcome outcome = SweepScenario.run(o, listener);
    assertEquals(0, outcome.failed(), outcome.cells().toString());
    assertTrue(tightenedAtMillis.get() > 0, "the measured run never reached its middle");
    assertEquals(null, tightenFailure.get());

    Map<String, CellResult> cells =
        outcome.cells().stream().collect(Collectors.toMap(CellResult::profile, c -> c));
    CellResult calm = cells.get(quiet.name());
    CellResult shaken = cells.get(tightened.name());
    System.out.println("quiet: " + calm.metrics() + "\ntightened: " + shaken.metrics());

    assertEquals(0.0, calm.metric(Metric.UNSTABLE), calm.toString());
    assertTrue(calm.metric(Metric.OPS_PER_SEC_CV_PCT) <= Stability.UNSTABLE_CV_PCT, calm::toString);
    assertEquals(1.0, shaken.metric(Metric.UNSTABLE), shaken.toString());
    assertTrue(shaken.ok(), "an unstable cell's figures are still real: " + shaken);
    assertTrue(
        shaken.notes().stream().anyMatch(n -> n.startsWith("unstable: throughput varied by")),
        shaken.notes()::toString);
    // A fall that lasts the run's second half is also a trend the drift check sees.
    assertTrue(shaken.metric(Metric.RUN_DRIFT_PCT) < -Drift.DRIFT_PCT, shaken::toString);
    assertEquals(0.0, shaken.metric(Metric.STEADY_STATE), shaken.toString());
    assertTrue(
        shaken.notes().stream().anyMatch(n -> n.startsWith("not steady: throughput fell")),
        shaken.notes()::toString);

    Map<String, Map<String, String>> rows =
        SweepScenario.summaryRows(out).stream()
            .collect(Collectors.toMap(r -> r.get("profile"), r -> r));
    assertEquals("true", rows.get(tightened.name()).get("unstable"));
    assertEquals("false", rows.get(quiet.name()).get("unstable"));
    String page = Files.readString(out.resolve("index.html"));
    assertTrue(page.contains("unstable: throughput varied by"), "no page warning");
  }

  /** scaled.profiles' fast-small under another name: 5000 IOPS, 512 MiB, a 64 MiB cache. */
  private static DiskProfile fastSmall(String name) {
    return DiskProfile.named(name)
        .description("fast-small")
        .iops(5000)
        .memoryBytes(512L << 20)
        .wiredTigerCacheBytes(OptionalLong.of(64L << 20))
        .build();
  }

  /**
   * The read IOPS limit of the server's data device, rewritten where Docker wrote it.
   *
   * @return why it could not be, or null
   */
  private static String tightenReads(Endpoint e) {
    if (e == null || e.serverPid() == null || e.device() == null) {
      return "the server's pid or data device is not known: " + e;
    }
    try {
      CgroupDirs dirs = CgroupDirs.of(e.serverPid());
      String mm = e.device().majorMinor();
      if (dirs.blkio() != null) {
        Files.writeString(
            dirs.blkio().resolve("blkio.throttle.read_iops_device"),
            mm + " " + TIGHTENED_READ_IOPS);
      } else {
        Files.writeString(dirs.unified().resolve("io.max"), mm + " riops=" + TIGHTENED_READ_IOPS);
      }
      return null;
    } catch (IOException ex) {
      return "could not tighten the read limit: " + ex.getMessage();
    }
  }
}
