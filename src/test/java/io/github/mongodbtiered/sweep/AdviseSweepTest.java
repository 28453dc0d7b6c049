package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.cli.MongodbTieredCli;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.servers.DockerEnvironment;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * Given a real scaled sweep over three disks (5000 IOPS; 600 and 150 IOPS + 7 ms) from "fits the
 * cache" to "far over memory", when advise reads its report, then it models it end to end and
 * prints its leave-one-profile-out check: a predicted figure and an error for every cell it used.
 * Not a speed or accuracy target: a busy host's cells are what they are (the figures go to the
 * log).
 */
@Tag("integration")
class AdviseSweepTest {
  @TempDir Path out;

  @Test
  void advisePrintsTheLeaveOneOutCheckOfARealSweep() throws Exception {
    String reason = DockerEnvironment.unavailableReason();
    assumeTrue(reason.isEmpty(), () -> "container tests skipped: " + reason);
    DiskProfile mid =
        DiskProfile.named("mid-small")
            .iops(600)
            .addedLatencyMillis(7)
            .memoryBytes(512L << 20)
            .wiredTigerCacheBytes(64L << 20)
            .build();
    DiskProfile fast =
        DiskProfile.named("fast-small")
            .iops(5000)
            .memoryBytes(512L << 20)
            .wiredTigerCacheBytes(64L << 20)
            .build();
    DiskProfile slow =
        DiskProfile.named("slow-small")
            .iops(150)
            .addedLatencyMillis(7)
            .memoryBytes(512L << 20)
            .wiredTigerCacheBytes(64L << 20)
            .build();
    // 10 KB records: 3k fit the 64 MiB cache, 80k (~800 MB) are far over the 512 MiB.
    SweepRunner.Outcome outcome =
        SweepScenario.docker()
            .profiles(fast, mid, slow)
            .records(3_000, 80_000)
            .workload("fieldlength=1000")
            .seconds(12)
            .warmup(8)
            .noBaseline()
            .run(out);
    assertEquals(0, outcome.failed(), outcome.cells().toString());

    StringWriter text = new StringWriter();
    StringWriter err = new StringWriter();
    CommandLine cl = MongodbTieredCli.commandLine();
    cl.setOut(new PrintWriter(text, true));
    cl.setErr(new PrintWriter(err, true));
    // A busy host's cells are often not steady: fitted anyway, and the output says so.
    int exit = cl.execute("advise", out.toString(), "--p99-ms", "100", "--include-unsteady");
    System.out.println(text);
    assertEquals(0, exit, err.toString());
    String printed = text.toString();
    assertTrue(printed.contains("Leave one profile out"), printed);
    Matcher summary =
        Pattern.compile("all (\\d+) cells: throughput error median [0-9.]+%, worst [0-9.]+%")
            .matcher(printed);
    assertTrue(summary.find(), printed);
    int checked = Integer.parseInt(summary.group(1));
    for (String profile : List.of("fast-small", "mid-small", "slow-small")) {
      for (long count : List.of(3_000L, 80_000L)) {
        Pattern row =
            Pattern.compile(
                "(?m)^  " + count + " x " + profile + "\\s+(yes|no)\\s+\\d+\\s+\\d+\\s+[+-]\\d");
        assertTrue(
            row.matcher(printed).find() || printed.contains(count + " x " + profile + "  "),
            count + " x " + profile + " neither checked nor named:\n" + printed);
      }
    }
    assertTrue(checked >= 3, printed);
  }
}
