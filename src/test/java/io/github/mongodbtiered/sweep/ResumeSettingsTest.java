package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.cli.MongodbTieredCli;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellSettings;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Given a report of 2000 and 4000 records under the uniform workload with 4 threads for 2 s, when
 * the same --out is swept with the hotspot workload, 2 threads and 3 s, then the sweep refuses
 * (exit 2) naming each difference and leaves the report as it was; with --remeasure it measures
 * every cell again under the new settings; and the same command once more reuses them all.
 */
class ResumeSettingsTest {
  private static final Path PROFILES = SweepScenario.ROOT.resolve("profiles/scaled.profiles");

  @TempDir Path dir;

  @Test
  void aResumeUnderOtherSettingsIsRefusedUntilRemeasureReplacesTheCells() throws Exception {
    Path out = dir.resolve("report");

    Run first = sweep(out, "tiered-read-uniform", "4", "2");
    assertEquals(0, first.exit(), first.log());
    Map<Path, byte[]> before = files(out);
    assertEquals(4, new CellStore(out).all().size(), first.log());

    Run refused = sweep(out, "tiered-read-hotspot", "2", "3");
    assertEquals(2, refused.exit(), refused.log());
    assertTrue(
        refused
            .log()
            .contains(
                "[ERROR] --out "
                    + out.toAbsolutePath()
                    + ": 4 finished cells were measured under other settings than this run's:"
                    + " workload: tiered-read-uniform → tiered-read-hotspot; threads: 4 → 2;"
                    + " seconds: 2 → 3. Add --remeasure to measure them again under this run's"
                    + " settings (replacing them), give a new --out, or give this run the"
                    + " settings they were measured under (the first of each pair)."),
        refused.log());
    assertFalse(refused.log().contains("loading records"), refused.log());
    assertFalse(refused.log().contains("Exception"), refused.log());
    assertEquals(texts(before), texts(files(out)), "the refused run left the report as it was");

    Run remeasured = sweep(out, "tiered-read-hotspot", "2", "3", "--remeasure", "--drop-existing");
    assertEquals(0, remeasured.exit(), remeasured.log());
    assertTrue(
        remeasured.log().contains("--remeasure: removed 4 cells measured under other settings"),
        remeasured.log());
    assertTrue(remeasured.log().contains("(4 cells measured now, 0 failed)"), remeasured.log());
    List<CellResult> cells = new CellStore(out).all();
    assertEquals(4, cells.size());
    for (CellResult c : cells) {
      CellSettings s = c.settings();
      assertEquals("tiered-read-hotspot", s.workload(), c.key());
      assertEquals("hotspot", s.workloadProperties().get("requestdistribution"), c.key());
      assertEquals(2, s.threads(), c.key());
      assertEquals(3.0, s.runSeconds(), c.key());
      assertEquals(c.profile(), s.profile().name());
      assertEquals(64L << 20, s.profile().wiredTigerCacheBytes().getAsLong(), c.key());
      assertFalse(s.serverVersion().isEmpty(), c.key());
      assertEquals("off", s.latency(), c.key());
    }
    RunManifest manifest = RunManifest.read(out);
    assertEquals("hotspot", manifest.workloadProperties().get("requestdistribution"));
    assertEquals(5, Files.readAllLines(out.resolve("summary.csv")).size());

    Map<Path, byte[]> measured = cellFiles(out);
    Run again = sweep(out, "tiered-read-hotspot", "2", "3");
    assertEquals(0, again.exit(), again.log());
    assertTrue(
        again.log().contains("records 2000: all profiles measured earlier, skipped"), again.log());
    assertTrue(
        again.log().contains("records 4000: all profiles measured earlier, skipped"), again.log());
    assertTrue(again.log().contains("(0 cells measured now, 0 failed)"), again.log());
    assertEquals(texts(measured), texts(cellFiles(out)), "the matching cells were reused");
    assertNotEquals(texts(before), texts(cellFiles(out)));
  }

  private record Run(int exit, String log) {}

  private Run sweep(Path out, String workload, String threads, String seconds, String... more) {
    StringWriter log = new StringWriter();
    CommandLine cl = MongodbTieredCli.commandLine();
    cl.setOut(new PrintWriter(log, true));
    cl.setErr(new PrintWriter(log, true));
    List<String> args =
        new ArrayList<>(
            List.of(
                "sweep",
                "--server",
                "embedded",
                "--profiles-file",
                PROFILES.toString(),
                "--profiles",
                "fast-small,slow-small",
                "--recordcounts",
                "2000,4000",
                "--workload",
                workload,
                "--threads",
                threads,
                "--seconds",
                seconds,
                "--warmup",
                "1",
                "--no-disk-baseline",
                "--latency",
                "off",
                "--no-progress",
                "--data-dir",
                dir.resolve("data").toString(),
                "--out",
                out.toString()));
    args.addAll(List.of(more));
    int exit = cl.execute(args.toArray(String[]::new));
    return new Run(exit, log.toString());
  }

  /** Every file of the report but the load rates' and logs', by path relative to it. */
  private static Map<Path, byte[]> files(Path out) throws IOException {
    Map<Path, byte[]> files = new TreeMap<>();
    try (Stream<Path> all = Files.walk(out)) {
      for (Path f : all.filter(Files::isRegularFile).toList()) {
        files.put(out.relativize(f), Files.readAllBytes(f));
      }
    }
    return files;
  }

  private static Map<Path, byte[]> cellFiles(Path out) throws IOException {
    Map<Path, byte[]> cells = new TreeMap<>(files(out));
    cells.keySet().removeIf(p -> !p.startsWith("cells"));
    return cells;
  }

  /** The files as text, so that a difference shows which file changed. */
  private static Map<Path, String> texts(Map<Path, byte[]> files) {
    Map<Path, String> t = new TreeMap<>();
    files.forEach((p, b) -> t.put(p, new String(b, java.nio.charset.StandardCharsets.ISO_8859_1)));
    return t;
  }
}
