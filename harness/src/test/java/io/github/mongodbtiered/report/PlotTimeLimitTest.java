package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.Tier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

class PlotTimeLimitTest {
  @TempDir Path dir;

  /** Set at the end of each test, so a spinning draw left behind ends with it. */
  private final AtomicBoolean done = new AtomicBoolean();

  @AfterEach
  void stopSpinning() {
    done.set(true);
  }

  /** As XChart's tick loop did: busy, deaf to interrupts, until the test is over. */
  private <T> T spin() {
    while (!done.get()) {
      Thread.onSpinWait();
    }
    return null;
  }

  @Test
  @Timeout(30)
  void aDrawThatNeverFinishesIsLeftBehindAndNamed() {
    long start = System.nanoTime();
    PlotTimeLimit.PlotTimeoutException e =
        assertThrows(
            PlotTimeLimit.PlotTimeoutException.class,
            () -> PlotTimeLimit.bounded(Plots.P99, Duration.ofMillis(300), this::spin));
    assertEquals(
        "plot p99-latency is missing: XChart did not finish drawing it within 300 ms",
        e.getMessage());
    assertTrue(System.nanoTime() - start < 10_000_000_000L, "returned at the limit, not later");
  }

  @Test
  void aDrawWithinTheLimitGivesItsResultAndItsFailureAsItIs() throws IOException {
    assertEquals("svg", PlotTimeLimit.bounded("x", Duration.ofSeconds(10), () -> "svg"));
    IOException io =
        assertThrows(
            IOException.class,
            () ->
                PlotTimeLimit.bounded(
                    "x",
                    Duration.ofSeconds(10),
                    () -> {
                      throw new IOException("encoder failed");
                    }));
    assertEquals("encoder failed", io.getMessage());
    assertThrows(
        InternalError.class,
        () ->
            PlotTimeLimit.bounded(
                "x",
                Duration.ofSeconds(10),
                () -> {
                  throw new InternalError("no fonts");
                }));
  }

  /** The page and CSVs are written without the plot that hung; its old files go; the page says. */
  @Test
  @Timeout(60)
  void aPlotThatHangsLeavesTheRestOfTheReportWrittenAndThePageSaysWhichIsMissing()
      throws IOException {
    RunManifest m = RunManifestTest.manifest(List.of("hdd"));
    Path report = dir.resolve("report");
    List<io.github.mongodbtiered.results.CellResult> cells =
        List.of(Cells.ok(100, "hdd", Tier.WT_CACHE), Cells.ok(200, "hdd", Tier.FS_CACHE));
    ReportWriter.write(report, m, cells);
    assertTrue(Files.exists(report.resolve("plots/" + Plots.P99 + ".svg")));

    List<String> problems =
        ReportWriter.write(
            report,
            m,
            cells,
            (c, order, missing) -> {
              List<Plots.Plot> plots = new ArrayList<>(Plots.render(c, order));
              plots.removeIf(p -> p.name().equals(Plots.P99));
              try {
                PlotTimeLimit.bounded(Plots.P99, Duration.ofMillis(300), this::spin);
              } catch (PlotTimeLimit.PlotTimeoutException e) {
                missing.add(e.getMessage());
              }
              return plots;
            });

    String said = "plot p99-latency is missing: XChart did not finish drawing it within 300 ms";
    assertEquals(List.of(said), problems);
    assertTrue(Files.readString(report.resolve("index.html")).contains(said));
    assertTrue(Files.exists(report.resolve("plots/throughput.svg")));
    assertFalse(Files.exists(report.resolve("plots/" + Plots.P99 + ".svg")), "no stale p99 plot");
    assertFalse(Files.exists(report.resolve("plots/" + Plots.P99 + ".png")), "no stale p99 plot");
    assertTrue(Files.readString(report.resolve("summary.csv")).contains("200"));
  }
}
