package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.github.mongodbtiered.fleet.ClientSlot;
import io.github.mongodbtiered.fleet.TestHosts;
import io.github.mongodbtiered.report.HistogramLogMerge;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.report.ReportMerge;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.standin.StandinServer;
import io.github.mongodbtiered.testing.Awaits;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given one stand-in server and three client hosts of our own (network namespaces), when each host
 * runs the sweep as pod i of an Indexed Job would (its index in {@code JOB_COMPLETION_INDEX}, the
 * URL in {@code MONGODB_URL} as a Secret gives it), then the merged report is one fleet's: every
 * record loaded once, every cell run by all three clients together, totals and percentiles from all
 * of them; and a client killed mid-cell fails that cell only.
 */
@Tag("integration")
class FleetSweepTest {
  private static final Path ROOT = SweepScenario.ROOT;
  private static final Pattern SLICE =
      Pattern.compile("client (\\d) of 3: loading records (\\d+) to (\\d+) of (\\d+) to (\\d+)");

  @BeforeAll
  static void hosts() throws Exception {
    String reason = TestHosts.unavailableReason();
    assumeTrue(reason.isEmpty(), () -> "fleet tests skipped: " + reason);
    // The launcher rebuilds what is stale: once here, not by three clients at the same moment.
    Process p =
        new ProcessBuilder(ROOT.resolve("scripts/mongodb-tiered").toString(), "--version")
            .directory(ROOT.toFile())
            .redirectErrorStream(true)
            .start();
    String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertEquals(0, p.waitFor(), out);
  }

  @Test
  void threeClientsLoadEachRecordOnceRunTogetherAndMergeIntoOneReport(@TempDir Path dir)
      throws Exception {
    List<Path> outs = new ArrayList<>();
    List<Path> logs = new ArrayList<>();
    try (TestHosts hosts = TestHosts.create(3);
        StandinServer.Running server =
            StandinServer.start(hosts.serverAddress(), 0, dir.resolve("db"), 64)) {
      String url = "mongodb://" + hosts.serverAddress() + ":" + server.port() + "/fleet";
      List<Process> clients = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        outs.add(dir.resolve("client-" + i));
        logs.add(dir.resolve("client-" + i + ".log"));
        clients.add(
            start(hosts, i, url, sweep(outs.get(i), "3000,6000", "fast-small"), logs.get(i)));
      }
      for (int i = 0; i < 3; i++) {
        assertTrue(clients.get(i).waitFor(600, TimeUnit.SECONDS), "client " + i + " hangs");
        assertEquals(0, clients.get(i).exitValue(), Files.readString(logs.get(i)));
      }
      try (MongoClient c = MongoClients.create(url)) {
        assertEquals(6000, c.getDatabase("fleet").getCollection("usertable").countDocuments());
      }
    }

    // Each load step was cut into three slices that hold every record once.
    Map<String, List<long[]>> slices = new TreeMap<>();
    for (int i = 0; i < 3; i++) {
      Matcher m = SLICE.matcher(Files.readString(logs.get(i)));
      while (m.find()) {
        assertEquals(i, Integer.parseInt(m.group(1)));
        slices
            .computeIfAbsent(m.group(4) + "-" + m.group(5), k -> new ArrayList<>())
            .add(new long[] {Long.parseLong(m.group(2)), Long.parseLong(m.group(3))});
      }
    }
    assertEquals(List.of("0-3000", "3000-6000"), List.copyOf(slices.keySet()));
    slices.forEach(
        (step, parts) -> {
          long[] range = {Long.parseLong(step.split("-")[0]), Long.parseLong(step.split("-")[1])};
          assertEquals(3, parts.size(), step);
          parts.sort((a, b) -> Long.compare(a[0], b[0]));
          long next = range[0];
          for (long[] p : parts) {
            assertEquals(next, p[0], "slices of " + step + " leave a gap or overlap");
            next = p[1];
          }
          assertEquals(range[1], next, step);
        });

    Path merged = dir.resolve("merged");
    ReportMerge.merge(outs, merged);
    List<Map<String, String>> rows = SweepScenario.summaryRows(merged);
    assertEquals(2, rows.size(), rows::toString);
    String page = Files.readString(merged.resolve("index.html"));
    assertTrue(page.contains("ops/s per client, slowest-fastest"), "the page shows the balance");
    for (Map<String, String> row : rows) {
      long count = Long.parseLong(row.get("record_count"));
      assertEquals("ok", row.get("status"), row::toString);
      assertEquals("3", row.get("clients"));
      // Started together: the barrier lets all three go within a second.
      assertTrue(Double.parseDouble(row.get("client_start_spread_ms")) < 1000, row::toString);
      long operations = 0;
      double p99FromAll;
      List<Path> readLogs = new ArrayList<>();
      for (int i = 0; i < 3; i++) {
        Map<String, String> own =
            SweepScenario.summaryRows(outs.get(i)).stream()
                .filter(r -> r.get("record_count").equals(Long.toString(count)))
                .findFirst()
                .orElseThrow();
        assertEquals(Integer.toString(i), own.get("client_index"));
        // Only client 0 reads the server's figures.
        assertEquals(i == 0, !own.get("wt_cache_max_bytes").isEmpty(), own::toString);
        operations += Long.parseLong(own.get("operations"));
        readLogs.addAll(
            new ReportLayout(outs.get(i)).histogramsOfAllRepeats(count, "fast-small").get("READ"));
      }
      assertEquals(operations, Long.parseLong(row.get("operations")));
      p99FromAll = LatencyStats.of(HistogramLogMerge.total(readLogs)).p99Micros();
      assertEquals(p99FromAll, Double.parseDouble(row.get("read_p99_us")), 0.5, row::toString);
      assertTrue(!row.get("wt_cache_max_bytes").isEmpty(), "server figures from client 0");
      assertTrue(row.get("notes").contains("per client: client 0 "), row.get("notes"));
    }
  }

  @Test
  void aClientKilledMidCellFailsThatCellAndTheRetriedClientJoinsTheNext(@TempDir Path dir)
      throws Exception {
    List<Path> outs = new ArrayList<>();
    List<Process> clients = new ArrayList<>();
    try (TestHosts hosts = TestHosts.create(3);
        StandinServer.Running server =
            StandinServer.start(hosts.serverAddress(), 0, dir.resolve("db"), 64)) {
      String url = "mongodb://" + hosts.serverAddress() + ":" + server.port() + "/fleet";
      for (int i = 0; i < 3; i++) {
        outs.add(dir.resolve("client-" + i));
        clients.add(
            start(
                hosts,
                i,
                url,
                sweep(outs.get(i), "3000", "fast-small,slow-small"),
                dir.resolve("client-" + i + ".log")));
      }
      Path log2 = dir.resolve("client-2.log");
      Awaits.untilLine(clients.get(2), log2, "run 3000 x fast-small", Duration.ofSeconds(300));
      kill(clients.get(2));
      // The Job retries the pod: the same command, the same index.
      Path retryLog = dir.resolve("client-2-retry.log");
      Process retry =
          start(hosts, 2, url, sweep(outs.get(2), "3000", "fast-small,slow-small"), retryLog);
      for (int i = 0; i < 2; i++) {
        assertTrue(clients.get(i).waitFor(600, TimeUnit.SECONDS), "client " + i + " hangs");
        assertEquals(
            0, clients.get(i).exitValue(), Files.readString(dir.resolve("client-" + i + ".log")));
      }
      assertTrue(retry.waitFor(600, TimeUnit.SECONDS), "the retried client hangs");
      assertEquals(1, retry.exitValue(), "its first cell failed: " + Files.readString(retryLog));
    }

    Path merged = dir.resolve("merged");
    ReportMerge.merge(outs, merged);
    Map<String, Map<String, String>> byProfile = new TreeMap<>();
    SweepScenario.summaryRows(merged).forEach(r -> byProfile.put(r.get("profile"), r));
    Map<String, String> killed = byProfile.get("fast-small");
    assertEquals("failed", killed.get("status"), killed::toString);
    assertTrue(killed.get("error").contains("client 2 came back after"), killed::toString);
    Map<String, String> next = byProfile.get("slow-small");
    assertEquals("ok", next.get("status"), next::toString);
    assertEquals("3", next.get("clients"));
  }

  private static List<String> sweep(Path out, String counts, String profiles) {
    return List.of(
        ROOT.resolve("scripts/mongodb-tiered").toString(),
        "sweep",
        "--clients",
        "3",
        "--fleet-id",
        "fleet-test",
        "--fleet-timeout",
        "120",
        "--profiles-file",
        ROOT.resolve("profiles/scaled.profiles").toString(),
        "--profiles",
        profiles,
        "--recordcounts",
        counts,
        "--seconds",
        "6",
        "--warmup",
        "3",
        "--threads",
        "4",
        "--no-disk-baseline",
        "--out",
        out.toString());
  }

  /** Client {@code i} on its own host, with what a pod of the Indexed Job would have. */
  private static Process start(TestHosts hosts, int i, String url, List<String> cmd, Path log)
      throws IOException {
    ProcessBuilder pb =
        new ProcessBuilder(hosts.on(i, cmd))
            .directory(ROOT.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    pb.environment().put(ClientSlot.INDEX_VARIABLE, Integer.toString(i));
    pb.environment().put("MONGODB_URL", url);
    return pb.start();
  }

  /** As the kernel kills a pod's container: at once, the JVM and whatever it started. */
  private static void kill(Process p) throws InterruptedException {
    p.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
    p.destroyForcibly();
    assertTrue(p.waitFor(30, TimeUnit.SECONDS), "the killed client did not go");
  }
}
