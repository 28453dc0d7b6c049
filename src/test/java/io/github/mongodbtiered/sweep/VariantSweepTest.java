package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.cli.MongodbTieredCli;
import io.github.mongodbtiered.intervals.HistogramLogs;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.report.VariantsManifest;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.RepeatRun;
import io.github.mongodbtiered.servers.DockerEnvironment;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given two variants of a small sweep, one of them a server slower by a known cost per operation,
 * when the sweep runs them side by side in rounds, then each variant's report holds its cell with
 * one run per round, the rounds stop once the slowdown is decided ({@code --stop-early}), the
 * rounds' orders are permutations drawn from the seed, {@code compare} pairs the runs by round and
 * calls the slower one slower, and the same command again measures nothing. On Docker, variants
 * alternating within each round run their servers at once, each on a data set of its own (a copy of
 * an earlier variant's where their servers read the same files), and take turns of the client.
 */
class VariantSweepTest {
  private static final Path PROFILES = SweepScenario.ROOT.resolve("profiles/scaled.profiles");

  // It asserts a slowdown, but one of several times (5 ms of CPU an operation against none), which
  // a busy host does not hide: it runs beside other tests.
  @Tag("integration")
  @Test
  void aServerSlowerByAKnownCostIsSlowerRoundByRound(@TempDir Path dir) throws Exception {
    Path out = dir.resolve("report");
    List<String> sweep = sweep(out, dir.resolve("data"), "embedded");
    sweep.addAll(
        List.of(
            "--variant",
            "base=",
            "--variant",
            "slow=--standin-extra-cost 5000",
            "--seed",
            "11",
            "--rounds",
            "6",
            "--stop-early",
            "--operations",
            "1500"));
    StringWriter said = new StringWriter();
    assertEquals(0, run(said, sweep), said::toString);

    VariantsManifest m = VariantsManifest.read(out);
    assertEquals(List.of("base", "slow"), m.names());
    assertEquals(11, m.seed());
    assertEquals(6, m.rounds());
    assertTrue(m.stoppedEarly());
    assertEquals("base", m.variants().get(1).dataSet(), "one data set for both");
    CellResult base = only(out, "base");
    CellResult slow = only(out, "slow");
    assertTrue(said.toString().contains("a run of "), "the client warmed first: " + said);
    // Several times slower (5 ms of CPU an operation): decided before the last of 6 rounds, and
    // both variants keep the same rounds, the warming run none of them.
    int rounds = base.repeatRuns().size();
    assertTrue(rounds >= 3 && rounds < 6, "stopped early: " + said);
    assertEquals(rounds, slow.repeatRuns().size());
    String stopped = "rounds stopped after round " + rounds + " of 6: every verdict";
    assertTrue(said.toString().contains(stopped), said::toString);
    assertTrue(
        base.notes().stream().anyMatch(n -> n.startsWith(stopped)), () -> base.notes().toString());
    assertTrue(
        slow.notes().stream().anyMatch(n -> n.contains("slow slower")),
        () -> slow.notes().toString());
    // slow shares base's data set, so only its own server can have told its version.
    assertEquals(base.settings().serverVersion(), slow.settings().serverVersion());
    assertFalse(slow.settings().serverVersion().isEmpty(), "slow's server said its version");
    for (int round = 1; round <= rounds; round++) {
      RepeatRun b = base.repeatRuns().get(round - 1);
      RepeatRun s = slow.repeatRuns().get(round - 1);
      assertEquals(round, b.round());
      assertEquals(round, s.round());
      assertEquals(3, b.position() + s.position(), "each round runs both, one after the other");
    }
    // 5 ms of CPU per operation on 2 threads: at most about 400 operations a second.
    assertTrue(
        slow.throughputOpsPerSec() < base.throughputOpsPerSec() * 0.8,
        base.throughputOpsPerSec() + " against " + slow.throughputOpsPerSec());

    StringWriter compared = new StringWriter();
    assertEquals(
        4,
        run(compared, List.of("compare", out.toString(), "--fail-on", "slower")),
        compared::toString);
    assertTrue(
        compared.toString().contains("each round's NEW run over its BASE run"), compared::toString);
    assertTrue(Files.readString(out.resolve("compare.csv")).contains(",slower,"));
    String page = Files.readString(out.resolve("index.html"));
    assertTrue(page.contains("variants/slow/index.html"), page);
    assertTrue(page.contains("6 rounds per cell (fewer where every verdict"), page);
    StringWriter reversed = new StringWriter();
    assertEquals(
        0,
        run(reversed, List.of("compare", out.toString(), "--base", "slow", "--new", "base")),
        reversed::toString);
    assertTrue(reversed.toString().contains(" faster "), reversed::toString);

    StringWriter again = new StringWriter();
    assertEquals(0, run(again, sweep), again::toString);
    assertTrue(
        again.toString().contains("all profiles measured earlier, skipped"), again::toString);
  }

  @Tag("integration")
  @Test
  void alternatingVariantsRunAtOnceEachOnItsOwnDataTakingTurnsOfTheClient(@TempDir Path dir)
      throws Exception {
    String reason = DockerEnvironment.unavailableReason();
    assumeTrue(reason.isEmpty(), () -> "container tests skipped: " + reason);
    Path out = dir.resolve("report");
    Path data = dir.resolve("data");
    List<String> sweep = sweep(out, data, "docker");
    sweep.addAll(
        List.of(
            "--image",
            System.getProperty("mongodb.image", "mongo:7.0"),
            "--variant",
            "snappy=",
            "--variant",
            "zlib=--server-arg=--wiredTigerCollectionBlockCompressor=zlib",
            "--variant",
            "again=",
            "--rounds",
            "2",
            "--seconds",
            "2",
            "--alternate",
            "250"));
    StringWriter said = new StringWriter();
    assertEquals(0, run(said, sweep), said::toString);
    VariantsManifest m = VariantsManifest.read(out);
    assertEquals(250L, m.alternateMillis());
    assertEquals(
        List.of("snappy", "zlib", "again"),
        m.variants().stream().map(VariantsManifest.Entry::dataSet).toList(),
        "each server runs on files of its own");
    assertTrue(Files.isDirectory(dir.resolve("data-zlib")), "zlib loaded a data set of its own");
    // again's server reads the files snappy's does: its own are a byte copy of snappy's, not a
    // second load (two loads are not the same files, and differed by up to 5% in A/A sweeps).
    assertEquals("snappy", m.variants().get(2).copyOf());
    assertTrue(said.toString().contains("snappy's data set copied for again"), said::toString);
    assertTrue(Files.readString(out.resolve("index.html")).contains("a copy of snappy"));
    for (String name : m.names()) {
      assertTrue(only(out, name).ok(), () -> name + ": " + said);
      assertEquals(2, only(out, name).repeatRuns().size());
    }
    for (int round = 1; round <= 2; round++) {
      // Each variant's run is its own turns: 250 ms each, 2 s in all, never at once.
      List<long[]> turns = new ArrayList<>();
      for (String v : m.names()) {
        Path log =
            new ReportLayout(VariantsManifest.variantDir(out, v))
                .histogramsOf(2000, "fast-small", round)
                .get("READ");
        long held = 0;
        for (Histogram h : HistogramLogs.intervals(log)) {
          turns.add(new long[] {h.getStartTimeStamp(), h.getEndTimeStamp()});
          held += h.getEndTimeStamp() - h.getStartTimeStamp();
        }
        assertTrue(held >= 2000 && held < 3000, v + " held the client " + held + " ms");
      }
      turns.sort(Comparator.comparingLong(t -> t[0]));
      for (int i = 1; i < turns.size(); i++) {
        assertTrue(turns.get(i)[0] >= turns.get(i - 1)[1] - 1, "turns overlap in round " + round);
      }
    }
  }

  private static List<String> sweep(Path out, Path data, String server) {
    return new ArrayList<>(
        List.of(
            "sweep",
            "--server",
            server,
            "--profiles-file",
            PROFILES.toString(),
            "--profiles",
            "fast-small",
            "--recordcounts",
            "2000",
            "--threads",
            "2",
            "--load-threads",
            "2",
            "--warmup",
            "1",
            "--no-disk-baseline",
            "--latency",
            "off",
            "--no-progress",
            "--data-dir",
            data.toString(),
            "--out",
            out.toString()));
  }

  private static CellResult only(Path out, String variant) throws Exception {
    List<CellResult> cells = new CellStore(VariantsManifest.variantDir(out, variant)).all();
    assertEquals(1, cells.size(), () -> variant + ": " + cells);
    return cells.get(0);
  }

  private static int run(StringWriter said, List<String> args) {
    var cl = MongodbTieredCli.commandLine();
    PrintWriter w = new PrintWriter(said, true);
    cl.setOut(w);
    cl.setErr(w);
    return cl.execute(args.toArray(new String[0]));
  }
}
