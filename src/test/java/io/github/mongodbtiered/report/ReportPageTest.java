package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.cli.MongodbTieredCli;
import io.github.mongodbtiered.report.html.HtmlReport;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.ServerKind;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Given a report written by a real (scaled-down) sweep on the embedded server, when index.html is
 * opened in headless Chromium, then the plots, the table and the tiers are there; the screenshot is
 * kept in target/artifacts/report-page.png.
 */
@Tag("integration")
class ReportPageTest {
  private static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();
  static final Path ARTIFACTS = ROOT.resolve("src/test/target/artifacts");

  @Test
  void theSweepsReportPageRendersWithPlotsTableAndTiers(@TempDir Path out) throws Exception {
    HeadlessChromium.requireInstalled();
    StringWriter log = new StringWriter();
    CommandLine cl = MongodbTieredCli.commandLine();
    cl.setOut(new PrintWriter(log, true));
    cl.setErr(new PrintWriter(log, true));
    int exit =
        cl.execute(
            "sweep",
            "--server",
            "embedded",
            "--recordcounts",
            "1000,3000",
            "--profiles",
            "io1-5000,hdd-150",
            "--seconds",
            "2",
            "--warmup",
            "1",
            "--no-progress",
            // a short baseline of the bare disk, so the page has one to show
            "--baseline-seconds",
            "1",
            "--baseline-max-threads",
            "2",
            "--baseline-file-size",
            "64m",
            "--out",
            out.toString());
    assertEquals(0, exit, log::toString);
    assertEquals(4, new CellStore(out).all().size());

    ReportPageCheck.assertRendered(out, ARTIFACTS.resolve("report-page.png"));
  }

  @Test
  void aPageWithoutItsPlotsFailsTheCheck(@TempDir Path out) throws Exception {
    CellResult cell =
        CellResult.builder(1000, "none", ServerKind.EMBEDDED).run(100, 1000, 100).build();
    new CellStore(out).save(cell);
    RunManifest m =
        RunManifest.builder()
            .toolVersion("0.1.0")
            .startedAt(Instant.EPOCH)
            .finishedAt(Instant.EPOCH)
            .commandLine(List.of("sweep"))
            .server(ServerKind.EMBEDDED, "", "")
            .profiles(List.of())
            .enforcement(Map.of())
            .warnings(List.of())
            .recordCounts(List.of(1000L))
            .workloadProperties(Map.of())
            .build();
    Files.writeString(
        out.resolve(ReportLayout.PAGE),
        HtmlReport.render(m, List.of(cell), List.of(), List.of("plots left out on purpose")));
    AssertionError e =
        assertThrows(
            AssertionError.class,
            () -> ReportPageCheck.assertRendered(out, out.resolve("shot.png")));
    assertTrue(e.getMessage().contains("plots on the page"), e.getMessage());
  }
}
