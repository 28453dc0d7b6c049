package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.report.SeriesCsv;
import io.github.mongodbtiered.servers.DockerEnvironment;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given a scaled-down gp2 volume whose bucket starts with 8,000 credits, when a cell reads past its
 * memory, then the bucket drains second by second in the series, the volume falls to its 300 IOPS
 * baseline once it is empty, and the cell says it ran on credits.
 */
@Tag("integration")
class BurstSweepTest {
  @Test
  void aCellOnCreditsIsFlaggedAndItsSeriesShowsTheBucketDrain(@TempDir Path out) throws Exception {
    String reason = DockerEnvironment.unavailableReason();
    assumeTrue(reason.isEmpty(), () -> "container tests skipped: " + reason);
    // 80k records of 10 KB: far over the 512 MiB container, so the cell reads its disk.
    SweepRunner.Outcome o =
        SweepScenario.docker()
            .profiles(SweepScenario.gp2Small())
            .records(80_000)
            .workload("fieldlength=1000")
            .burstCredits("8000")
            .seconds(25)
            .warmup(1)
            .noBaseline()
            .run(out);
    assertEquals(0, o.failed(), o.cells().toString());

    Map<String, String> row = SweepScenario.summaryRows(out).get(0);
    assertTrue(List.of("yes", "partly").contains(row.get("burst")), row.toString());
    double start = Double.parseDouble(row.get("burst_credits_start"));
    double end = Double.parseDouble(row.get("burst_credits_end"));
    // Idle seconds before the run (the server's start) earned some back: 300 a second.
    assertTrue(start > end, row.toString());
    assertTrue(row.get("notes").contains("measured on burst credits"), row.get("notes"));

    List<SeriesCsv.Row> series = SeriesCsv.read(out.resolve("series/80000-gp2-small.csv"));
    List<Double> credits =
        series.stream().map(SeriesCsv.Row::burstCredits).filter(c -> c != null).toList();
    assertTrue(credits.size() > 10, series.toString());
    assertTrue(credits.get(0) >= 7999, "the preload spent none: " + credits);
    // A second under the baseline earns credits (the cold server's first); once the reads pass
    // it the bucket only spends, and at the baseline it earns back what a second's reads fell
    // short of it: a few, up to a tenth of the baseline's 300 (ci-20: 13 in a second that read
    // 287), never a refill.
    int peak = credits.indexOf(credits.stream().max(Double::compare).orElseThrow());
    for (int i = peak + 1; i < credits.size(); i++) {
      assertTrue(credits.get(i) <= credits.get(i - 1) + 30, credits.toString());
    }
    if ("partly".equals(row.get("burst"))) {
      // Empty: the reads fall to the baseline's 300 a second, the throughput with them.
      assertTrue(credits.get(credits.size() - 1) < 300, credits.toString());
      assertTrue(Double.parseDouble(row.get("device_reads_per_sec")) < 3000 * 0.9, row.toString());
    }
  }
}
