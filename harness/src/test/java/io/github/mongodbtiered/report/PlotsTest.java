package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.ServerKind;
import java.awt.image.BufferedImage;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.imageio.ImageIO;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;

class PlotsTest {
  static final List<String> ORDER = List.of("io1-5000", "hdd-150");

  static Document parseSvg(String svg) throws Exception {
    DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
    f.setNamespaceAware(true);
    // The doctype names the W3C DTD; a report must not need the network to be checked.
    f.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    return f.newDocumentBuilder()
        .parse(new ByteArrayInputStream(svg.getBytes(StandardCharsets.UTF_8)));
  }

  static BufferedImage png(Plots.Plot p) throws IOException {
    return ImageIO.read(new ByteArrayInputStream(p.png()));
  }

  /** Distinct colours in the image, up to {@code cap}. */
  static int colours(BufferedImage img, int cap) {
    Set<Integer> seen = new HashSet<>();
    for (int y = 0; y < img.getHeight(); y += 2) {
      for (int x = 0; x < img.getWidth(); x += 2) {
        seen.add(img.getRGB(x, y) & 0xFFFFFF);
        if (seen.size() >= cap) {
          return cap;
        }
      }
    }
    return seen.size();
  }

  static boolean hasColour(BufferedImage img, int rgb) {
    for (int y = 0; y < img.getHeight(); y++) {
      for (int x = 0; x < img.getWidth(); x++) {
        if ((img.getRGB(x, y) & 0xFFFFFF) == rgb) {
          return true;
        }
      }
    }
    return false;
  }

  @Test
  void threePlotsOfTheOkCellsWithOneSeriesPerProfile() throws Exception {
    List<Plots.Plot> plots = Plots.render(StudyCells.study(), ORDER);
    assertEquals(
        List.of(Plots.THROUGHPUT, Plots.P99, Plots.CACHE_HIT),
        plots.stream().map(Plots.Plot::name).toList());

    Plots.Plot tput = plots.get(0);
    assertEquals(ORDER, tput.seriesNames());
    assertEquals(List.of(2e6, 3e6, 4e6, 5e6), tput.series().get(0).x());
    assertEquals(List.of(41000.0, 30000.0, 9000.0, 4000.0), tput.series().get(0).y());
    assertEquals(List.of(2e6, 3e6, 4e6), tput.series().get(1).x(), "the failed cell is left out");

    Plots.Plot p99 = plots.get(1);
    assertTrue(p99.title().contains("p99 READ latency"), "READ has the most operations");
    assertTrue(p99.title().contains("log scale"), p99.title());
    assertEquals(List.of(0.95, 2.0, 300.0), p99.series().get(1).y(), "milliseconds");

    Plots.Plot hit = plots.get(2);
    assertEquals(
        List.of(
            "io1-5000 WiredTiger cache",
            "io1-5000 filesystem cache",
            "hdd-150 WiredTiger cache",
            "hdd-150 filesystem cache"),
        hit.seriesNames());
    Plots.Series hddFs = hit.series().get(3);
    assertEquals(List.of(2e6, 4e6), hddFs.x(), "a missing ratio is skipped, not drawn as 0");
    assertEquals(
        List.of(100.0, 93.0), hddFs.y().stream().map(v -> Math.rint(v * 1e6) / 1e6).toList());

    for (Plots.Plot p : plots) {
      Document svg = parseSvg(p.svg());
      assertEquals("svg", svg.getDocumentElement().getLocalName(), p.name());
      assertEquals("0 0 900 500", svg.getDocumentElement().getAttribute("viewBox"));
      assertTrue(
          svg.getElementsByTagNameNS("*", "path").getLength() > 20, "glyphs and lines drawn");
      BufferedImage img = png(p);
      assertEquals(900, img.getWidth());
      assertEquals(500, img.getHeight());
      assertTrue(colours(img, 20) >= 20, p.name() + ": more than a blank image");
      // Each profile's colour is in the image: its series were drawn.
      assertTrue(hasColour(img, 0x0072B2), p.name() + ": io1-5000's blue");
      assertTrue(hasColour(img, 0xD55E00), p.name() + ": hdd-150's vermillion");
    }
  }

  @Test
  void withNothingToDrawThePlotsSaySoInsteadOfFailing() throws Exception {
    List<Plots.Plot> plots =
        Plots.render(
            List.of(CellResult.failed(1000, "hdd-150", ServerKind.EMBEDDED, "boom")), ORDER);
    assertEquals(3, plots.size());
    for (Plots.Plot p : plots) {
      assertFalse(p.hasData(), p.name());
      assertEquals("svg", parseSvg(p.svg()).getDocumentElement().getLocalName());
      assertTrue(colours(png(p), 3) >= 3, "axes and the message are drawn");
    }
  }

  @Test
  void theMainOperationIsTheOneWithTheMostOperations() {
    assertEquals("READ", Plots.mainOperation(StudyCells.study()));
    assertEquals("", Plots.mainOperation(List.of()));
  }

  @Test
  void recordCountsReadAsTheStudyWritesThem() {
    assertEquals("2M", Charts.count(2_000_000));
    assertEquals("2.5M", Charts.count(2_500_000));
    assertEquals("500k", Charts.count(500_000));
    assertEquals("999", Charts.count(999));
    assertEquals("0.5", Charts.plain(0.5));
    assertEquals("12000", Charts.plain(12000));
  }

  @Test
  void theThroughputAndP99PlotsDrawTheirIntervalsAsBarsAndSaySo() throws Exception {
    CellResult plain = Cells.ok(2000, "io1-5000", io.github.mongodbtiered.results.Tier.WT_CACHE);
    CellResult plain2 = Cells.ok(4000, "io1-5000", io.github.mongodbtiered.results.Tier.WT_CACHE);
    List<Plots.Plot> without = Plots.render(List.of(plain, plain2), ORDER);
    List<Plots.Plot> with =
        Plots.render(
            List.of(
                plain.toBuilder()
                    .metric(io.github.mongodbtiered.results.Metric.OPS_PER_SEC_CI95_LOW, 1.0)
                    .metric(io.github.mongodbtiered.results.Metric.OPS_PER_SEC_CI95_HIGH, 1e6)
                    .metric(io.github.mongodbtiered.results.Metric.P99_MS_LOW, 0.01)
                    .metric(io.github.mongodbtiered.results.Metric.P99_MS_HIGH, 500.0)
                    .build(),
                plain2),
            ORDER);
    for (int i : new int[] {0, 1}) {
      assertEquals(without.get(i).seriesNames(), with.get(i).seriesNames(), "bars stay unnamed");
      assertTrue(
          parseSvg(with.get(i).svg()).getElementsByTagName("path").getLength()
              > parseSvg(without.get(i).svg()).getElementsByTagName("path").getLength(),
          "a bar drawn in " + with.get(i).name());
    }
    assertTrue(with.get(0).title().contains("bars: 95% confidence interval"), with.get(0).title());
    assertTrue(with.get(1).title().contains("bars: p99 range"), with.get(1).title());
  }
}
