package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.CellResult;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.imageio.ImageIO;

/**
 * What a rendered {@code index.html} must show, checked in headless Chromium: the three plots
 * drawn, the summary table with one row per saved cell, a tier badge for each, and a screenshot
 * that is a page and not a blank.
 */
public final class ReportPageCheck {
  private static final Pattern FIGURE =
      Pattern.compile("(?s)<figure class=\"plot\" id=\"plot-([a-z0-9-]+)\"[^>]*>(.*?)</figure>");
  private static final Pattern SERIES = Pattern.compile("data-series=\"(\\d+)\"");
  private static final Pattern SERIES_FIGURE =
      Pattern.compile("(?s)<figure class=\"series\" id=\"series-([^\"]+)\"[^>]*>(.*?)</figure>");
  private static final Pattern SUMMARY_ROW =
      Pattern.compile(
          "(?s)<tr class=\"cell\" data-records=\"(\\d+)\" data-profile=\"([^\"]+)\""
              + " data-status=\"(\\w+)\">(.*?)</tr>");

  private ReportPageCheck() {}

  /**
   * Renders {@code reportDir/index.html} in headless Chromium, saves a screenshot to {@code
   * screenshotPng} (kept as the test's artifact) and checks the page against the report's cells.
   */
  public static void assertRendered(Path reportDir, Path screenshotPng)
      throws IOException, InterruptedException {
    HeadlessChromium.requireInstalled();
    Path page = reportDir.resolve(ReportLayout.PAGE);
    assertTrue(Files.isRegularFile(page), "no " + page);
    List<CellResult> cells = new CellStore(reportDir).all();
    assertTrue(!cells.isEmpty(), "the report has no cells to show");

    String dom = HeadlessChromium.dumpDom(page);
    assertTrue(dom.contains("<h1>mongodb-tiered report</h1>"), "page did not load: " + head(dom));

    // The three plots, each an inline SVG with drawn content and a series when cells are ok.
    Matcher f = FIGURE.matcher(dom);
    Set<String> plots = new HashSet<>();
    while (f.find()) {
      String body = f.group(2);
      plots.add(f.group(1));
      assertTrue(body.contains("<svg"), f.group(1) + ": no svg");
      // A plot with series draws the first one in its colour (see Plots); one without says why.
      Matcher series = SERIES.matcher(f.group(0));
      int n = series.find() ? Integer.parseInt(series.group(1)) : 0;
      assertTrue(
          n == 0 ? count(body, "<path") > 0 : body.contains("rgb(0,114,178)"),
          f.group(1) + ": nothing drawn for " + n + " series");
      assertTrue(body.contains("<figcaption>"), f.group(1) + ": no caption");
    }
    assertEquals(Set.of(Plots.THROUGHPUT, Plots.P99, Plots.CACHE_HIT), plots, "plots on the page");
    boolean anyOk = cells.stream().anyMatch(c -> c.ok());
    if (anyOk) {
      assertTrue(
          dom.matches("(?s).*<figure class=\"plot\" id=\"plot-throughput\" data-series=\"[1-9].*"),
          "the throughput plot has a series");
    }

    // The summary table: one row per cell, each with its status and a tier badge when ok.
    assertTrue(dom.contains("<table id=\"summary-table\">"), "no summary table");
    Matcher r = SUMMARY_ROW.matcher(dom);
    Set<String> rows = new HashSet<>();
    while (r.find()) {
      rows.add(r.group(1) + "/" + r.group(2) + "/" + r.group(3));
      if ("ok".equals(r.group(3))) {
        assertTrue(r.group(4).contains("class=\"tier tier-"), "no tier badge in row " + r.group(0));
      }
    }
    Set<String> expected = new HashSet<>();
    cells.forEach(c -> expected.add(c.recordCount() + "/" + c.profile() + "/" + c.status().id()));
    assertEquals(expected, rows, "summary rows vs cells/*.json");
    assertTrue(dom.contains("<table id=\"pivot\">"), "no record count x profile table");
    assertTrue(dom.contains("<table id=\"tier-legend\">"), "no tier legend");
    // The Time series section: a figure per cell, a chart in each measured cell's.
    Matcher series = SERIES_FIGURE.matcher(dom);
    int figures = 0;
    int charts = 0;
    while (series.find()) {
      figures++;
      charts += series.group(2).contains("<svg") ? 1 : 0;
    }
    assertEquals(cells.size(), figures, "time-series figures on the page");
    assertEquals(cells.stream().filter(CellResult::ok).count(), charts, "time-series charts");
    for (String section :
        List.of("warnings", "baseline", "environment", "how-to-read", "time-series")) {
      assertTrue(dom.contains("<section id=\"" + section + "\">"), "no " + section + " section");
    }

    HeadlessChromium.screenshot(page, screenshotPng);
    BufferedImage img = ImageIO.read(screenshotPng.toFile());
    assertTrue(img != null, screenshotPng + " is not an image");
    assertTrue(img.getWidth() >= 1000 && img.getHeight() >= 1000, "screenshot too small");
    assertTrue(distinctColours(img, 64) >= 64, "screenshot is (nearly) one colour");
    if (anyOk) {
      // The first profile's series colour (see Charts): the plots were painted, not just parsed.
      assertTrue(hasColourNear(img, 0x0072B2, 24), "no plotted series visible in the screenshot");
    }
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }

  private static int distinctColours(BufferedImage img, int cap) {
    Set<Integer> seen = new HashSet<>();
    for (int y = 0; y < img.getHeight(); y += 3) {
      for (int x = 0; x < img.getWidth(); x += 3) {
        seen.add(img.getRGB(x, y) & 0xFFFFFF);
        if (seen.size() >= cap) {
          return cap;
        }
      }
    }
    return seen.size();
  }

  private static boolean hasColourNear(BufferedImage img, int rgb, int tolerance) {
    int r0 = (rgb >> 16) & 0xFF;
    int g0 = (rgb >> 8) & 0xFF;
    int b0 = rgb & 0xFF;
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        int c = img.getRGB(x, y);
        if (Math.abs(((c >> 16) & 0xFF) - r0) <= tolerance
            && Math.abs(((c >> 8) & 0xFF) - g0) <= tolerance
            && Math.abs((c & 0xFF) - b0) <= tolerance) {
          return true;
        }
      }
    }
    return false;
  }

  private static String head(String s) {
    return s.length() > 500 ? s.substring(0, 500) + "..." : s;
  }
}
