package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.capacity.SyntheticReport;
import io.github.mongodbtiered.results.ServerKind;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code advise} on a report written from a known model ({@link SyntheticReport}). */
class AdviseCommandTest {
  @TempDir Path dir;
  private StringWriter out = new StringWriter();
  private StringWriter err = new StringWriter();

  private int run(String... args) {
    out = new StringWriter();
    err = new StringWriter();
    return CliRun.execute(out, err, args);
  }

  private Path report(ServerKind server) throws IOException {
    Path d = dir.resolve("report-" + server.id());
    SyntheticReport.write(d, server);
    return d;
  }

  @Test
  void itPrintsTheCheckAndTheAnswersAndWritesThemWhenAsked() throws IOException {
    Path r = report(ServerKind.DOCKER);
    Path adv = dir.resolve("adv");
    int exit =
        run(
            "advise",
            r.toString(),
            "--p99-ms",
            "20",
            "--recordcount",
            "4M,5M",
            "--out",
            adv.toString());
    assertEquals(0, exit, err.toString());
    String text = out.toString();
    assertTrue(text.contains("Leave one profile out"), text);
    assertTrue(text.contains("5000000 x hdd-150"), text);
    assertTrue(text.contains("the 5 disk-bound: throughput error median 0.0%, worst 0.0%"), text);
    assertTrue(text.contains("Which measured profiles meet READ p99 <= 20 ms"), text);
    assertTrue(Files.isRegularFile(adv.resolve("advise.html")));
    String profiles = Files.readString(adv.resolve("advise-profiles.csv"));
    assertTrue(profiles.startsWith("records,profile,meets,"), profiles);
    assertEquals(7, profiles.lines().count(), profiles);
    // The memory answers put to the test: the fastest profile at each answer plus and minus 10%.
    var check =
        io.github.mongodbtiered.profiles.DiskProfiles.builtInAnd(
            adv.resolve("advise-memory-check.profiles"));
    double answer = 1100.0 * 5_000_000 + (3305L << 20) + (256L << 20);
    var above = check.get("io1-5000-5000000-plus10");
    assertEquals(Math.round(answer * 1.1), above.memoryBytes());
    assertEquals(Math.round(answer * 0.9), check.get("io1-5000-5000000-minus10").memoryBytes());
    assertEquals(java.util.OptionalLong.of(3305L << 20), above.wiredTigerCacheBytes());
    assertEquals(5000, above.readIops());
    assertTrue(
        text.contains(
            "--profiles io1-5000-4000000-plus10,io1-5000-4000000-minus10 --recordcounts 4000000"),
        text);
    // Again into the same directory: its own files only, so allowed.
    assertEquals(0, run("advise", r.toString(), "--min-ops", "5000", "--out", adv.toString()));
  }

  /** A cell whose device reads were made negative by hand: no model is built from it. */
  @Test
  void aTamperedCellIsRefusedBeforeAnyModelIsBuilt() throws IOException {
    Path r = report(ServerKind.DOCKER);
    Path cell;
    try (var cells = Files.list(r.resolve("cells"))) {
      cell = cells.sorted().reduce((a, b) -> b).orElseThrow();
    }
    com.fasterxml.jackson.databind.ObjectMapper json =
        new com.fasterxml.jackson.databind.ObjectMapper();
    com.fasterxml.jackson.databind.node.ObjectNode c =
        (com.fasterxml.jackson.databind.node.ObjectNode) json.readTree(cell.toFile());
    ((com.fasterxml.jackson.databind.node.ObjectNode) c.get("metrics"))
        .put("DEVICE_READ_OPS", -250.0);
    json.writeValue(cell.toFile(), c);
    Path adv = dir.resolve("adv");
    assertEquals(2, run("advise", r.toString(), "--min-ops", "1000", "--out", adv.toString()));
    assertTrue(
        err.toString().contains(cell + ": metrics.DEVICE_READ_OPS -250.0 is not at least 0"),
        err.toString());
    assertEquals("", out.toString(), "no answer printed");
    assertTrue(!Files.exists(adv.resolve("advise.html")), "nothing written");
  }

  @Test
  void aReportOrTargetItCannotUseIsRefusedInOneLine() throws IOException {
    Path url = report(ServerKind.URL);
    assertEquals(2, run("advise", url.toString(), "--p99-ms", "20"));
    assertTrue(err.toString().contains("whose disk is unknown"), err.toString());
    assertEquals(1, err.toString().lines().count(), err.toString());
    Path r = report(ServerKind.DOCKER);
    assertEquals(2, run("advise", r.toString()));
    assertTrue(err.toString().contains("--p99-ms MS, --min-ops OPS, or both"), err.toString());
    assertEquals(2, run("advise", r.toString(), "--p99-ms", "-1"));
    assertTrue(err.toString().contains("use a number above 0"), err.toString());
    assertEquals(2, run("advise", r.toString(), "--p99-ms", "20", "--recordcount", "0"));
    assertEquals(2, run("advise", r.toString(), "--p99-ms", "20", "--threads", "1000000"));
    assertTrue(err.toString().contains("--threads 1000000: at most 10000"), err.toString());
    assertEquals(2, run("advise", dir.resolve("nothing").toString(), "--p99-ms", "20"));
    assertTrue(err.toString().contains("no such directory"), err.toString());
    Path busy = dir.resolve("busy");
    Files.createDirectories(busy);
    Files.writeString(busy.resolve("notes.txt"), "mine");
    assertEquals(2, run("advise", r.toString(), "--p99-ms", "20", "--out", busy.toString()));
    assertTrue(err.toString().contains("holds other files"), err.toString());
    assertFalse(err.toString().contains("Exception"), err.toString());
  }

  @Test
  void severalReportsAreCheckedSideBySideOneRowEach() throws IOException {
    // Given a sweep the model explains, one whose 4M row sits on the tier's edge, and one URL
    // sweep it cannot model.
    Path plain = report(ServerKind.DOCKER);
    Path edge = dir.resolve("edge");
    SyntheticReport.writeOnTheEdge(edge);
    Path url = report(ServerKind.URL);
    Path adv = dir.resolve("adv");

    int exit =
        run("advise", plain.toString(), edge.toString(), url.toString(), "--out", adv.toString());

    // Then each modelled one's check is printed and one table sets them side by side.
    assertEquals(0, exit, err.toString());
    String text = out.toString();
    assertTrue(text.contains(plain + ": Leave one profile out"), text);
    assertTrue(text.contains(edge + ": Leave one profile out"), text);
    String sweeps = Files.readString(adv.resolve("advise-sweeps.csv"));
    assertEquals(4, sweeps.lines().count(), sweeps);
    String[] first = sweeps.lines().toList().get(1).split(",");
    assertEquals(plain.toString(), first[0]);
    assertEquals("15", first[1]);
    assertEquals("0.0% / 0.0%", first[3]);
    assertEquals("15 of 15", first[7]);
    assertEquals("", first.length > 8 ? first[8] : "");
    assertTrue(sweeps.lines().toList().get(2).endsWith(",4000000"), sweeps);
    assertTrue(sweeps.lines().toList().get(3).contains("not modelled:"), sweeps);
    assertTrue(sweeps.lines().toList().get(3).contains("disk is unknown"), sweeps);
    assertTrue(Files.isRegularFile(adv.resolve("advise.html")));

    // A target needs one report: several are checked, not answered.
    assertEquals(2, run("advise", plain.toString(), edge.toString(), "--p99-ms", "20"));
    assertTrue(err.toString().contains("need one REPORT"), err.toString());
    assertEquals(2, run("advise", plain.toString(), dir.resolve("none").toString()));
    assertTrue(err.toString().contains("no such directory"), err.toString());
  }
}
