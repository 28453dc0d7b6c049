package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code advise} on sweeps recorded on this project's hosts (their run.json and cells, kept under
 * src/test/resources/sweeps): what the model answers from cells a server really measured, not from
 * a report written by the model itself.
 */
class RecordedSweepsTest {
  private static final Path SWEEPS = Path.of("src/test/resources/sweeps");

  @TempDir Path dir;

  @Test
  void givenASweepOfCloudVolumesAdviseNamesThemAndSizesEachTypeItsSmallest() throws IOException {
    // Given the cloud sweep: 3M-5M records on gp3, io2:1000iops and gp2:100GiB (docker stand-in),
    // whose gp2 cells at 3M and 4M ran on burst credits.
    Path out = dir.resolve("adv");
    StringWriter o = new StringWriter();
    StringWriter e = new StringWriter();
    int exit =
        CliRun.execute(
            o,
            e,
            "advise",
            SWEEPS.resolve("cloud-1").toString(),
            "--include-unsteady",
            "--p99-ms",
            "20",
            "--out",
            out.toString());
    assertEquals(0, exit, e.toString());
    String text = o.toString();
    // Then the cells on credits are left out, saying why.
    assertTrue(
        text.lines()
            .anyMatch(
                l ->
                    l.contains("4000000 x gp2-100gib")
                        && l.contains("measured on burst credits (60 s above its baseline)")),
        text);
    // And the measured cloud profiles are answered in their names: io2 at 1000 IOPS misses a 20 ms
    // p99 at 5M (it measured 47.8 ms), gp3 meets it (9.4 ms).
    List<String> profiles = Files.readAllLines(out.resolve("advise-profiles.csv"));
    assertTrue(
        profiles.stream().anyMatch(l -> l.startsWith("5000000,gp3,yes,")), profiles::toString);
    assertTrue(
        profiles.stream().anyMatch(l -> l.startsWith("5000000,io2-1000iops,no,")),
        profiles::toString);
    // And each provisioned type gets its least IOPS at 5M: more than the 1000 that missed for io2.
    List<String> cloud = Files.readAllLines(out.resolve("advise-cloud-volumes.csv"));
    for (String type : List.of("gp3", "io2", "azure-ssd-v2")) {
      String row =
          cloud.stream()
              .filter(l -> l.startsWith("5000000," + type + ","))
              .findFirst()
              .orElseThrow(() -> new AssertionError(type + " in " + cloud));
      String smallest = row.split(",")[2];
      assertTrue(smallest.matches(type + ":\\d+iops"), row);
      if (type.equals("io2")) {
        int iops = Integer.parseInt(smallest.replaceAll("\\D+", " ").trim().split(" ")[1]);
        assertTrue(iops > 1000, row);
      }
    }
  }
}
