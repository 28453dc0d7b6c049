package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.locks.DirectoryLock;
import io.github.mongodbtiered.locks.LockOwner;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.HistogramLogMerge;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.report.YcsbLogs;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellStatus;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.Tier;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportCommandTest {
  @TempDir Path dir;
  private StringWriter out = new StringWriter();
  private StringWriter err = new StringWriter();

  private int run(String... args) {
    out = new StringWriter();
    err = new StringWriter();
    return CliRun.execute(out, err, args);
  }

  private static RunManifest manifest(Instant started) {
    return RunManifest.builder()
        .toolVersion("mongodb-tiered 0.1.0")
        .startedAt(started)
        .finishedAt(started.plusSeconds(60))
        .commandLine(List.of("mongodb-tiered", "sweep"))
        .server(ServerKind.URL, "", "7.0.14")
        .profiles(List.of(DiskProfile.named("hdd").description("slow").iops(150).build()))
        .enforcement(Map.of())
        .warnings(List.of("profiles are labels"))
        .recordCounts(List.of(1000L, 2000L))
        .workloadProperties(Map.of("workload", "site.ycsb.workloads.CoreWorkload"))
        .build();
  }

  /**
   * A client's report directory: its cells with READ latencies taken from the HdrHistogram logs it
   * wrote through YCSB, as a sweep does.
   */
  private Path client(String name, long seed, double medianMicros, long... counts)
      throws IOException {
    Path d = dir.resolve(name);
    Files.createDirectories(d.resolve("histograms"));
    manifest(Instant.parse("2026-01-01T00:00:00Z").plusSeconds(seed)).write(d);
    Random r = new Random(seed);
    for (long count : counts) {
      List<long[]> intervals = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        long[] v = new long[2000];
        for (int j = 0; j < v.length; j++) {
          v[j] = Math.max(1, Math.round(medianMicros * Math.exp(r.nextGaussian())));
        }
        intervals.add(v);
      }
      Path log = YcsbLogs.write(d.resolve("histograms/" + count + "-hdd-"), "READ", intervals);
      TreeMap<String, LatencyStats> lat = new TreeMap<>();
      lat.put("READ", LatencyStats.of(HistogramLogMerge.total(List.of(log))));
      new CellStore(d)
          .save(
              CellResult.builder(count, "hdd", ServerKind.URL)
                  .run(6000, 10_000, 600)
                  .latencies(lat)
                  .metrics(
                      Map.of(
                          Metric.WT_HIT_RATIO,
                          0.5 + seed / 100.0,
                          Metric.CLIENT_CPU_US_PER_OP,
                          10.0 * seed,
                          Metric.CLIENT_CPU_CORES,
                          0.25))
                  .tiers(Tier.FAR_OVER, Tier.FAR_OVER)
                  .notes(List.of("profiles are labels", "client " + name))
                  .build());
    }
    return d;
  }

  /** Every file under {@code d} with its bytes, to prove nothing changed. */
  private static Map<String, String> snapshot(Path d) throws IOException {
    Map<String, String> m = new TreeMap<>();
    try (Stream<Path> s = Files.walk(d)) {
      for (Path p : s.filter(Files::isRegularFile).toList()) {
        m.put(d.relativize(p).toString(), java.util.Arrays.toString(Files.readAllBytes(p)));
      }
    }
    return m;
  }

  @Test
  void rebuildsTheReportFromRunJsonAndCellsWithoutTouchingThem() throws IOException {
    Path a = client("a", 1, 500, 1000, 2000);
    Map<String, String> before = snapshot(a);
    assertEquals(0, run("report", a.toString()), err::toString);
    assertTrue(out.toString().contains("report: " + a.resolve("index.html")), out.toString());
    for (String f :
        List.of("index.html", "summary.csv", "tier-far-over.csv", "plots/p99-latency.svg")) {
      assertTrue(Files.isRegularFile(a.resolve(f)), f);
    }
    Map<String, String> after = snapshot(a);
    before.forEach(
        (f, bytes) -> {
          if (f.startsWith("cells/") || f.startsWith("histograms/")) {
            assertEquals(bytes, after.get(f), f + " unchanged");
          }
        });
    String html = Files.readString(a.resolve("index.html"));
    assertEquals(2, html.split("<tr class=\"cell\"", -1).length - 1);
  }

  @Test
  void mergesTwoClientsReportsIntoANewDirectoryAndLeavesThemAlone() throws IOException {
    Path a = client("a", 1, 400, 1000, 2000);
    Path b = client("b", 2, 3000, 1000);
    Map<String, String> aBefore = snapshot(a);
    Map<String, String> bBefore = snapshot(b);
    Path merged = dir.resolve("merged");

    // 2000 x hdd has no result from client b: failed in the merge, so exit 1.
    assertEquals(
        MongodbTieredCli.FAILED,
        run("report", a.toString(), b.toString(), "--out", merged.toString()),
        err::toString);
    assertEquals(aBefore, snapshot(a));
    assertEquals(bBefore, snapshot(b));

    CellResult c = new CellStore(merged).load(1000, "hdd").orElseThrow();
    assertEquals(CellStatus.OK, c.status());
    assertEquals(12_000, c.operations(), "summed");
    assertEquals(1200, c.throughputOpsPerSec(), 1e-9, "summed");
    assertEquals(15.0, c.metrics().get(Metric.CLIENT_CPU_US_PER_OP), 1e-9, "ops-weighted");
    assertEquals(0.5, c.metrics().get(Metric.CLIENT_CPU_CORES), 1e-9, "summed");
    assertEquals(0.51, c.metrics().get(Metric.WT_HIT_RATIO), 1e-9, "server side: the first's");
    assertTrue(c.notes().contains("profiles are labels"), "a note all clients have, once");
    assertTrue(c.notes().contains("[b] client b"), c.notes().toString());

    Histogram all = new Histogram(3);
    all.add(HistogramLogMerge.total(List.of(a.resolve("histograms/1000-hdd-READ.hdr"))));
    all.add(HistogramLogMerge.total(List.of(b.resolve("histograms/1000-hdd-READ.hdr"))));
    LatencyStats read = c.latencies().get("READ");
    assertEquals(LatencyStats.of(all), read);
    assertEquals(12_000, read.count());
    assertEquals(
        read,
        LatencyStats.of(
            HistogramLogMerge.total(List.of(merged.resolve("histograms/1000-hdd-READ.hdr")))),
        "the merged log holds the merged values");

    CellResult missing = new CellStore(merged).load(2000, "hdd").orElseThrow();
    assertEquals(CellStatus.FAILED, missing.status());
    assertTrue(missing.error().contains("no result for this cell in b"), missing.error());

    RunManifest m = RunManifest.read(merged);
    assertTrue(
        m.warnings().get(0).startsWith("merged from 2 report directories (a, b)"),
        m.warnings().toString());
    assertEquals(Instant.parse("2026-01-01T00:00:01Z"), m.startedAt(), "the earliest start");
    String html = Files.readString(merged.resolve("index.html"));
    assertTrue(html.contains("no result for this cell in b"));
    assertTrue(Files.isRegularFile(merged.resolve("summary.csv")));

    // A second merge into the same place needs --force, and then replaces it.
    assertEquals(
        MongodbTieredCli.USAGE,
        run("report", a.toString(), b.toString(), "--out", merged.toString()));
    assertTrue(
        err.toString().contains("--out " + merged + ": exists and is not empty"), err.toString());
    assertTrue(err.toString().contains("--force"), err.toString());
    Files.writeString(merged.resolve("cells/9-hdd.json"), "stale");
    assertEquals(
        MongodbTieredCli.FAILED,
        run("report", a.toString(), b.toString(), "--out", merged.toString(), "--force"),
        err::toString);
    assertFalse(
        Files.exists(merged.resolve("cells/9-hdd.json")), "the earlier merge's cells replaced");
  }

  @Test
  void aCorruptLogFailsOnlyItsCellNamingTheFile() throws IOException {
    Path a = client("a", 1, 400, 1000, 2000);
    Path b = client("b", 2, 3000, 1000, 2000);
    Path log = b.resolve("histograms/2000-hdd-READ.hdr");
    List<String> lines = new ArrayList<>(Files.readAllLines(log));
    lines.set(lines.size() - 1, lines.get(lines.size() - 1).replaceAll(",[^,]+$", ",AAAAAAAA"));
    Files.write(log, lines);
    assertEquals(
        MongodbTieredCli.FAILED,
        run("report", a.toString(), b.toString(), "--out", dir.resolve("m").toString()));
    CellResult c = new CellStore(dir.resolve("m")).load(2000, "hdd").orElseThrow();
    assertEquals(CellStatus.FAILED, c.status());
    assertTrue(
        c.error().contains("2000-hdd-READ.hdr") && c.error().contains("does not decode"),
        c.error());
    assertEquals(
        CellStatus.OK, new CellStore(dir.resolve("m")).load(1000, "hdd").orElseThrow().status());
  }

  @Test
  void badInputIsOneLineNamingTheOptionWithExit2() throws IOException {
    Path a = client("a", 1, 400, 1000);
    Path notReport = Files.createDirectories(dir.resolve("empty"));
    Path corrupt = Files.createDirectories(dir.resolve("corrupt"));
    Files.writeString(corrupt.resolve("run.json"), "{\"toolVersion\": ");
    String[][] cases = {
      {"report"},
      {"report", dir.resolve("nowhere").toString()},
      {"report", notReport.toString()},
      {"report", corrupt.toString()},
      {"report", a.toString(), a.toString()},
      {"report", a.toString(), "--out", dir.resolve("x").toString()},
      {"report", a.toString(), corrupt.toString(), "--out", dir.resolve("y").toString()},
      {"report", a.toString(), dir.resolve("a/../a").toString(), "--out", a.toString(), "--force"},
    };
    String[] expected = {
      "name a report directory",
      "nowhere: no such directory",
      "has no run.json, so it is not a report directory",
      "run.json: not a valid RunManifest",
      "needs --out NEW_DIR",
      "--out is for merging several report directories",
      "run.json: not a valid RunManifest",
      "is one of the inputs",
    };
    for (int i = 0; i < cases.length; i++) {
      assertEquals(MongodbTieredCli.USAGE, run(cases[i]), String.join(" ", cases[i]) + ": " + err);
      String e = err.toString();
      assertTrue(e.contains(expected[i]), String.join(" ", cases[i]) + ": " + e);
      assertEquals(1, e.strip().lines().count(), "one line: " + e);
      assertFalse(e.contains("\tat "), "no stack trace: " + e);
    }
    assertFalse(Files.exists(dir.resolve("y")), "nothing written when an input is bad");
  }

  @Test
  void aReportAnotherRunIsWritingIsRefusedNamingItsPid() throws IOException {
    Path a = client("a", 1, 400, 1000);
    Map<String, String> before = snapshot(a);
    try (DirectoryLock held =
        DirectoryLock.acquire(
            a.resolve("lock"),
            LockOwner.current(List.of("mongodb-tiered", "sweep", "--out", a.toString())),
            line -> {})) {
      assertEquals(2, run("report", a.toString()));
    }
    assertTrue(
        err.toString()
            .startsWith(
                "[ERROR] DIR "
                    + a
                    + ": another sweep (pid "
                    + ProcessHandle.current().pid()
                    + ", started "),
        err.toString());
    assertTrue(err.toString().strip().endsWith("is writing this report; wait for it to finish"));
    Map<String, String> after = snapshot(a);
    after.remove("lock"); // the holder's, empty once it released
    assertEquals(before, after, "nothing rewritten");
  }

  @Test
  void aMergeRefusesOneClientGivenTwiceAndCreatesNothing() throws IOException {
    Path a = client("a", 1, 400, 1000);
    Path merged = dir.resolve("merged");
    assertEquals(2, run("report", a.toString(), a.toString(), "--out", merged.toString()));
    assertTrue(err.toString().contains("are the same directory"), err::toString);
    assertTrue(err.toString().contains("give each client's report once"), err::toString);
    assertFalse(Files.exists(merged), "a refused merge creates no --out");

    Path copy = dir.resolve("copy");
    Files.createDirectories(copy);
    try (Stream<Path> s = Files.walk(a)) {
      for (Path p : s.toList()) {
        Path to = copy.resolve(a.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to);
        }
      }
    }
    assertEquals(
        2,
        run(
            "report",
            a.toString(),
            client("b", 2, 3000, 1000).toString(),
            copy.toString(),
            "--out",
            merged.toString()));
    assertTrue(
        err.toString().contains("hold the same cell 1000 x hdd figure for figure"), err::toString);
    assertFalse(Files.exists(merged));

    Path c = client("c", 3, 500, 1000);
    for (Path d : List.of(a, c)) {
      CellStore store = new CellStore(d);
      store.save(store.load(1000, "hdd").orElseThrow().withMetric(Metric.CLIENT_INDEX, 1.0));
    }
    assertEquals(2, run("report", a.toString(), c.toString(), "--out", merged.toString()));
    assertTrue(err.toString().contains("are both client 1 of a fleet"), err::toString);
  }

  @Test
  void mergeIntoAnEmptyOutIsRefused() throws IOException {
    Path a = client("a", 1, 400, 1000);
    Path b = client("b", 2, 3000, 1000);
    assertEquals(2, run("report", a.toString(), b.toString(), "--out", ""));
    assertEquals(
        "[ERROR] --out: empty path (an unset shell variable?); give a directory or file",
        err.toString().strip());
  }

  @Test
  void mergeHistogramsWritesOneLogAndPrintsItsPercentiles() throws IOException {
    Path a = client("a", 1, 400, 1000);
    Path b = client("b", 2, 3000, 1000);
    Path la = a.resolve("histograms/1000-hdd-READ.hdr");
    Path lb = b.resolve("histograms/1000-hdd-READ.hdr");
    Path merged = dir.resolve("read.hdr");
    assertEquals(
        0,
        run("report", "merge-histograms", la.toString(), lb.toString(), "--out", merged.toString()),
        err::toString);
    Histogram all = HistogramLogMerge.total(List.of(la, lb));
    String o = out.toString();
    assertTrue(o.contains("merged 2 logs into " + merged), o);
    assertTrue(o.matches("(?s).*\\ncount\\s+12000\\n.*"), o);
    assertTrue(o.matches("(?s).*\\np99\\s+" + all.getValueAtPercentile(99) + "\\n.*"), o);
    assertTrue(o.matches("(?s).*\\nmax\\s+" + all.getMaxValue() + "\\n.*"), o);
    assertEquals(
        all.getValueAtPercentile(99.9),
        HistogramLogMerge.total(List.of(merged)).getValueAtPercentile(99.9));

    assertEquals(
        MongodbTieredCli.USAGE,
        run(
            "report",
            "merge-histograms",
            la.toString(),
            lb.toString(),
            "--out",
            merged.toString()));
    assertTrue(err.toString().contains("--out " + merged + ": exists"), err.toString());
    assertEquals(
        MongodbTieredCli.USAGE,
        run(
            "report",
            "merge-histograms",
            la.toString(),
            dir.resolve("no.hdr").toString(),
            "--out",
            dir.resolve("z.hdr").toString()));
    assertTrue(err.toString().contains("no.hdr: no such file"), err.toString());
  }

  @Test
  void helpReadsLikeAManPage() {
    assertEquals(0, run("report", "--help"));
    String o = out.toString();
    assertTrue(o.contains("rebuilds its report"), o);
    assertTrue(o.contains("merges the reports of client machines"), o);
    assertTrue(o.contains("--out"), o);
    assertTrue(o.contains("merge-histograms"), o);
    assertEquals(0, run("report", "merge-histograms", "--help"));
    assertTrue(out.toString().contains("absolute start time"), out.toString());
  }

  /** A cell edited to an absurd throughput once hung the plot after summary.csv was rewritten. */
  @Test
  @org.junit.jupiter.api.Timeout(60)
  void aTamperedCellIsRefusedBeforeAnyFileIsRewritten() throws IOException {
    Path a = client("a", 1, 500, 1000, 2000);
    assertEquals(0, run("report", a.toString()), err::toString);
    Path cell = a.resolve("cells/2000-hdd.json");
    for (String[] edit :
        List.of(
            new String[] {"\"throughputOpsPerSec\" : 600.0", "\"throughputOpsPerSec\" : 1e308"},
            new String[] {"\"operations\" : 6000", "\"operations\" : -92543"})) {
      String good = Files.readString(cell);
      assertTrue(good.contains(edit[0]), good);
      Files.writeString(cell, good.replace(edit[0], edit[1]));
      Map<String, String> before = snapshot(a);
      assertEquals(2, run("report", a.toString()), err::toString);
      String field = edit[0].substring(1, edit[0].indexOf('"', 1));
      assertTrue(
          err.toString().startsWith("[ERROR] DIR " + a + ": " + cell + ": " + field + " "),
          err.toString());
      assertEquals(1, err.toString().strip().lines().count(), err.toString());
      Map<String, String> after = snapshot(a);
      after.remove("lock");
      before.remove("lock");
      assertEquals(before, after, "nothing rewritten");
      Files.writeString(cell, good);
    }
  }

  /** A sweep on its first cell has taken its lock but written no run.json yet. */
  @Test
  void aSweepStillOnItsFirstCellIsNamedAsBusyNotAsNoReport() throws IOException {
    Path a = dir.resolve("first");
    try (DirectoryLock held =
        DirectoryLock.acquire(
            a.resolve("lock"),
            LockOwner.current(List.of("mongodb-tiered", "sweep", "--out", a.toString())),
            line -> {})) {
      assertEquals(2, run("report", a.toString()));
      assertTrue(
          err.toString().startsWith("[ERROR] DIR " + a + ": another sweep (pid "), err.toString());
      assertTrue(err.toString().contains("wait for its first cell to finish"), err.toString());
    }
    assertEquals(2, run("report", a.toString()));
    assertTrue(err.toString().contains("stopped before its first cell"), err.toString());
    assertEquals(1, err.toString().strip().lines().count(), err.toString());
  }

  /** A report whose lock cannot be written (read-only, here a directory in its way): exit 2. */
  @Test
  void aReportWhoseLockCannotBeTakenIsAUsageErrorNamingIt() throws IOException {
    Path a = client("a", 1, 400, 1000);
    Files.createDirectories(a.resolve("lock"));
    Map<String, String> before = snapshot(a);
    assertEquals(2, run("report", a.toString()), err::toString);
    assertTrue(
        err.toString()
            .startsWith("[ERROR] DIR " + a + ": cannot take its lock " + a.resolve("lock")),
        err.toString());
    assertTrue(
        err.toString().contains("copy a read-only report somewhere writable"), err.toString());
    assertEquals(1, err.toString().strip().lines().count(), err.toString());
    assertEquals(before, snapshot(a), "nothing rewritten");
  }

  /**
   * A report on a full file system: its lock, the first thing written, said only "No space left on
   * device" and exit 1. On a tmpfs filled to the last byte (root only, else skipped).
   */
  @Test
  void aReportOnAFullFileSystemIsAUsageErrorNamingItsLockAndTheFix() throws Exception {
    Path small = Files.createDirectory(dir.resolve("small"));
    Process mount =
        new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", small.toString())
            .redirectErrorStream(true)
            .start();
    org.junit.jupiter.api.Assumptions.assumeTrue(
        mount.waitFor() == 0, "a tmpfs cannot be mounted here (needs root)");
    try {
      Path a = client("a", 1, 400, 1000);
      Path copy = small.resolve("a");
      new ProcessBuilder("cp", "-a", a.toString(), copy.toString()).start().waitFor();
      Files.deleteIfExists(copy.resolve("lock"));
      try (var fill = Files.newOutputStream(small.resolve("filler"))) {
        byte[] block = new byte[4096];
        while (true) {
          fill.write(block);
        }
      } catch (IOException full) {
        // full to the last block
      }
      Map<String, String> before = snapshot(copy);
      assertEquals(2, run("report", copy.toString()), err::toString);
      assertTrue(
          err.toString()
              .startsWith(
                  "[ERROR] DIR " + copy + ": cannot write its lock " + copy.resolve("lock")),
          err.toString());
      assertTrue(err.toString().contains("No space left on device"), err.toString());
      assertTrue(err.toString().contains("free space on its file system"), err.toString());
      assertEquals(1, err.toString().strip().lines().count(), err.toString());
      assertEquals(before, snapshot(copy), "nothing rewritten, and no empty lock left behind");
    } finally {
      new ProcessBuilder("umount", small.toString()).start().waitFor();
    }
  }
}
