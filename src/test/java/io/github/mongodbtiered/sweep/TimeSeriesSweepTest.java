package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.report.SeriesCsv;
import io.github.mongodbtiered.report.SeriesCsv.Phase;
import io.github.mongodbtiered.report.SeriesCsv.Row;
import io.github.mongodbtiered.results.CellResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given an embedded sweep of one small cell, when it is measured, then series/2000-PROFILE.csv
 * holds its preload, warm-up and run seconds, the run's as long as the measured run and with the
 * cell's operations, and the page draws it; a resumed sweep leaves the file as it was and
 * --remeasure replaces it with the new run's.
 */
class TimeSeriesSweepTest {
  private static final long RECORDS = 2000;
  private static final String PROFILE = "fast-small";

  @Test
  void eachCellKeepsItsSecondsAndResumeKeepsThemAndRemeasureReplacesThem(@TempDir Path dir)
      throws Exception {
    Path out = dir.resolve("report");
    Path file = out.resolve("series/" + RECORDS + "-" + PROFILE + ".csv");

    CellResult cell = sweep(out, dir, 3, false).cells().get(0);
    assertTrue(cell.ok(), cell::toString);
    List<Row> rows = SeriesCsv.read(file);
    assertEquals(Phase.PRELOAD, rows.get(0).phase(), "the preload comes first");
    assertTrue(rows.stream().anyMatch(r -> r.phase() == Phase.WARMUP), rows::toString);
    List<Row> run = rows.stream().filter(r -> r.phase() == Phase.RUN).toList();
    double runSeconds = run.get(run.size() - 1).endSeconds() - run.get(0).startSeconds();
    assertEquals(cell.runtimeMillis() / 1000.0, runSeconds, 1.0, rows::toString);
    assertEquals(
        cell.operations(), run.stream().mapToLong(Row::operations).sum(), "the run's operations");
    double warmupEnd =
        rows.stream()
            .filter(r -> r.phase() == Phase.WARMUP)
            .mapToDouble(Row::endSeconds)
            .max()
            .orElseThrow();
    assertTrue(run.get(0).startSeconds() >= warmupEnd, "the run follows the warm-up");
    assertFalse(
        Files.exists(out.resolve("histograms/warmup/" + RECORDS + "-" + PROFILE + "-READ.hdr")),
        "the warm-up's logs are gone once the series is written");
    String page = Files.readString(out.resolve("index.html"));
    assertTrue(
        page.contains("id=\"series-" + RECORDS + "-" + PROFILE + "\" data-series-status="), page);

    byte[] before = Files.readAllBytes(file);
    FileTime modified = Files.getLastModifiedTime(file);
    SweepRunner.Outcome resumed = sweep(out, dir, 3, false);
    assertTrue(resumed.cells().get(0).ok());
    assertArrayEquals(before, Files.readAllBytes(file), "resume keeps the series");
    assertEquals(modified, Files.getLastModifiedTime(file));

    CellResult again = sweep(out, dir, 5, true).cells().get(0);
    assertTrue(again.ok(), again::toString);
    List<Row> rerun = SeriesCsv.read(file).stream().filter(r -> r.phase() == Phase.RUN).toList();
    double rerunSeconds = rerun.get(rerun.size() - 1).endSeconds() - rerun.get(0).startSeconds();
    assertEquals(again.runtimeMillis() / 1000.0, rerunSeconds, 1.0);
    assertTrue(rerunSeconds > runSeconds + 1, "the 5 s run replaced the 3 s one: " + rerunSeconds);
    assertEquals(again.operations(), rerun.stream().mapToLong(Row::operations).sum());
  }

  private static SweepRunner.Outcome sweep(Path out, Path dir, double seconds, boolean remeasure)
      throws Exception {
    return SweepScenario.embedded()
        .records(RECORDS)
        .profile(PROFILE)
        .seconds(seconds)
        .warmup(2)
        .workloadName("tiered-read-uniform")
        .remeasure(remeasure)
        .dataDir(dir.resolve("data"))
        .run(out);
  }
}
