package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Tier;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {
  @TempDir Path dir;

  @Test
  void rewritingWithMoreCellsUpdatesFilesAndDropsStaleTiers() throws IOException {
    RunManifest m = RunManifestTest.manifest(List.of("san", "hdd"));
    Path report = dir.resolve("report");
    ReportWriter.write(report, m, List.of(Cells.ok(100, "hdd", Tier.WT_CACHE)));
    assertEquals(
        List.of("index.html", "plots", "run.json", "summary.csv", "tier-wt-cache.csv"),
        names(report));
    assertEquals(
        List.of(
            "cache-hit-ratio.png",
            "cache-hit-ratio.svg",
            "p99-latency.png",
            "p99-latency.svg",
            "throughput.png",
            "throughput.svg"),
        names(report.resolve("plots")));
    assertEquals(2, SummaryCsvTest.lines(Files.readString(report.resolve("summary.csv"))).size());

    // A crash mid-write left a temp file; the re-run re-classified the first cell.
    Files.writeString(report.resolve(".summary.csv.abc123.tmp"), "half");
    Files.writeString(report.resolve(".index.html.abc123.tmp"), "half");
    Files.writeString(report.resolve("plots/.throughput.png.abc123.tmp"), "half");
    Files.writeString(report.resolve("notes.txt"), "mine");
    ReportWriter.write(
        report,
        m,
        List.of(
            Cells.ok(100, "hdd", Tier.FS_CACHE),
            Cells.ok(200, "hdd", Tier.FAR_OVER),
            Cells.ok(100, "san", Tier.FAR_OVER)));
    assertEquals(
        List.of(
            "index.html",
            "notes.txt",
            "plots",
            "run.json",
            "summary.csv",
            "tier-far-over.csv",
            "tier-fs-cache.csv"),
        names(report));
    assertEquals(6, names(report.resolve("plots")).size(), "temp file removed");
    assertEquals(3, count(Files.readString(report.resolve("index.html")), "<tr class=\"cell\""));
    List<String> summary = SummaryCsvTest.lines(Files.readString(report.resolve("summary.csv")));
    assertEquals(4, summary.size());
    assertTrue(summary.get(1).startsWith("100,san,"), "manifest profile order");
    assertEquals(
        3, SummaryCsvTest.lines(Files.readString(report.resolve("tier-far-over.csv"))).size());
    assertEquals(m, RunManifest.read(report));
  }

  @Test
  void whenThePlotsCannotBeDrawnThePageIsWrittenWithoutThemAndSaysWhy() throws IOException {
    RunManifest m = RunManifestTest.manifest(List.of("hdd"));
    Path report = dir.resolve("report");
    List<CellResult> cells = List.of(Cells.ok(100, "hdd", Tier.WT_CACHE));
    ReportWriter.write(report, m, cells);
    assertEquals(6, names(report.resolve("plots")).size());

    List<String> problems =
        ReportWriter.write(
            report,
            m,
            cells,
            (c, order, missing) -> {
              // What AWT throws on a host without fontconfig.
              throw new InternalError("Fontconfig head is null, check your fonts");
            });
    assertEquals(1, problems.size(), problems::toString);
    assertTrue(problems.get(0).contains("Fontconfig head is null"), problems.get(0));
    assertTrue(problems.get(0).contains("fonts-dejavu-core"), "says how to fix it");
    String html = Files.readString(report.resolve("index.html"));
    assertTrue(html.contains("The plots could not be drawn"), "the page says so");
    assertTrue(html.contains("Fontconfig head is null"));
    assertEquals(1, count(html, "<tr class=\"cell\""), "the tables are all there");
    assertEquals(List.of(), names(report.resolve("plots")), "no stale plots of fewer cells");
    assertTrue(Files.exists(report.resolve("summary.csv")));
  }

  @Test
  void runningOutOfMemoryIsNotTakenForARenderingProblem() {
    RunManifest m = RunManifestTest.manifest(List.of("hdd"));
    org.junit.jupiter.api.Assertions.assertThrows(
        OutOfMemoryError.class,
        () ->
            ReportWriter.write(
                dir.resolve("r"),
                m,
                List.of(),
                (c, order, missing) -> {
                  throw new OutOfMemoryError("test");
                }));
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }

  private static List<String> names(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return new ArrayList<>(s.map(p -> p.getFileName().toString()).sorted().toList());
    }
  }

  /** XChart's tick calculation spun forever on 1e308; a figure beyond a plot's range is refused. */
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void aValueBeyondAPlotsRangeLeavesThePlotsOutAndSaysWhyWithoutHanging() throws IOException {
    RunManifest m = RunManifestTest.manifest(List.of("hdd"));
    Path report = dir.resolve("report");
    CellResult absurd =
        Cells.ok(200, "hdd", Tier.WT_CACHE)
            .withMetric(io.github.mongodbtiered.results.Metric.OPS_PER_SEC_CI95_LOW, 90)
            .withMetric(io.github.mongodbtiered.results.Metric.OPS_PER_SEC_CI95_HIGH, 1e308);
    List<String> problems =
        ReportWriter.write(report, m, List.of(Cells.ok(100, "hdd", Tier.WT_CACHE), absurd));
    assertEquals(1, problems.size(), problems.toString());
    assertTrue(
        problems.get(0).startsWith("the plots were not drawn: hdd bar at 200 x hdd: 1.0E308 is"),
        problems.get(0));
    assertTrue(!Files.exists(report.resolve("plots/throughput.svg")));
    assertTrue(Files.readString(report.resolve("index.html")).contains("1.0E308 is beyond"));
  }

  /** The largest figures a cell may hold still draw, and in bounded time. */
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void figuresAtTheLimitsStillDraw() throws IOException {
    RunManifest m = RunManifestTest.manifest(List.of("hdd"));
    CellResult huge =
        Cells.ok(200, "hdd", Tier.WT_CACHE).toBuilder()
            .run(1, 1, CellChecks.MAX_OPS_PER_SEC)
            .latency(
                "READ",
                new io.github.mongodbtiered.results.LatencyStats(
                    1, 1, 1, 1, CellChecks.MAX_LATENCY_MICROS, 1, CellChecks.MAX_LATENCY_MICROS))
            .metric(
                io.github.mongodbtiered.results.Metric.OPS_PER_SEC_CI95_LOW, -Charts.MAX_PLOTTED)
            .metric(
                io.github.mongodbtiered.results.Metric.OPS_PER_SEC_CI95_HIGH, Charts.MAX_PLOTTED)
            .build();
    List<String> problems =
        ReportWriter.write(
            dir.resolve("report"), m, List.of(Cells.ok(100, "hdd", Tier.WT_CACHE), huge));
    assertEquals(List.of(), problems);
  }

  /** A renderer that fails half-way leaves every file as it was: nothing is written before it. */
  @Test
  void aFailureWhileWorkingOutThePageWritesNothing() throws IOException {
    RunManifest m = RunManifestTest.manifest(List.of("hdd"));
    Path report = dir.resolve("report");
    ReportWriter.write(report, m, List.of(Cells.ok(100, "hdd", Tier.WT_CACHE)));
    String summary = Files.readString(report.resolve("summary.csv"));
    org.junit.jupiter.api.Assertions.assertThrows(
        VirtualMachineError.class,
        () ->
            ReportWriter.write(
                report,
                m,
                List.of(Cells.ok(100, "hdd", Tier.WT_CACHE), Cells.ok(200, "hdd", Tier.FS_CACHE)),
                (cells, order, missing) -> {
                  throw new OutOfMemoryError("test");
                }));
    assertEquals(summary, Files.readString(report.resolve("summary.csv")));
  }

  /**
   * A file that cannot be written after others were (here the plots, whose directory is blocked by
   * a file; on a real host, a full disk) leaves the summary, the tier CSVs, run.json and the page
   * as they were, and no temporary file behind: the report's files are replaced together or not at
   * all.
   */
  @Test
  void aFileThatCannotBeWrittenLeavesTheWholeReportAsItWas() throws IOException {
    RunManifest m = RunManifestTest.manifest(List.of("hdd"));
    Path report = dir.resolve("report");
    ReportWriter.write(report, m, List.of(Cells.ok(100, "hdd", Tier.WT_CACHE)));
    Path plots = report.resolve("plots");
    try (Stream<Path> files = Files.list(plots)) {
      for (Path f : files.toList()) {
        Files.delete(f);
      }
    }
    Files.delete(plots);
    Files.writeString(plots, "in the way");
    List<String> before = new ArrayList<>();
    for (String f : List.of("summary.csv", "tier-wt-cache.csv", "run.json", "index.html")) {
      before.add(Files.readString(report.resolve(f)));
    }

    org.junit.jupiter.api.Assertions.assertThrows(
        IOException.class,
        () ->
            ReportWriter.write(
                report,
                m,
                List.of(Cells.ok(100, "hdd", Tier.FS_CACHE), Cells.ok(200, "hdd", Tier.FAR_OVER))));

    List<String> after = new ArrayList<>();
    for (String f : List.of("summary.csv", "tier-wt-cache.csv", "run.json", "index.html")) {
      after.add(Files.readString(report.resolve(f)));
    }
    assertEquals(before, after);
    assertEquals(
        List.of("index.html", "plots", "run.json", "summary.csv", "tier-wt-cache.csv"),
        names(report),
        "no temporary file, no new tier file");
  }
}
