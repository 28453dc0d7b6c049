package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.report.html.HtmlReport;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.FsHitBasis;
import io.github.mongodbtiered.results.IoLatency;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.PredictedTierBasis;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.Tier;
import io.github.mongodbtiered.results.ToolBuild;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

class HtmlReportTest {
  private static final List<String> ORDER = PlotsTest.ORDER;

  private static RunManifest manifest() {
    RunManifest m = RunManifestTest.manifest(ORDER);
    return m.toBuilder()
        .warnings(List.of("latency <not applied> on hdd-150"))
        .diskBaselines(java.util.Map.of())
        .diskBaseline(
            "hdd-150",
            List.of(
                new BaselineStep(
                    "hdd-150",
                    "container",
                    "read",
                    4096,
                    4096,
                    1,
                    10,
                    1500,
                    new BaselineStep.Rate(150, 0.6),
                    new IoLatency(6500, 7100, 7300, 9000)),
                new BaselineStep(
                    "hdd-150",
                    "container",
                    "read",
                    4096,
                    4096,
                    2,
                    10,
                    1510,
                    new BaselineStep.Rate(151, 0.6),
                    new IoLatency(13000, 14100, 14500, 20000))))
        .build();
  }

  private static List<CellResult> cells() {
    List<CellResult> c = new ArrayList<>(StudyCells.study());
    c.set(
        0,
        StudyCells.cell(
            2_000_000,
            "io1-5000",
            41000,
            900,
            1.0,
            1.0,
            Tier.WT_CACHE,
            List.of("<script>x</script>")));
    return c;
  }

  private static int count(String text, String part) {
    int n = 0;
    for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + 1)) {
      n++;
    }
    return n;
  }

  @Test
  void thePageHoldsPlotsTablesTiersBaselineEnvironmentAndWarningsAllEscaped() throws Exception {
    List<Plots.Plot> plots = Plots.render(cells(), ORDER);
    String html = HtmlReport.render(manifest(), cells(), plots, List.of());

    // One summary row per cell, each tier as a badge, the pivot with both profiles.
    assertEquals(8, count(html, "<tr class=\"cell\""));
    assertTrue(
        html.contains("data-records=\"4000000\" data-profile=\"hdd-150\" data-status=\"ok\""));
    assertTrue(
        html.contains("data-records=\"5000000\" data-profile=\"hdd-150\" data-status=\"failed\""));
    for (String tier :
        List.of("wt-cache", "fs-cache", "slightly-over", "far-over", "unclassified")) {
      assertTrue(html.contains("<span class=\"tier tier-" + tier + "\""), tier);
    }
    assertTrue(html.contains("<table id=\"pivot\">"));
    assertTrue(html.contains("41,000 ops/s<br>p99 0.900 ms"), "pivot: ops/s and p99");
    assertTrue(html.contains("<table id=\"tier-legend\">"));
    assertTrue(html.contains("WiredTiger cache hit ratio &ge; 99%"), "legend from TierClassifier");

    // Three inline plots, with ids unique across the page.
    for (String name : List.of(Plots.THROUGHPUT, Plots.P99, Plots.CACHE_HIT)) {
      assertTrue(html.contains("<figure class=\"plot\" id=\"plot-" + name + "\""), name);
    }
    assertEquals(3, count(html, "<svg "));
    assertFalse(html.contains("<?xml"), "no XML prolog inside HTML");
    Matcher ids = Pattern.compile("\\bid=\"([^\"]+)\"").matcher(html);
    Set<String> seen = new HashSet<>();
    while (ids.find()) {
      assertTrue(seen.add(ids.group(1)), "duplicate id " + ids.group(1));
    }
    // Each plot's clip paths still resolve, to its own.
    Matcher refs = Pattern.compile("url\\(#([^)]+)\\)").matcher(html);
    int resolved = 0;
    while (refs.find()) {
      assertTrue(seen.contains(refs.group(1)), "dangling reference " + refs.group(1));
      resolved++;
    }
    assertTrue(resolved >= 3, "clip paths referenced: " + resolved);

    // Baseline, environment, and every warning.
    assertTrue(html.contains("<table class=\"baseline\" data-profile=\"hdd-150\">"));
    assertEquals(2, count(html, "<td class=\"text\">container</td>"));
    assertTrue(html.contains("<dd>mq-deadline</dd>"), "environment facts");
    assertTrue(html.contains("has read-ahead 8192 KiB"), "environment warning");
    assertTrue(html.contains("latency &lt;not applied&gt; on hdd-150"), "run warning, escaped");
    assertTrue(
        html.contains(
            "5000000 x hdd-150:</span> FAILED: server &lt;exited&gt; &amp; &quot;gone&quot;"));
    assertTrue(html.contains("3000000 x hdd-150:</span> no /proc/PID/io"), "cell note");
    assertTrue(html.contains("<dt>warnings</dt><dd>5, listed under"), "counted at the top");
    assertTrue(html.contains("&lt;script&gt;x&lt;/script&gt;"));
    assertFalse(html.contains("<script"), "no script, and notes cannot inject one");
    assertFalse(html.contains("<exited>"));
    assertFalse(html.contains("s3cr"), "no password from the manifest");

    // Self-contained: nothing is loaded from anywhere.
    assertFalse(
        Pattern.compile("(src|href)=\"(?!#)").matcher(html.replaceAll("xlink:href=\"#", "")).find(),
        "no external reference");
    assertFalse(html.contains("<link"));
    assertTrue(html.contains("Content-Security-Policy"));
    assertTrue(html.contains("How to read this report"));
  }

  @Test
  void thePagesFirstLinesSayWhatItShowsProfileByProfileWithIntervalsAndCaveats() {
    CellResult small =
        StudyCells.cell(2_000_000, "hdd-150", 70_000, 900, 0.999, null, Tier.WT_CACHE, List.of())
            .toBuilder()
            .metric(Metric.OPS_PER_SEC_CI95_LOW, 68_000.0)
            .metric(Metric.OPS_PER_SEC_CI95_HIGH, 72_000.0)
            .metric(Metric.STEADY_STATE, 1.0)
            .metric(Metric.UNSTABLE, 0.0)
            .build();
    CellResult large =
        StudyCells.cell(5_000_000, "hdd-150", 1_000, 90_000, 0.6, 0.5, Tier.FAR_OVER, List.of())
            .toBuilder()
            .metric(Metric.STEADY_STATE, 0.0)
            .metric(Metric.UNSTABLE, 1.0)
            .build();
    CellResult other =
        StudyCells.cell(2_000_000, "io1-5000", 75_000, 800, 0.999, null, Tier.WT_CACHE, List.of());

    String html = HtmlReport.render(manifest(), List.of(small, large, other), List.of(), List.of());

    String start = html.substring(html.indexOf("<h1>"), html.indexOf("<dl class=\"facts\""));
    assertTrue(
        start.contains("What this page shows: throughput and tail latency of 3 cells"), start);
    assertTrue(
        start.contains(
            "hdd-150: 2,000,000 records: 70,000 ops/s (95% interval 68,000 to 72,000),"
                + " wt-cache; 5,000,000 records: 1,000 ops/s, far-over. From the smallest to the"
                + " largest count throughput falls 99%, as the data moves from wt-cache to"
                + " far-over."),
        start);
    assertTrue(start.indexOf("hdd-150:") > start.indexOf("io1-5000:"), "profiles in report order");
    assertTrue(
        start.contains(
            "Of the cells, 1 did not reach the steady state in the warm-up, 1 varied more than the"
                + " stability threshold: see Warnings."),
        start);
  }

  @Test
  void theSummaryShowsBothFilesystemHitRatiosAndWhichTheTierUsed() {
    // Read-ahead: 19% of the bytes came from the device, 0.5% of the reads.
    CellResult byReads =
        StudyCells.cell(3_000_000, "hdd-150", 30000, 1500, 0.8, 0.81, Tier.FS_CACHE, List.of())
            .toBuilder()
            .metric(Metric.FS_HIT_RATIO_OPS, 0.995)
            .fsHitBasis(FsHitBasis.OPS)
            .build();
    CellResult byBytes =
        StudyCells.cell(
                4_000_000, "hdd-150", 600, 300_000, 0.6, 0.93, Tier.SLIGHTLY_OVER, List.of())
            .toBuilder()
            .fsHitBasis(FsHitBasis.BYTES)
            .build();
    String html = HtmlReport.render(manifest(), List.of(byReads, byBytes), List.of(), List.of());
    assertTrue(html.contains("<th>FS cache hit, bytes</th><th>FS cache hit, reads</th>"));
    assertTrue(html.contains("<td>81.0%</td><td>99.5%</td>"), "both ratios");
    assertTrue(html.contains("<td>93.0%</td><td>&ndash;</td>"), "no ratio in reads: a dash");
    assertTrue(html.contains("fs-cache</span> <span class=\"basis\""));
    assertEquals(1, count(html, ">from reads</span>"));
    assertEquals(1, count(html, ">from bytes</span>"));
    assertTrue(html.contains("A tier uses the one in reads where it is known"), "legend says why");
  }

  @Test
  void theSummaryShowsFileSizeAndLiveBytesAndTheLegendNamesWhichDecided() {
    CellResult byLive =
        StudyCells.cell(3_000_000, "hdd-150", 30000, 1500, 0.8, 0.995, Tier.FS_CACHE, List.of())
            .toBuilder()
            .metric(Metric.STORAGE_BYTES, 6_540_000_000L)
            .metric(Metric.INDEX_BYTES, 160_000_000L)
            .metric(Metric.FILE_LIVE_BYTES, 3_470_000_000L)
            .tiers(Tier.FS_CACHE, Tier.FS_CACHE)
            .predictedTierBasis(PredictedTierBasis.LIVE)
            .build();
    CellResult byFile =
        StudyCells.cell(3_000_000, "san-600", 30000, 1500, 0.8, 0.995, Tier.FS_CACHE, List.of())
            .toBuilder()
            .metric(Metric.STORAGE_BYTES, 6_540_000_000L)
            .metric(Metric.INDEX_BYTES, 160_000_000L)
            .tiers(Tier.FAR_OVER, Tier.FS_CACHE)
            .predictedTierBasis(PredictedTierBasis.FILE)
            .build();
    String html = HtmlReport.render(manifest(), List.of(byLive, byFile), List.of(), List.of());
    assertTrue(html.contains("<th>files</th><th>live in files</th>"), "both shown");
    assertTrue(html.contains("<td>6.70 GB</td><td>3.47 GB</td>"), html);
    assertTrue(html.contains("<td>6.70 GB</td><td>&ndash;</td>"), "no live bytes: a dash");
    assertEquals(1, count(html, ">from live bytes</span>"));
    assertEquals(1, count(html, ">from file size</span>"));
    assertTrue(html.contains("their <em>live bytes</em> decide"), "the legend names it");
    assertTrue(html.contains("in this report: live bytes 1 cell, file size 1 cell"), html);
  }

  @Test
  void theSummaryShowsIntendedP99BesideP99OnlyWhenACellHasIt() {
    CellResult closed =
        StudyCells.cell(2_000_000, "io1-5000", 70000, 1500, 0.99, 0.99, Tier.WT_CACHE, List.of());
    String before = HtmlReport.render(manifest(), List.of(closed), List.of(), List.of());
    assertFalse(before.contains("intended p99"), "a closed loop's table stays as it was");
    CellResult open =
        closed.toBuilder()
            .intendedLatency(
                "READ", new LatencyStats(900, 9000, 8000, 12_000, 45_600, 50_000, 60_000))
            .build();
    String html = HtmlReport.render(manifest(), List.of(open), List.of(), List.of());
    assertTrue(html.contains("<th>READ p99</th><th>READ intended p99</th><th>READ p99.9</th>"));
    assertTrue(html.contains("<td>45.6</td>"), html);
    assertTrue(html.contains("--target schedule meant to start it"), "the legend says what it is");
  }

  @Test
  void withoutPlotsBaselineOrEnvironmentThePageSaysWhy() {
    RunManifest bare =
        RunManifest.builder()
            .toolVersion("0.1.0")
            .startedAt(java.time.Instant.EPOCH)
            .finishedAt(java.time.Instant.EPOCH)
            .commandLine(List.of("sweep"))
            .server(ServerKind.EMBEDDED, "", "")
            .profiles(List.of())
            .enforcement(java.util.Map.of())
            .warnings(List.of())
            .recordCounts(List.of(1000L))
            .workloadProperties(java.util.Map.of())
            .build();
    String html =
        HtmlReport.render(
            bare,
            List.of(CellResult.failed(1000, "none", ServerKind.EMBEDDED, "x")),
            List.of(),
            List.of("the plots could not be drawn (InternalError: no fonts)"));
    assertTrue(
        html.contains(
            "The plots could not be drawn: the plots could not be drawn"
                + " (InternalError: no fonts)"));
    assertTrue(html.contains("report:</span> the plots could not be drawn"), "listed as a warning");
    assertTrue(html.contains("Disk baseline: not measured"));
    assertTrue(html.contains("Environment: not checked"));
    assertTrue(html.contains("not MongoDB"), "the embedded server is named for what it is");
    assertEquals(0, count(html, "<svg"));
  }

  /** Two preload-free seconds of warm-up and three of run, throughput falling in the run. */
  private static List<SeriesCsv.Row> series() {
    List<SeriesCsv.Row> rows = new ArrayList<>();
    rows.add(
        new SeriesCsv.Row(
            1,
            SeriesCsv.Phase.PRELOAD,
            -1.5,
            -0.1,
            null,
            null,
            null,
            null,
            null,
            SeriesCsv.Row.Warmup.NONE));
    for (int s = 0; s < 2; s++) {
      rows.add(
          new SeriesCsv.Row(
              1,
              SeriesCsv.Phase.WARMUP,
              s,
              s + 1,
              5000L,
              5000.0,
              2.0,
              "READ",
              2.0,
              SeriesCsv.Row.Warmup.NONE));
    }
    for (int s = 2; s < 5; s++) {
      long ops = 9000 - 2000L * s;
      rows.add(
          new SeriesCsv.Row(
              1,
              SeriesCsv.Phase.RUN,
              s + 0.1,
              s + 1.1,
              ops,
              (double) ops,
              1.0 * s,
              "READ",
              1.0 * s,
              SeriesCsv.Row.Warmup.NONE));
    }
    return rows;
  }

  @Test
  void theTimeSeriesSectionHasOneChartPerMeasuredCellGroupedByProfileWithTheWarmUpMarked()
      throws Exception {
    List<CellResult> cells = new ArrayList<>(cells());
    // The second hdd-150 cell never reached the steady state.
    CellResult notSteady = cells.get(5).withMetric(Metric.STEADY_STATE, 0.0);
    cells.set(5, notSteady);
    java.util.Map<String, List<SeriesCsv.Row>> rows = new java.util.HashMap<>();
    cells.stream()
        .filter(CellResult::ok)
        .forEach(c -> rows.put(SeriesPlots.name(c.recordCount(), c.profile()), series()));
    java.util.Map<String, SeriesPlots.Chart> charts = SeriesPlots.render(cells, rows);

    String html =
        HtmlReport.render(manifest(), cells, Plots.render(cells, ORDER), charts, List.of());

    int from = html.indexOf("<section id=\"time-series\">");
    assertTrue(from >= 0, "a Time series section");
    String section = html.substring(from, html.indexOf("</section>", from));
    long measured = cells.stream().filter(CellResult::ok).count();
    assertEquals(cells.size(), count(section, "<figure class=\"series\""), "a figure per cell");
    assertEquals(measured, count(section, "<svg "), "a chart per measured cell");
    assertEquals(
        ORDER.stream().filter(p -> cells.stream().anyMatch(c -> c.profile().equals(p))).toList(),
        headings(section),
        "grouped by profile in report order");
    for (SeriesPlots.Chart c : charts.values()) {
      assertEquals(
          List.of("preload", "warm-up", "ops/s", "p99 ms"),
          c.plot().seriesNames(),
          c.plot().name());
      // The bands span the throughput axis: as high as the highest second, and a little more.
      double band = c.plot().series().get(1).y().get(0);
      double topOps = c.plot().series().get(2).y().stream().mapToDouble(d -> d).max().orElseThrow();
      assertEquals(topOps * 1.1, band, 1e-6, c.plot().name());
    }
    assertTrue(
        section.contains("preload -1.5 to -0.1 s, warm-up 0.0 to 2.0 s, run 2.1 to 5.1 s"),
        "each caption gives the phases' seconds");
    assertTrue(section.contains("id=\"series-5000000-hdd-150\" data-series-status=\"failed\""));
    assertTrue(section.contains("id=\"series-3000000-hdd-150\" data-series-status=\"not-steady\""));
    assertTrue(section.contains("id=\"series-2000000-io1-5000\" data-series-status=\"ok\""));
    // Each chart's SVG ids are its own: the page's ids stay unique.
    Matcher ids = Pattern.compile("\\bid=\"([^\"]+)\"").matcher(html);
    Set<String> seen = new HashSet<>();
    while (ids.find()) {
      assertTrue(seen.add(ids.group(1)), "duplicate id " + ids.group(1));
    }
  }

  private static List<String> headings(String section) {
    List<String> names = new ArrayList<>();
    Matcher m = Pattern.compile("<h3>([^<]+)</h3>").matcher(section);
    while (m.find()) {
      names.add(m.group(1));
    }
    return names;
  }

  @Test
  void theRunsFactsNameTheImagesIdsAndTheToolsBuildWhereRecorded() {
    List<CellResult> cells = List.of(Cells.cell(1000, "hdd-150").build());
    String before = HtmlReport.render(manifest(), cells, List.of(), List.of());
    assertFalse(before.contains("image IDs"), "a report that recorded none shows none");
    assertFalse(before.contains("tool build"), before);
    String id = "sha256:" + "1".repeat(64);
    RunManifest m =
        manifest().toBuilder()
            .imageId("mongo:7.0", id)
            .toolBuild(new ToolBuild("a".repeat(40), true))
            .build();
    String html = HtmlReport.render(m, cells, List.of(), List.of());
    assertTrue(html.contains("<dt>image IDs</dt><dd>mongo:7.0 " + id + "</dd>"), html);
    assertTrue(
        html.contains("<dt>tool build</dt><dd>" + "a".repeat(40) + " with uncommitted changes<"),
        html);
  }

  /** The workload file said 16 threads; --threads 4 is what every cell ran with. */
  @Test
  void theWorkloadLineShowsTheThreadsTheCellsRanWithNotTheFilesThreadcount() {
    RunManifest m =
        manifest().toBuilder()
            .workloadProperties(
                java.util.Map.of(
                    "workload", "site.ycsb.workloads.CoreWorkload", "threadcount", "16"))
            .build();
    CellResult four = Cells.cell(1000, "hdd-150").settings(settingsWithThreads(4)).build();
    String html = HtmlReport.render(m, List.of(four), List.of(), List.of());
    assertTrue(html.contains("threads=4"), html);
    assertFalse(html.contains("threadcount=16"), html);

    CellResult eight = Cells.cell(2000, "hdd-150").settings(settingsWithThreads(8)).build();
    html = HtmlReport.render(m, List.of(four, eight), List.of(), List.of());
    assertTrue(html.contains("threads=4 and 8 (per cell)"), html);

    CellResult unrecorded = Cells.cell(1000, "hdd-150").build();
    html = HtmlReport.render(m, List.of(unrecorded), List.of(), List.of());
    assertTrue(
        html.contains("threadcount=16 (the workload file&#39;s)")
            || html.contains("threadcount=16 (the workload file's)"),
        html);
  }

  /**
   * The run's manifest names the workload file's values; the cells recorded what ran after -p:
   * every property of theirs is on the workload line, one that differs between cells named so.
   */
  @Test
  void theWorkloadLineShowsEveryPropertyTheCellsRanWithAfterTheOverrides() {
    RunManifest m =
        manifest().toBuilder()
            .workloadProperties(
                java.util.Map.of(
                    "workload", "site.ycsb.workloads.CoreWorkload",
                    "requestdistribution", "zipfian"))
            .build();
    CellResult a = Cells.cell(1000, "hdd-150").settings(settingsWithThreads(4)).build();
    String html = HtmlReport.render(m, List.of(a), List.of(), List.of());
    assertTrue(html.contains("threads=4, requestdistribution=uniform"), html);
    assertFalse(html.contains("zipfian"), html);

    io.github.mongodbtiered.results.CellSettings s = settingsWithThreads(4);
    java.util.TreeMap<String, String> other = new java.util.TreeMap<>(s.workloadProperties());
    other.put("requestdistribution", "latest");
    other.put("fieldlength", "500");
    CellResult b =
        Cells.cell(2000, "hdd-150")
            .settings(
                new io.github.mongodbtiered.results.CellSettings(
                    s.workload(),
                    other,
                    s.shape(),
                    s.profile(),
                    s.server(),
                    s.image(),
                    s.serverVersion(),
                    s.latency(),
                    s.toolVersion()))
            .build();
    html = HtmlReport.render(m, List.of(a, b), List.of(), List.of());
    assertTrue(
        html.contains(
                "fieldlength per cell (summary.csv&#39;s workload_properties), requestdistribution per"
                    + " cell")
            || html.contains(
                "fieldlength per cell (summary.csv's workload_properties), requestdistribution per"
                    + " cell"),
        html);
  }

  static io.github.mongodbtiered.results.CellSettings settingsWithThreads(int threads) {
    return new io.github.mongodbtiered.results.CellSettings(
        "tiered-read-uniform",
        new java.util.TreeMap<>(java.util.Map.of("requestdistribution", "uniform")),
        io.github.mongodbtiered.results.CellSettings.RunShape.closedLoop(threads, 0, 5, 1),
        io.github.mongodbtiered.profiles.DiskProfile.named("hdd").description("a disk").build(),
        io.github.mongodbtiered.results.ServerKind.EMBEDDED,
        "",
        "",
        "off",
        "mongodb-tiered 0.1.0");
  }
}
