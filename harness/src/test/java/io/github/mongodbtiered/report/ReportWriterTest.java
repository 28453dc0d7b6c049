package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    ReportWriter.write(report, m, List.of(Cells.ok(100, "hdd", "WT_CACHE")));
    assertEquals(List.of("run.json", "summary.csv", "tier-wt_cache.csv"), names(report));
    assertEquals(2, SummaryCsvTest.lines(Files.readString(report.resolve("summary.csv"))).size());

    // A crash mid-write left a temp file; the re-run re-classified the first cell.
    Files.writeString(report.resolve(".summary.csv.abc123.tmp"), "half");
    Files.writeString(report.resolve("notes.txt"), "mine");
    ReportWriter.write(
        report,
        m,
        List.of(
            Cells.ok(100, "hdd", "PAGE_CACHE"),
            Cells.ok(200, "hdd", "DISK"),
            Cells.ok(100, "san", "DISK")));
    assertEquals(
        List.of("notes.txt", "run.json", "summary.csv", "tier-disk.csv", "tier-page_cache.csv"),
        names(report));
    List<String> summary = SummaryCsvTest.lines(Files.readString(report.resolve("summary.csv")));
    assertEquals(4, summary.size());
    assertTrue(summary.get(1).startsWith("100,san,"), "manifest profile order");
    assertEquals(3, SummaryCsvTest.lines(Files.readString(report.resolve("tier-disk.csv"))).size());
    assertEquals(m, RunManifest.read(report));
  }

  private static List<String> names(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return new ArrayList<>(s.map(p -> p.getFileName().toString()).sorted().toList());
    }
  }
}
