package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.report.SeriesCsv.Phase;
import io.github.mongodbtiered.report.SeriesCsv.Row;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellResultBuilder;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A burst-credit volume's credits in the series, its chart, and the summary's burst column. */
class BurstSeriesTest {
  private static Row row(double end, Double credits) {
    return new Row(1, Phase.RUN, end - 1, end, 3000L, 3000.0, 9.5, "READ", 9.5, Row.Warmup.NONE)
        .withBurstCredits(credits);
  }

  @Test
  void theCreditsGoIntoTheSeriesAndOlderFilesStillRead(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("s.csv");
    Files.writeString(file, SeriesCsv.render(List.of(row(1, 24_300.0), row(2, null))));
    List<Row> back = SeriesCsv.read(file);
    assertEquals(24_300.0, back.get(0).burstCredits());
    assertNull(back.get(1).burstCredits());

    String old = SeriesCsv.render(List.of(row(1, null)));
    String[] lines = old.strip().split("\r?\n");
    String row = lines[1].strip();
    String withoutBurst =
        lines[0].replace(",burst_credits", "") + "\n" + row.substring(0, row.length() - 1);
    Files.writeString(file, withoutBurst + "\n");
    assertNull(SeriesCsv.read(file).get(0).burstCredits(), "a file from before the column");
  }

  @Test
  void aBurstCellsChartDrawsItsCredits() throws Exception {
    CellResult cell =
        CellResult.builder(20_000, "gp2-100gib", ServerKind.DOCKER)
            .run(30_000, 10_000, 3000)
            .build();
    List<Row> rows = List.of(row(1, 24_300.0), row(2, 21_600.0), row(3, 18_900.0));
    var chart = SeriesPlots.chart("series-20000-gp2-100gib", cell, rows);
    assertTrue(
        chart.plot().series().stream().anyMatch(s -> s.name().equals("burst credits")),
        chart.plot().series().toString());
    var credits =
        chart.plot().series().stream()
            .filter(s -> s.name().equals("burst credits"))
            .findFirst()
            .orElseThrow();
    assertEquals(List.of(24_300.0, 21_600.0, 18_900.0), credits.y());
  }

  @Test
  void theBurstColumnSaysWhetherTheRunWasOnCredits() {
    CellResultBuilder b =
        CellResult.builder(20_000, "gp2-100gib", ServerKind.DOCKER).run(30_000, 10_000, 3000);
    assertEquals("", CellColumn.burst(b.build()), "no bucket");
    assertEquals("yes", CellColumn.burst(b.metric(Metric.BURST_ON_CREDITS_S, 9.6).build()));
    assertEquals("partly", CellColumn.burst(b.metric(Metric.BURST_ON_CREDITS_S, 4.0).build()));
    assertEquals("no", CellColumn.burst(b.metric(Metric.BURST_ON_CREDITS_S, 0.0).build()));
  }
}
