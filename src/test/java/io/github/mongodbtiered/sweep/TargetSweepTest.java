package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.results.CellResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given an embedded sweep driven at a fixed rate ({@code --target}), when its cell is measured,
 * then YCSB's client threads (through the binding's DBWrapper) record each operation's latency from
 * its intended start beside its service time, and both reach summary.csv: the intended-time
 * latencies are never below the service-time ones; at a rate the server holds, the run achieves it;
 * at a rate far above what it can serve, the queue shows in the intended-time tail and the cell is
 * noted "target not met" but stays ok.
 */
@Tag("alone") // the rate it achieves: no other test beside it
class TargetSweepTest {
  private static final long RECORDS = 2000;

  /** Reads and updates, so that the check holds for every operation type, not just one. */
  private static final String[] MIXED = {"readproportion=0.8", "updateproportion=0.2"};

  @Test
  void atARateTheServerHoldsIntendedLatenciesAreAtLeastTheServiceOnesAndTheTargetIsMet(
      @TempDir Path dir) throws Exception {
    Path out = dir.resolve("report");
    // Far below what the stand-in serves, even on a loaded machine: the schedule is what is tested.
    double target = 100;
    CellResult cell = sweep(out, dir, target);

    assertTrue(cell.ok(), cell::toString);
    assertEquals(
        cell.latencies().keySet(),
        cell.intendedLatencies().keySet(),
        "the same operations, each once per timing (no CLEANUP)");
    Map<String, String> row = SweepScenario.summaryRows(out).get(0);
    for (String op : List.of("read", "update")) {
      atLeast(row, op, "p50");
      atLeast(row, op, "p99");
      atLeast(row, op, "max");
    }
    double achieved = Double.parseDouble(row.get("throughput_ops_per_sec"));
    assertTrue(
        Math.abs(achieved - target) <= 0.05 * target,
        "achieved " + achieved + " ops/s against a target of " + target);
    assertFalse(
        cell.notes().stream().anyMatch(n -> n.startsWith("target not met")),
        cell.notes()::toString);
    assertTrue(
        Files.exists(
            out.resolve("histograms")
                .resolve(ReportLayout.histogramFileName(RECORDS, "fast-small", "Intended-READ"))),
        "YCSB wrote the intended-time log");
  }

  @Test
  void farAboveCapacityTheQueueingShowsInTheIntendedTailAndTheCellIsNoted(@TempDir Path dir)
      throws Exception {
    Path out = dir.resolve("report");
    CellResult cell = sweep(out, dir, 1_000_000);

    assertTrue(cell.ok(), cell::toString);
    Map<String, String> row = SweepScenario.summaryRows(out).get(0);
    long service = Long.parseLong(row.get("read_p99_us"));
    long intended = Long.parseLong(row.get("read_intended_p99_us"));
    // The schedule runs ahead of the server all run long: the last operations wait seconds.
    assertTrue(
        intended >= 10 * service && intended >= 500_000,
        "intended p99 " + intended + " us against service p99 " + service + " us");
    assertTrue(
        cell.notes().stream()
            .anyMatch(
                n ->
                    n.startsWith("target not met: ")
                        && n.contains(" of 1000000 ops/s: the server could not keep up")),
        cell.notes()::toString);
    assertTrue(row.get("notes").contains("target not met"), row.get("notes"));
  }

  private static void atLeast(Map<String, String> row, String op, String figure) {
    String serviceText = row.get(op + "_" + figure + "_us");
    String intendedText = row.get(op + "_intended_" + figure + "_us");
    assertTrue(
        intendedText != null && !intendedText.isEmpty(),
        op + "_intended_" + figure + "_us in " + row.keySet());
    long service = Long.parseLong(serviceText);
    long intended = Long.parseLong(intendedText);
    assertTrue(
        intended >= service,
        op + " " + figure + ": intended " + intended + " us < service " + service + " us");
  }

  private static CellResult sweep(Path out, Path dir, double target) throws Exception {
    return SweepScenario.embedded()
        .records(RECORDS)
        .profile("fast-small")
        .workload(MIXED)
        .seconds(4)
        .warmup(2)
        .target(target)
        .dataDir(dir.resolve("data"))
        .run(out)
        .cells()
        .get(0);
  }
}
