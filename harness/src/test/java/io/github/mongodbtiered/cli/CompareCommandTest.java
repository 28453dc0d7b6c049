package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellSettings;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.RepeatRun;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.Tier;
import io.github.mongodbtiered.results.ToolBuild;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code compare} on small report directories written with CellStore, as a sweep writes them. */
class CompareCommandTest {
  @TempDir Path dir;
  private StringWriter out = new StringWriter();
  private StringWriter err = new StringWriter();

  private int run(String... args) {
    out = new StringWriter();
    err = new StringWriter();
    return CliRun.execute(out, err, args);
  }

  /** A report of cells of three repeats at {@code opsPerSec} times 0.99, 1, 1.01, p99 2 ms. */
  private Path report(String name, double opsPerSec, long... counts) throws IOException {
    Path d = dir.resolve(name);
    Files.createDirectories(d);
    Instant started = Instant.parse("2026-01-01T00:00:00Z");
    RunManifest.builder()
        .toolVersion("mongodb-tiered 0.1.0")
        .startedAt(started)
        .finishedAt(started.plusSeconds(60))
        .commandLine(List.of("mongodb-tiered", "sweep"))
        .server(ServerKind.EMBEDDED, "", "")
        .profiles(List.of(DiskProfile.named("none").description("no limits").build()))
        .enforcement(Map.of())
        .warnings(List.of())
        .recordCounts(List.of(1000L, 2000L))
        .workloadProperties(Map.of("workload", "site.ycsb.workloads.CoreWorkload"))
        .build()
        .write(d);
    CellStore store = new CellStore(d);
    for (long count : counts) {
      List<RepeatRun> runs = new ArrayList<>();
      for (double f : new double[] {0.99, 1, 1.01}) {
        runs.add(new RepeatRun(opsPerSec * f, 2.0 * (2 - f)));
      }
      store.save(
          CellResult.builder(count, "none", ServerKind.EMBEDDED)
              .run(3000, 3000, opsPerSec)
              .repeatRuns(runs)
              .latency("READ", new LatencyStats(3000, 900, 800, 1500, 2000, 2500, 3000))
              .tiers(Tier.WT_CACHE, Tier.WT_CACHE)
              .build());
    }
    return d;
  }

  @Test
  void aHalvedThroughputIsSlowerAndFailsOnlyWhenAskedTo() throws IOException {
    Path base = report("base", 1000, 1000, 2000);
    Path next = report("next", 500, 1000);
    assertEquals(0, run("compare", base.toString(), next.toString()), err.toString());
    String table = out.toString();
    assertTrue(table.contains("1000 x none"), table);
    assertTrue(table.contains("slower"), table);
    assertTrue(table.contains("2000 x none: only in BASE"), table);
    assertTrue(table.contains("Welch's t"), "states the rules: " + table);
    assertTrue(table.contains("0 faster"), table);

    assertEquals(
        ExitCodes.FOUND,
        run("compare", base.toString(), next.toString(), "--fail-on", "p99_higher,slower"));
    assertTrue(err.toString().contains("[FAIL-ON] 1 cells: 1000 x none (slower)"), err.toString());
    assertEquals(0, run("compare", base.toString(), next.toString(), "--fail-on", "p99_higher"));
  }

  @Test
  void outGetsTheCsvAndThePage() throws IOException {
    Path base = report("base", 1000, 1000, 2000);
    Path next = report("next", 1000.5, 1000);
    Path diff = dir.resolve("diff");
    // The runs agree within 0.05% and the default between-sweeps allowance (8%) forbids calling
    // that equivalent within 5%: trusting the repeats alone does.
    assertEquals(0, run("compare", base.toString(), next.toString(), "--out", diff.toString()));
    assertTrue(
        Files.readAllLines(diff.resolve("compare.csv")).get(1).contains(",unsure,"),
        "the default allows 8% between sweeps");
    assertTrue(out.toString().contains("equivalent cannot be reached here"), out.toString());
    assertEquals(
        0,
        run(
            "compare",
            base.toString(),
            next.toString(),
            "--between-sweeps",
            "0%",
            "--out",
            diff.toString()));
    assertFalse(out.toString().contains("cannot be reached"), out.toString());
    List<String> csv = Files.readAllLines(diff.resolve("compare.csv"));
    assertTrue(
        csv.get(0).startsWith("record_count,profile,base_tier,new_tier,base_runs"), csv.get(0));
    assertEquals(3, csv.size(), csv.toString());
    assertTrue(csv.get(1).startsWith("1000,none,wt-cache,wt-cache,3,3,1000.0,1000.5,"), csv.get(1));
    assertTrue(csv.get(1).contains(",equivalent,"), csv.get(1));
    assertTrue(csv.get(2).startsWith("2000,none,"), csv.get(2));
    assertTrue(csv.get(2).contains(",only in BASE,"), csv.get(2));
    String page = Files.readString(diff.resolve("compare.html"));
    assertTrue(page.contains("<svg"), "ratios drawn");
    assertTrue(page.contains("class=\"equivalent\""), "verdicts coloured");
    // Again into the same --out: an earlier compare's files are replaced.
    assertEquals(0, run("compare", base.toString(), next.toString(), "--out", diff.toString()));
  }

  @Test
  void stringsFromTheReportsAreEscapedInThePage() throws IOException {
    Path base = report("base", 1000, 1000);
    Path next = report("next", 1001, 1000);
    new CellStore(next)
        .save(CellResult.failed(2000, "none", ServerKind.EMBEDDED, "<script>alert(1)</script>"));
    new CellStore(base).save(new CellStore(next).load(2000, "none").orElseThrow());
    Path diff = dir.resolve("diff");
    assertEquals(0, run("compare", base.toString(), next.toString(), "--out", diff.toString()));
    String page = Files.readString(diff.resolve("compare.html"));
    assertFalse(page.contains("<script>"), page);
    assertTrue(page.contains("&lt;script&gt;"), page);
  }

  private static final String STANDIN = "mongodb-tiered-standin:latest";

  /**
   * The report as a docker sweep of {@link #STANDIN} writes it: cells with their settings, and
   * run.json with the image's ID and the tool's build where given (null: not recorded).
   */
  private static void onStandin(Path report, String imageId, ToolBuild build) throws IOException {
    RunManifest.Builder m =
        RunManifest.read(report).toBuilder()
            .server(ServerKind.DOCKER, STANDIN, "")
            .toolBuild(build);
    if (imageId != null) {
      m.imageId(STANDIN, imageId);
    }
    m.build().write(report);
    CellSettings settings =
        new CellSettings(
            "w",
            new TreeMap<>(),
            CellSettings.RunShape.closedLoop(4, 0, 5, 1),
            null,
            ServerKind.DOCKER,
            STANDIN,
            "",
            "",
            "mongodb-tiered 0.1.0");
    CellStore store = new CellStore(report);
    for (CellResult c : store.all()) {
      store.save(c.toBuilder().settings(settings).build());
    }
  }

  @Test
  void anotherBuildOfTheSameTagAndAnotherToolBuildAreSettingsThatDiffer() throws IOException {
    Path base = report("base", 1000, 1000);
    Path next = report("next", 700, 1000);
    onStandin(base, "sha256:" + "1".repeat(64), new ToolBuild("a".repeat(40), false));
    onStandin(next, "sha256:" + "2".repeat(64), new ToolBuild("b".repeat(40), true));
    Path diff = dir.resolve("diff");
    assertEquals(0, run("compare", base.toString(), next.toString(), "--out", diff.toString()));
    String id = "image ID of " + STANDIN + ": sha256:111111111111… → sha256:222222222222…";
    String tool = "tool build: aaaaaaaaaaaa → bbbbbbbbbbbb with uncommitted changes";
    assertTrue(
        out.toString().contains("settings that differ (BASE -> NEW):\n  " + id + "\n  " + tool),
        out.toString());
    String csv = Files.readString(diff.resolve("compare.csv"));
    assertTrue(csv.contains(id + "; " + tool), csv);
    String page = Files.readString(diff.resolve("compare.html"));
    assertTrue(page.contains(id), page);
  }

  @Test
  void aReportThatRecordedNoIdsComparesAsBefore() throws IOException {
    Path base = report("base", 1000, 1000);
    Path next = report("next", 700, 1000);
    onStandin(base, null, null);
    onStandin(next, "sha256:" + "2".repeat(64), new ToolBuild("b".repeat(40), false));
    assertEquals(0, run("compare", base.toString(), next.toString()));
    assertFalse(out.toString().contains("settings that differ"), out.toString());
  }

  @Test
  void aReportComparedWithItselfIsRefused() throws IOException {
    Path base = report("base", 1000, 1000);
    assertEquals(2, run("compare", base.toString(), base.toString()));
    assertTrue(err.toString().contains("are the same report"), err.toString());
    Path copy = report("copy", 1000, 1000);
    assertEquals(2, run("compare", base.toString(), copy.toString()));
    assertTrue(err.toString().contains("hold the very same cells"), err.toString());
  }

  @Test
  void badInputExits2NamingWhatIsWrong() throws IOException {
    Path base = report("base", 1000, 1000);
    assertEquals(2, run("compare", base.toString(), dir.resolve("missing").toString()));
    assertTrue(
        err.toString().contains("NEW DIR " + dir.resolve("missing") + ": no such directory"),
        err.toString());
    Files.createDirectories(dir.resolve("plain"));
    assertEquals(2, run("compare", dir.resolve("plain").toString(), base.toString()));
    assertTrue(
        err.toString().contains("BASE DIR " + dir.resolve("plain") + ": has no run.json"),
        err.toString());

    Path tampered = report("tampered", 900, 1000);
    Path cell = new CellStore(tampered).file(1000, "none");
    Files.writeString(
        cell, Files.readString(cell).replace("\"recordCount\" : 1000", "\"recordCount\" : 1001"));
    assertEquals(2, run("compare", base.toString(), tampered.toString()));
    assertTrue(err.toString().contains("holds cell 1001 x none"), err.toString());

    assertEquals(2, run("compare", base.toString(), base.toString(), "--band", "abc"));
    assertTrue(err.toString().contains("give a percentage"), err.toString());
    assertEquals(2, run("compare", base.toString(), base.toString(), "--fail-on", "worse"));
    assertTrue(err.toString().contains("use slower, p99_higher or changed"), err.toString());
  }

  @Test
  void helpListsTheExitCodes() {
    assertEquals(0, run("compare", "--help"));
    String help = out.toString();
    assertTrue(help.contains("Exit codes:"), help);
    assertTrue(help.contains("--fail-on found what it asks about"), help);
  }
}
