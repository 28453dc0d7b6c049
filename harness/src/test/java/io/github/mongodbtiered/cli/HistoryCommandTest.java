package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.ServerKind;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code history}: reports as lines of a Hunter-style CSV, cells as metric columns. */
class HistoryCommandTest {
  @TempDir Path dir;
  private StringWriter out = new StringWriter();
  private StringWriter err = new StringWriter();

  private int run(String... args) {
    out = new StringWriter();
    err = new StringWriter();
    return CliRun.execute(out, err, args);
  }

  private Path report(String name, String started, double opsPerSec, long... counts)
      throws IOException {
    Path d = dir.resolve(name);
    Files.createDirectories(d);
    Instant at = Instant.parse(started);
    RunManifest.builder()
        .toolVersion("mongodb-tiered 0.1.0")
        .startedAt(at)
        .finishedAt(at.plusSeconds(60))
        .commandLine(List.of("mongodb-tiered", "sweep"))
        .server(ServerKind.URL, "", "7.0.14")
        .profiles(List.of(DiskProfile.named("none").description("no limits").build()))
        .enforcement(Map.of())
        .warnings(List.of())
        .recordCounts(List.of(1000L))
        .workloadProperties(Map.of("workload", "site.ycsb.workloads.CoreWorkload"))
        .build()
        .write(d);
    for (long count : counts) {
      new CellStore(d)
          .save(
              CellResult.builder(count, "none", ServerKind.URL)
                  .run(Math.round(opsPerSec * 3), 3000, opsPerSec)
                  .latency("READ", new LatencyStats(3000, 900, 800, 1500, 2500, 2600, 3000))
                  .build());
    }
    return d;
  }

  @Test
  void eachReportIsALineAndNewCellsAddColumns() throws IOException {
    Path history = dir.resolve("history.csv");
    Path first = report("nightly-1", "2026-01-01T00:00:00Z", 1000, 1000);
    Path second = report("nightly-2", "2026-01-02T00:00:00Z", 900, 1000, 2000);
    assertEquals(0, run("history", first.toString(), "--csv", history.toString()), err.toString());
    assertEquals(0, run("history", second.toString(), "--csv", history.toString()), err.toString());
    List<String> lines = Files.readAllLines(history);
    assertEquals(
        "time,server,server_image,server_version,tool_version,report,1000-none.ops_per_sec,"
            + "1000-none.read_p99_ms,2000-none.ops_per_sec,2000-none.read_p99_ms",
        lines.get(0));
    assertEquals(
        "2026-01-01T00:00:00Z,url,,7.0.14,mongodb-tiered 0.1.0,nightly-1,1000.0,2.5,,",
        lines.get(1));
    assertEquals(
        "2026-01-02T00:00:00Z,url,,7.0.14,mongodb-tiered 0.1.0,nightly-2,900.0,2.5,900.0,2.5",
        lines.get(2));

    assertEquals(0, run("history", second.toString(), "--csv", history.toString()));
    assertTrue(out.toString().contains("nothing appended"), out.toString());
    assertEquals(3, Files.readAllLines(history).size());
  }

  @Test
  void aFileThatIsNotSuchAHistoryIsRefused() throws IOException {
    Path other = dir.resolve("other.csv");
    Files.writeString(other, "a,b\r\n1,2\r\n");
    Path r = report("r", "2026-01-01T00:00:00Z", 1000, 1000);
    assertEquals(2, run("history", r.toString(), "--csv", other.toString()));
    assertTrue(err.toString().contains("not a history of this tool"), err.toString());
    assertTrue(err.toString().contains("give another file"), err.toString());
    Path binary = dir.resolve("binary.csv");
    Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1});
    assertEquals(2, run("history", r.toString(), "--csv", binary.toString()), err::toString);
    assertTrue(err.toString().contains("not a history of this tool (not UTF-8"), err.toString());
    assertEquals(2, run("history", dir.resolve("missing").toString(), "--csv", other.toString()));
    assertTrue(err.toString().contains("no such directory"), err.toString());
  }

  @Test
  void aHistoryWhoseLinesDoNotReadUnderItsHeaderIsRefusedAndLeftAsItWas() throws IOException {
    Path history = dir.resolve("history.csv");
    Path first = report("first", "2026-01-01T00:00:00Z", 1000, 1000);
    Path second = report("second", "2026-01-02T00:00:00Z", 1000, 1000);
    assertEquals(0, run("history", first.toString(), "--csv", history.toString()), err::toString);
    String good = Files.readString(history);
    String[] lines = good.split("\r\n");

    // A data line with a quote opened and never closed.
    String openQuote = lines[0] + "\r\n" + lines[1].replaceFirst(",", ",\"") + "\r\n";
    // A column removed from the data line only, and then from the header too.
    String shorter = lines[0] + "\r\n" + lines[1].substring(lines[1].indexOf(',') + 1) + "\r\n";
    String noServer =
        lines[0].replace("server,", "") + "\r\n" + lines[1].replaceFirst(",[^,]*,", ",") + "\r\n";
    // A figure that is no number.
    String word = lines[0] + "\r\n" + lines[1].replaceAll(",[0-9.]+$", ",lots") + "\r\n";
    String[][] cases = {
      {openQuote, "opens a quote that is never closed"},
      {shorter, "its line 2 has"},
      {noServer, "its header has no column 'server'"},
      {word, "' is not a figure"},
    };
    for (String[] c : cases) {
      Files.writeString(history, c[0]);
      assertEquals(2, run("history", second.toString(), "--csv", history.toString()), c[1]);
      assertTrue(err.toString().contains(c[1]), err.toString());
      assertEquals(c[0], Files.readString(history), "the history is left as it was");
    }

    // A place that cannot hold the file (its "directory" is a file; root writes anywhere else).
    Path notADir = dir.resolve("not-a-dir");
    Files.writeString(notADir, "x");
    Path nowhere = notADir.resolve("history.csv");
    assertEquals(2, run("history", second.toString(), "--csv", nowhere.toString()));
    assertTrue(err.toString().contains("cannot be written"), err.toString());
    assertFalse(err.toString().contains("\tat "), err.toString());
  }
}
