package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.mongodbtiered.cli.MongodbTieredCli;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Given a report written by a real (scaled-down) sweep on the embedded server, when index.html is
 * opened in headless Chromium, then the plots, the table and the tiers are there; the screenshot is
 * kept in target/artifacts/report-page.png.
 */
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
            "--out",
            out.toString());
    assertEquals(0, exit, log::toString);
    assertEquals(4, new CellStore(out).all().size());

    ReportPageCheck.assertRendered(out, ARTIFACTS.resolve("report-page.png"));
  }
}
