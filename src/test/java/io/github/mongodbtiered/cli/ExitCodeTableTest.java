package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import de.bwaldvogel.mongo.bson.Document;
import io.github.mongodbtiered.capacity.ClosedLoop;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind;
import io.netty.channel.Channel;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;

/**
 * The documented exit-code tables, run: for every command and every exit code the README (and, for
 * scripts/ycsb, docs/binding.md) documents, one case that must end with that code and its message,
 * run as a user runs it (the scripts, in a process of their own). The documented codes are read
 * from those files, so a row added, removed or renumbered there fails here until a case matches it;
 * each command's --help must list the same codes.
 *
 * <p>Databases are mongo-java-server in this JVM; exit 3 of the database commands is a loopback
 * port nobody listens on, of probe and disk-baseline an image of ours that is not built (never
 * pulled). Tagged integration: probe and disk-baseline need Docker and the stand-in image.
 */
@Tag("integration")
class ExitCodeTableTest {
  private static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();
  private static final String IMAGE = System.getProperty("mongodb.image", "");
  private static final String MISSING_IMAGE = "mongodb-tiered-no-such-image:latest";

  private static MongoServer server;
  private static String url;
  private static MongoServer noUpdates;
  private static String noUpdatesUrl;
  private static Path work;
  // tmpfs: no block device, so no disk limit can apply (probe and disk-baseline exit 1).
  private static Path tmpfs;
  private static int deadPort;

  /** One documented exit code of one command, as the README's table row says it. */
  record Row(String command, int exit, String meaning) {
    String key() {
      return command + " " + exit;
    }
  }

  /** What a case must print (standard output and error together) besides its exit code. */
  record Case(List<String> args, String says) {}

  record Outcome(int exit, String output) {}

  @BeforeAll
  static void start() throws IOException {
    server = new MongoServer(new MemoryBackend());
    url = urlOf(server.bind(), "exits");
    // Updates of YCSB's records are refused: a sweep of updates loads fine (the sweep's marker
    // is another collection) and then fails its cell.
    noUpdates =
        new MongoServer(
            new MemoryBackend() {
              @Override
              public Document handleCommand(
                  Channel channel, String database, String command, Document query) {
                if (command.equalsIgnoreCase("update") && "usertable".equals(query.get("update"))) {
                  // An error reply, not an exception: mongo-java-server logs those with a trace.
                  return new Document("ok", 0)
                      .append("code", 8000)
                      .append("errmsg", "updates are refused by this test's server");
                }
                return super.handleCommand(channel, database, command, query);
              }
            });
    noUpdatesUrl = urlOf(noUpdates.bind(), "exits");
    work = Files.createTempDirectory(ROOT.resolve("target"), "exit-codes");
    tmpfs = Files.createTempDirectory(Path.of("/dev/shm"), "exit-codes");
    try (ServerSocket s = new ServerSocket(0)) {
      deadPort = s.getLocalPort();
    }
  }

  @AfterAll
  static void stop() throws IOException {
    server.shutdownNow();
    noUpdates.shutdownNow();
    deleteTree(work);
    deleteTree(tmpfs);
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  private static String urlOf(InetSocketAddress a, String db) {
    return "mongodb://" + a.getHostString() + ":" + a.getPort() + "/" + db;
  }

  /** The harness commands' table (README "### Exit codes") and scripts/ycsb's (docs/binding.md). */
  static List<Row> readmeRows() throws IOException {
    List<Row> rows = new ArrayList<>();
    Pattern harness = Pattern.compile("^\\| `([a-z-]+)` \\| (\\d) \\| (.+) \\|$");
    for (String line : section("README.md", "### Exit codes")) {
      Matcher h = harness.matcher(line);
      if (h.matches()) {
        rows.add(new Row(h.group(1), Integer.parseInt(h.group(2)), h.group(3)));
      }
    }
    Pattern ycsb = Pattern.compile("^\\| (\\d) \\| (.+) \\|$");
    for (String line : section("docs/binding.md", "## Running it without YCSB: `scripts/ycsb`")) {
      Matcher y = ycsb.matcher(line);
      if (y.matches()) {
        rows.add(new Row("scripts/ycsb", Integer.parseInt(y.group(1)), y.group(2)));
      }
    }
    return rows;
  }

  /** The lines of {@code file} under the heading {@code heading}, up to the next heading. */
  private static List<String> section(String file, String heading) throws IOException {
    List<String> out = new ArrayList<>();
    boolean in = false;
    for (String line : Files.readAllLines(ROOT.resolve(file))) {
      if (line.startsWith("#")) {
        in = line.equals(heading);
      } else if (in) {
        out.add(line);
      }
    }
    assertFalse(out.isEmpty(), file + " has no section " + heading);
    return out;
  }

  /** Every documented (command, exit) pair and the case that produces it. */
  private static Map<String, Case> cases() {
    Map<String, Case> c = new LinkedHashMap<>();
    Path out = work.resolve("report-ok");
    c.put(
        "sweep 0", harness("0 failed", sweep(url, out, "--drop-existing").toArray(new String[0])));
    c.put(
        "sweep 1",
        harness(
            "1 failed",
            sweep(
                    noUpdatesUrl,
                    work.resolve("report-failed"),
                    "-p",
                    "readproportion=0",
                    "-p",
                    "updateproportion=1")
                .toArray(new String[0])));
    c.put(
        "sweep 2",
        harness(
            "[ERROR] fieldlength=-1 is not a whole number of 1 or more",
            sweep(url, work.resolve("report-bad"), "-p", "fieldlength=-1").toArray(new String[0])));
    c.put(
        "sweep 3",
        harness(
            "[ERROR] --mongodb-url mongodb://u:****@127.0.0.1:"
                + deadPort
                + "/x?serverSelectionTimeoutMS=300: no server answered within 300 ms",
            sweep(
                    "mongodb://u:pw@127.0.0.1:" + deadPort + "/x?serverSelectionTimeoutMS=300",
                    work.resolve("report-dead"))
                .toArray(new String[0])));
    c.put("probe 0", harness("read ", probe(work.resolve("probe-ok"), IMAGE)));
    c.put("probe 1", harness("on a file system with no block device", probe(tmpfs, IMAGE)));
    c.put("probe 2", harness("unknown profile 'ssd'", "probe", "--profile", "ssd"));
    c.put(
        "probe 3",
        harness(
            "[ERROR] image " + MISSING_IMAGE + " is not in the local Docker",
            probe(work.resolve("probe-3"), MISSING_IMAGE)));
    c.put(
        "disk-baseline 0",
        harness(
            "none         host      read",
            "disk-baseline",
            "--host",
            "--latency",
            "off",
            "--data-dir",
            work.resolve("baseline-ok").toString(),
            "--file-size",
            "1m",
            "--seconds",
            "0.2",
            "--mode",
            "read",
            "--max-threads",
            "1"));
    c.put(
        "disk-baseline 1",
        harness("on a file system with no block device", baseline(tmpfs, IMAGE)));
    c.put(
        "disk-baseline 2",
        harness(
            "[ERROR] Invalid value for option '--max-threads'",
            "disk-baseline",
            "--max-threads",
            "3"));
    c.put(
        "disk-baseline 3",
        harness(
            "[ERROR] image " + MISSING_IMAGE + " is not in the local Docker",
            baseline(work.resolve("baseline-3"), MISSING_IMAGE)));
    c.put("report 0", harness("(1 cells, 0 failed)", "report", out.toString()));
    c.put(
        "report 1",
        harness(
            "(1 cells, 1 failed)",
            "report",
            out.toString(),
            work.resolve("report-failed").toString(),
            "--out",
            work.resolve("merged").toString()));
    c.put(
        "report 2",
        harness(
            "[ERROR] DIR " + work.resolve("not-a-report") + ": has no run.json",
            "report",
            work.resolve("not-a-report").toString()));
    // compare needs a second report: a sweep like sweep 0's, then the compare, in one shell.
    c.put(
        "compare 0",
        thenCompare(
            "1 cells compared",
            sweep(url, work.resolve("report-again"), "--drop-existing"),
            out,
            work.resolve("report-again")));
    c.put(
        "compare 2",
        harness(
            "are the same report: a report compared with itself",
            "compare",
            out.toString(),
            out.toString()));
    // 200 operations at 40 ops/s against a closed loop: far beyond one run's allowance.
    c.put(
        "compare 4",
        thenCompare(
            "[FAIL-ON] 1 cells: 200 x none (slower)",
            sweep(url, work.resolve("report-capped"), "--drop-existing", "--target", "40"),
            out,
            work.resolve("report-capped"),
            "--fail-on",
            "slower"));
    c.put(
        "advise 0",
        harness(
            "Leave one profile out",
            "advise",
            work.resolve("modelable").toString(),
            "--p99-ms",
            "20"));
    // The url sweep's report: its server's disk is unknown.
    c.put(
        "advise 2",
        harness(
            "[ERROR] REPORT "
                + out
                + ": its cells ran on a --mongodb-url server, whose disk is unknown",
            "advise",
            out.toString(),
            "--p99-ms",
            "20"));
    c.put(
        "history 0",
        harness(
            "appended " + out,
            "history",
            out.toString(),
            "--csv",
            work.resolve("history.csv").toString()));
    c.put(
        "history 2",
        harness(
            "[ERROR] --csv " + garbagePath() + ": not a history of this tool",
            "history",
            out.toString(),
            "--csv",
            garbagePath().toString()));
    c.put(
        "merge-histograms 0",
        harness(
            "merged 2 logs",
            "report",
            "merge-histograms",
            out.resolve("histograms/200-none-READ.hdr").toString(),
            out.resolve("histograms/200-none-READ.hdr").toString(),
            "--out",
            work.resolve("merged.hdr").toString()));
    Path garbage = work.resolve("garbage.hdr");
    c.put(
        "merge-histograms 2",
        harness(
            "[ERROR] LOG " + garbage + ": not an HdrHistogram log (binary data, not text)",
            "report",
            "merge-histograms",
            garbage.toString(),
            garbage.toString(),
            "--out",
            work.resolve("never.hdr").toString()));
    c.put("scripts/ycsb 0", ycsb("[INSERT], Return=OK, 200", "load", url("loaded")));
    c.put(
        "scripts/ycsb 1",
        ycsb("[ERROR] all 200 reads came back NOT_FOUND", "run", url("never-loaded")));
    c.put(
        "scripts/ycsb 2",
        ycsb(
            "[ERROR] fieldlength=-1 is not a whole number of 1 or more",
            "load",
            url("bad"),
            "-p",
            "fieldlength=-1"));
    c.put(
        "scripts/ycsb 3",
        ycsb(
            "[ERROR] no MongoDB server answered at mongodb.url=mongodb://127.0.0.1:" + deadPort,
            "load",
            "mongodb://127.0.0.1:" + deadPort + "/x",
            "-p",
            "mongodb.serverSelectionTimeoutMs=300"));
    return c;
  }

  /**
   * A report advise can model, made by its own closed loop: two disks (5000 IOPS; 150 IOPS + 7 ms),
   * 1000 records in memory (no device reads), 9000 with 0.3 device reads per operation.
   */
  private static void writeModelableReport(Path dir) throws IOException {
    List<DiskProfile> profiles =
        List.of(
            DiskProfile.named("fast").iops(5000).memoryBytes(1L << 30).build(),
            DiskProfile.named("slow")
                .iops(150)
                .addedLatencyMillis(7)
                .memoryBytes(1L << 30)
                .build());
    Instant started = Instant.parse("2026-01-01T00:00:00Z");
    RunManifest.builder()
        .toolVersion("mongodb-tiered 0.1.0")
        .startedAt(started)
        .finishedAt(started.plusSeconds(60))
        .commandLine(List.of("mongodb-tiered", "sweep"))
        .server(ServerKind.DOCKER, "mongo:7.0", "7.0.0")
        .profiles(profiles)
        .enforcement(Map.of())
        .warnings(List.of())
        .recordCounts(List.of(1000L, 9000L))
        .workloadProperties(Map.of("threadcount", "8"))
        .build()
        .write(dir);
    CellStore store = new CellStore(dir);
    for (DiskProfile p : profiles) {
      for (long count : List.of(1000L, 9000L)) {
        double reads = count == 1000 ? 0 : 0.3;
        ClosedLoop loop =
            new ClosedLoop(100, reads, p.addedLatencyMillis() * 1000 + 100, 0.9 * p.readIops());
        ClosedLoop.Flow flow = loop.solve(8);
        long ops = Math.round(flow.opsPerSec() * 10);
        long p99 = Math.round(loop.p99Micros(flow, 2000, 8));
        store.save(
            CellResult.builder(count, p.name(), ServerKind.DOCKER)
                .run(ops, 10_000, flow.opsPerSec())
                .latency("READ", new LatencyStats(ops, p99 / 3.0, p99 / 4, p99 / 2, p99, p99, p99))
                .metric(Metric.DEVICE_READ_OPS, reads * ops)
                .metric(Metric.FILE_LIVE_BYTES, count * 1100.0)
                .metric(Metric.WT_CACHE_MAX_BYTES, 256L << 20)
                .latencyApplied(true)
                .build());
      }
    }
  }

  private static String url(String database) {
    return url.substring(0, url.lastIndexOf('/') + 1) + database;
  }

  private static List<String> sweep(String mongodbUrl, Path out, String... extra) {
    List<String> a =
        new ArrayList<>(
            List.of(
                "sweep",
                "--mongodb-url",
                mongodbUrl,
                "--recordcounts",
                "200",
                "--profiles",
                "none",
                "--operations",
                "200",
                "--seconds",
                "0",
                "--warmup",
                "0",
                "--no-disk-baseline",
                "--no-progress",
                "--out",
                out.toString()));
    a.addAll(List.of(extra));
    return a;
  }

  private static String[] probe(Path dataDir, String image) {
    return new String[] {
      "probe",
      "--profile",
      "none",
      "--latency",
      "off",
      "--probe-image",
      image,
      "--data-dir",
      dataDir.toString(),
      "--seconds",
      "0.2",
      "--file-size",
      "1m",
      "--mode",
      "read"
    };
  }

  private static String[] baseline(Path dataDir, String image) {
    return new String[] {
      "disk-baseline",
      "--profile",
      "none",
      "--latency",
      "off",
      "--probe-image",
      image,
      "--data-dir",
      dataDir.toString(),
      "--seconds",
      "0.2",
      "--file-size",
      "1m",
      "--mode",
      "read",
      "--max-threads",
      "1"
    };
  }

  private static Case harness(String says, String... args) {
    List<String> a = new ArrayList<>(List.of(ROOT.resolve("scripts/mongodb-tiered").toString()));
    a.addAll(Arrays.asList(args));
    return new Case(a, says);
  }

  /** A sweep into {@code next}, then {@code compare base next}: one shell, the compare's exit. */
  private static Case thenCompare(
      String says, List<String> sweep, Path base, Path next, String... extra) {
    String script = ROOT.resolve("scripts/mongodb-tiered").toString();
    List<String> compare =
        new ArrayList<>(List.of(script, "compare", base.toString(), next.toString()));
    compare.addAll(Arrays.asList(extra));
    String line =
        quoted(script)
            + " "
            + String.join(" ", sweep.stream().map(ExitCodeTableTest::quoted).toList())
            + " >/dev/null && "
            + String.join(" ", compare.stream().map(ExitCodeTableTest::quoted).toList());
    return new Case(List.of("bash", "-c", line), says);
  }

  private static String quoted(String s) {
    return "'" + s.replace("'", "'\\''") + "'";
  }

  private static Case ycsb(String says, String command, String mongodbUrl, String... extra) {
    List<String> a =
        new ArrayList<>(
            List.of(
                ROOT.resolve("scripts/ycsb").toString(),
                command,
                "mongodb-tiered",
                "-P",
                "workloads/workloadc",
                "-p",
                "mongodb.url=" + mongodbUrl,
                "-p",
                "recordcount=200",
                "-p",
                "operationcount=200"));
    a.addAll(Arrays.asList(extra));
    return new Case(a, says);
  }

  private static Outcome run(List<String> command) throws Exception {
    Path log = Files.createTempFile(work, "out", ".log");
    ProcessBuilder pb =
        new ProcessBuilder(command)
            .directory(ROOT.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile());
    pb.environment().putIfAbsent("TESTCONTAINERS_HOST_OVERRIDE", "localhost");
    Process p = pb.start();
    if (!p.waitFor(300, TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      throw new AssertionError(String.join(" ", command) + ": did not finish in 300 s");
    }
    return new Outcome(p.exitValue(), Files.readString(log, StandardCharsets.UTF_8));
  }

  @Test
  void everyDocumentedExitCodeHasACaseAndNoCaseIsUndocumented() throws IOException {
    TreeSet<String> documented = new TreeSet<>();
    readmeRows().forEach(r -> documented.add(r.key()));
    assertEquals(new TreeSet<>(cases().keySet()), documented);
  }

  @Test
  void eachCommandsHelpListsTheCodesTheReadmeDocuments() throws IOException {
    for (String command :
        List.of(
            "sweep",
            "probe",
            "disk-baseline",
            "report",
            "compare",
            "advise",
            "history",
            "merge-histograms")) {
      TreeSet<Integer> documented = new TreeSet<>();
      readmeRows().stream()
          .filter(r -> r.command().equals(command))
          .forEach(r -> documented.add(r.exit()));
      assertEquals(documented, helpExitCodes(command), command + " --help");
    }
  }

  /** The codes a command's --help lists under "Exit codes:". */
  private static TreeSet<Integer> helpExitCodes(String command) {
    StringWriter out = new StringWriter();
    picocli.CommandLine cl = MongodbTieredCli.commandLine();
    cl.setOut(new PrintWriter(out, true));
    String[] args =
        command.equals("merge-histograms")
            ? new String[] {"report", "merge-histograms", "--help"}
            : new String[] {command, "--help"};
    cl.execute(args);
    TreeSet<Integer> codes = new TreeSet<>();
    String help = out.toString();
    String list = help.substring(help.indexOf("Exit codes:"));
    Matcher m = Pattern.compile("(?m)^  (\\d)   ").matcher(list);
    while (m.find()) {
      codes.add(Integer.parseInt(m.group(1)));
    }
    return codes;
  }

  @TestFactory
  Stream<DynamicTest> everyRowOfTheReadmeHolds() throws IOException {
    Files.write(garbagePath(), new byte[] {(byte) 0xff, (byte) 0xfe, 0, 1, (byte) 0x80, 'x'});
    Files.createDirectories(work.resolve("not-a-report"));
    writeModelableReport(work.resolve("modelable"));
    Map<String, Case> cases = cases();
    // The rows run in README order: sweep 0 and 1 write the reports that report reads.
    return readmeRows().stream()
        .map(
            row ->
                DynamicTest.dynamicTest(
                    row.key() + ": " + row.meaning(),
                    () -> {
                      Case c = cases.get(row.key());
                      assertTrue(c != null, "no case for " + row.key());
                      Outcome o = run(c.args());
                      assertEquals(
                          row.exit(), o.exit(), String.join(" ", c.args()) + "\n" + o.output());
                      assertTrue(o.output().contains(c.says()), o.output());
                      assertFalse(o.output().contains("\tat "), "no stack trace: " + o.output());
                      assertFalse(o.output().contains(":pw@"), o.output());
                    }));
  }

  private static Path garbagePath() {
    return work.resolve("garbage.hdr");
  }
}
