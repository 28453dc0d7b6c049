package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given a data set that fits the WiredTiger cache on the embedded stand-in, when a cell warms up,
 * then the preload has put it in the cache before the workload starts (a one-second warm-up
 * suffices for a measured run that all but never misses the cache), and summary.csv says how long
 * the preload and the warm-up took and whether the steady state was reached: a warm-up too short to
 * get there is flagged "not steady", a long enough one stops early at the steady state.
 */
@Tag("alone") // the steady state it waits for: no other test beside it
class SteadyWarmupSweepTest {
  /** About 22 MB of documents (10 fields of 100 bytes): well inside the profile's 64 MiB cache. */
  private static final long RECORDS = 20_000;

  @Test
  void thePreloadFillsTheCacheAndAShortWarmUpIsFlaggedNotSteady(@TempDir Path dir)
      throws Exception {
    Path out = dir.resolve("report");
    SweepRunner.Outcome o = sweep(out, dir, 20_000, 0, 1);

    CellResult cell = o.cells().get(0);
    assertTrue(cell.ok(), cell::toString);
    // Cold, a one-second warm-up of uniform reads leaves most pages unread; preloaded, none.
    double hit = cell.metrics().get(Metric.WT_HIT_RATIO);
    assertTrue(hit >= 0.99, "WT hit ratio of the measured run: " + hit);
    Map<String, String> row = SweepScenario.summaryRows(out).get(0);
    assertEquals("false", row.get("steady_state"));
    assertFalse(row.get("warmup_preload_s").isEmpty());
    assertFalse(row.get("warmup_s").isEmpty());
    assertTrue(
        cell.notes().stream()
            .anyMatch(
                n ->
                    n.startsWith(
                        "not steady: the warm-up did not reach the steady state within --warmup"
                            + " 1 s")),
        cell.notes()::toString);
    assertTrue(Files.readString(out.resolve("index.html")).contains("not steady"));
  }

  @Test
  void aLongEnoughWarmUpEndsAtTheSteadyState(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("report");
    SweepRunner.Outcome o = sweep(out, dir, 0, 2, 120);

    CellResult cell = o.cells().get(0);
    assertTrue(cell.ok(), cell::toString);
    Map<String, String> row = SweepScenario.summaryRows(out).get(0);
    assertEquals("true", row.get("steady_state"), cell.notes()::toString);
    double warmupSeconds = Double.parseDouble(row.get("warmup_s"));
    assertTrue(
        warmupSeconds >= 29 && warmupSeconds < 120,
        "the trend window's 30 one-second samples (a quarter of 120 s) at least, and it stops"
            + " early: "
            + warmupSeconds);
    assertFalse(cell.notes().stream().anyMatch(n -> n.startsWith("not steady")));
  }

  private static SweepRunner.Outcome sweep(
      Path out, Path dir, long operations, double seconds, double warmup) throws Exception {
    return SweepScenario.embedded()
        .records(RECORDS)
        .profile("fast-small")
        .operations(operations)
        .seconds(seconds)
        .warmup(warmup)
        .dataDir(dir.resolve("data"))
        .run(out);
  }
}
