package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.cli.MongodbTieredCli;
import io.github.mongodbtiered.compare.CellComparison;
import io.github.mongodbtiered.compare.Change;
import io.github.mongodbtiered.compare.CompareRules;
import io.github.mongodbtiered.compare.Comparison;
import io.github.mongodbtiered.compare.RatioInterval;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.results.CellResult;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given two tiny embedded sweeps of three repeats each with the same settings, when compared, then
 * no cell is called faster or slower; given a third capped ({@code --target}) at half the second's
 * throughput, then its cell is slower, with a ratio interval that holds the measured ratio, and
 * {@code compare --fail-on slower} exits 4.
 */
@Tag("alone") // two runs it finds alike: no other test beside it
class CompareSweepTest {
  private static final long RECORDS = 2000;

  @Test
  void theSameSettingsAreNeverFasterOrSlowerAndHalfTheRateIsSlower(@TempDir Path dir)
      throws Exception {
    Path base = dir.resolve("base");
    Path same = dir.resolve("same");
    Path capped = dir.resolve("capped");
    // The stand-in runs in this JVM: its first cell here ran at 700, 8,900 then 18,500 ops/s over
    // three repeats while the JIT compiled, then 23,000-27,000. A sweep from the command line has
    // a JVM of its own for both reports; here the later sweeps would share a warm one.
    SweepScenario.embedded()
        .records(RECORDS)
        .profile("fast-small")
        .seconds(6)
        .warmup(2)
        .dataDir(dir.resolve("data"))
        .run(dir.resolve("jit"));
    CellResult b = sweep(base, dir, 0);
    CellResult s = sweep(same, dir, 0);
    // Capped at half the later (warmer) of the two: its repeats still climbed 10,000, 19,000,
    // 27,000
    // ops/s in one run here, where the first sweep's interval is too wide to call anything.
    double target = Math.round(s.throughputOpsPerSec() / 2);
    CellResult c = sweep(capped, dir, target);
    assertEquals(3, b.repeatRuns().size(), b::toString);
    System.out.printf(
        "compare: repeats BASE %s, SAME %s, CAPPED %s%n",
        b.repeatRuns(), s.repeatRuns(), c.repeatRuns());

    CompareRules rules =
        new CompareRules(
            CompareRules.DEFAULT_BAND,
            CompareRules.DEFAULT_SINGLE_RUN_ALLOWANCE,
            CompareRules.DEFAULT_BETWEEN_SWEEPS);
    CellComparison alike = Comparison.of(List.of(b), List.of(s), rules).cells().get(0);
    assertTrue(
        alike.throughput().change() != Change.HIGHER && alike.throughput().change() != Change.LOWER,
        "the same settings: " + alike);
    assertEquals(RatioInterval.Basis.REPEATS, alike.throughput().interval().basis());
    assertTrue(alike.settingsDifferences().isEmpty(), alike::toString);

    CellComparison halved = Comparison.of(List.of(s), List.of(c), rules).cells().get(0);
    double measured = c.throughputOpsPerSec() / s.throughputOpsPerSec();
    assertEquals("slower", halved.verdict(), halved::toString);
    assertTrue(
        halved.throughput().interval().contains(measured),
        "measured ratio " + measured + " in " + halved.throughput().interval());
    assertEquals(
        List.of("target: closed loop → " + (long) target + " ops/s"), halved.settingsDifferences());

    assertEquals(0, compare(base, same, "--fail-on", "slower"));
    StringWriter err = new StringWriter();
    assertEquals(
        4,
        compare(same, capped, err, "--out", dir.resolve("diff").toString(), "--fail-on", "slower"));
    assertTrue(
        err.toString().contains("[FAIL-ON] 1 cells: 2000 x fast-small (slower)"), err::toString);
    assertTrue(Files.readString(dir.resolve("diff/compare.csv")).contains(",slower,"));
    System.out.printf(
        "compare: same settings %s, capped at %.0f ops/s (measured ratio %.3f) %s%n",
        alike.throughput().interval(), target, measured, halved.throughput().interval());
  }

  private static CellResult sweep(Path out, Path dir, double target) throws Exception {
    SweepScenario.embedded()
        .records(RECORDS)
        .profile("fast-small")
        .seconds(3)
        .warmup(1)
        .repeats(3)
        .target(target)
        .dataDir(dir.resolve("data"))
        .run(out);
    return new CellStore(out).all().get(0);
  }

  private static int compare(Path base, Path next, String... extra) {
    return compare(base, next, new StringWriter(), extra);
  }

  private static int compare(Path base, Path next, StringWriter err, String... extra) {
    var cl = MongodbTieredCli.commandLine();
    cl.setOut(new PrintWriter(new StringWriter(), true));
    cl.setErr(new PrintWriter(err, true));
    String[] args = new String[3 + extra.length];
    args[0] = "compare";
    args[1] = base.toString();
    args[2] = next.toString();
    System.arraycopy(extra, 0, args, 3, extra.length);
    return cl.execute(args);
  }
}
