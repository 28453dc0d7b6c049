package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.BurstStart;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.servers.ServerImages;
import io.github.mongodbtiered.volumes.LatencyMethod;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.UnaryOperator;
import java.util.stream.LongStream;

/**
 * A scaled-down sweep for tests, built as a scenario: {@code
 * SweepScenario.embedded().records(2_000).profile("fast-small").seconds(3).run(out)}.
 *
 * <p>By default the study's workload on two profiles of 512 MiB memory and a 64 MiB cache
 * (profiles/scaled.profiles, which the README's quickstart uses too), one at 5000 IOPS and one at
 * 150 IOPS. {@link #docker()} runs them on the server image under test with a short disk baseline
 * and the delayed volume where the host can build it; {@link #embedded()} on the stand-in in this
 * JVM, with neither.
 */
final class SweepScenario {
  static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();

  private final List<UnaryOperator<SweepOptions>> changes = new ArrayList<>();
  private List<String> profileNames = List.of();
  private List<DiskProfile> profiles;
  private String[] workloadOverrides = {};
  private long runOperations;
  private Double runSeconds;

  private SweepScenario(UnaryOperator<SweepOptions> server) {
    change(o -> o.withOutput(out -> out.withCommandLine(List.of("test"))));
    change(o -> o.withLoading(l -> l.withBatchSize(100)));
    change(server);
  }

  /** On the server image under test, each profile's disk measured first (briefly). */
  static SweepScenario docker() {
    return new SweepScenario(
        o ->
            o.withServer(
                    s ->
                        s.withChoice(Server.Choice.DOCKER)
                            .withImage(System.getProperty("mongodb.image", "mongo:7.0")))
                .withWorkload(w -> w.withThreads(4))
                .withLoading(l -> l.withThreads(4))
                // A short baseline: reads and writes, 1 and 2 threads, 2 s each (a 1 s step sees
                // one blkio window, whose burst can pass the limit by more than 15%).
                .withBaseline(
                    b ->
                        new Baseline(
                            DiskBaseline.Settings.defaults()
                                .withFileBytes(64L << 20)
                                .withMaxThreads(2)
                                .withSecondsPerStep(2),
                            System.getProperty("probe.image", ServerImages.STANDIN_IMAGE)))
                // The delayed volume wherever this host can build it (CI can): latency really
                // applied.
                .withVolume(v -> v.withLatency(LatencyMethod.AUTO)));
  }

  /** On the embedded stand-in: no container, no disk baseline, no added latency. */
  static SweepScenario embedded() {
    return new SweepScenario(
        o ->
            o.withServer(s -> s.withChoice(Server.Choice.EMBEDDED).withImage(null))
                .withWorkload(w -> w.withThreads(2))
                .withLoading(l -> l.withThreads(2))
                .withBaseline(b -> new Baseline(null, null))
                .withVolume(v -> v.withLatency(LatencyMethod.OFF)));
  }

  private SweepScenario change(UnaryOperator<SweepOptions> c) {
    changes.add(c);
    return this;
  }

  SweepScenario records(long... counts) {
    return records(LongStream.of(counts).boxed().toList());
  }

  SweepScenario records(List<Long> counts) {
    return change(o -> o.withCells(c -> c.withRecordCounts(counts)));
  }

  /** These of the scaled profiles, in the file's order (default: both). */
  SweepScenario profile(String... names) {
    profileNames = List.of(names);
    return this;
  }

  /** Profiles of the test's own, in place of the scaled ones. */
  SweepScenario profiles(DiskProfile... chosen) {
    profiles = List.of(chosen);
    return this;
  }

  /** The study's workload with these NAME=VALUE properties over it. */
  SweepScenario workload(String... overrides) {
    workloadOverrides = overrides.clone();
    return this;
  }

  /** The workload's name in cells' settings (default: none). */
  SweepScenario workloadName(String name) {
    return change(o -> o.withWorkload(w -> w.withName(name)));
  }

  SweepScenario threads(int measuring, int loading) {
    return change(
        o ->
            o.withWorkload(w -> w.withThreads(measuring)).withLoading(l -> l.withThreads(loading)));
  }

  /** Measured runs of this many operations, with no time limit unless {@link #seconds} sets one. */
  SweepScenario operations(long count) {
    runOperations = count;
    return this;
  }

  /** Measured runs of this many seconds (a cap, with {@link #operations}). */
  SweepScenario seconds(double seconds) {
    runSeconds = seconds;
    return this;
  }

  SweepScenario warmup(double seconds) {
    return change(o -> o.withRuns(r -> r.withWarmupSeconds(seconds)));
  }

  SweepScenario repeats(int runs) {
    return change(o -> o.withRuns(r -> r.withRepeats(runs)));
  }

  /** An open loop at this rate (default: 0, a closed loop). */
  SweepScenario target(double opsPerSec) {
    return change(o -> o.withRuns(r -> r.withTargetOpsPerSec(opsPerSec)));
  }

  /** Where the servers keep data (default: the report's data/). */
  SweepScenario dataDir(Path dir) {
    return change(o -> o.withServer(s -> s.withDataDir(dir)));
  }

  SweepScenario image(String image) {
    return change(o -> o.withServer(s -> s.withImage(image)));
  }

  SweepScenario probeImage(String image) {
    return change(o -> o.withBaseline(b -> b.withProbeImage(image)));
  }

  /** No disk baseline before the cells. */
  SweepScenario noBaseline() {
    return change(o -> o.withBaseline(Baseline::off));
  }

  SweepScenario latency(LatencyMethod method) {
    return change(o -> o.withVolume(v -> v.withLatency(method)));
  }

  /** How full burst-credit profiles' buckets start: full, empty or a number. */
  SweepScenario burstCredits(String start) {
    return change(o -> o.withVolume(v -> v.withBurstStart(BurstStart.parse(start))));
  }

  SweepScenario remeasure(boolean again) {
    return change(o -> o.withCells(c -> c.withRemeasure(again)));
  }

  /** The options of this scenario, reporting into {@code out}. */
  SweepOptions options(Path out) throws Exception {
    List<DiskProfile> chosen = profiles;
    if (chosen == null) {
      chosen =
          profileNames.isEmpty()
              ? scaledProfiles()
              : scaledProfiles().stream().filter(p -> profileNames.contains(p.name())).toList();
    }
    List<DiskProfile> cellProfiles = chosen;
    // A count of operations alone runs without a time limit, not the command line's 60 s.
    double seconds = runSeconds != null ? runSeconds : runOperations > 0 ? 0 : 60;
    SweepOptions o =
        SweepOptions.defaults(studyWorkload(workloadOverrides), out)
            .withCells(c -> c.withProfiles(cellProfiles))
            .withRuns(r -> r.withOperations(runOperations).withSeconds(seconds));
    for (UnaryOperator<SweepOptions> c : changes) {
      o = c.apply(o);
    }
    return o;
  }

  /** Runs this scenario's sweep into {@code out}, telling nobody of its progress. */
  SweepRunner.Outcome run(Path out) throws Exception {
    return run(options(out), new SweepRunner.Listener() {});
  }

  /** Runs the sweep of {@code o} on the server it asks for, telling {@code listener}. */
  static SweepRunner.Outcome run(SweepOptions o, SweepRunner.Listener listener) throws Exception {
    try (TargetServer server = server(o)) {
      return new SweepRunner(o, server, listener).run();
    }
  }

  /** The scaled-down gp2:100GiB of {@code profiles/scaled.profiles}, its bucket 27,000 credits. */
  static DiskProfile gp2Small() throws Exception {
    return DiskProfiles.builtInAnd(ROOT.resolve("profiles/scaled.profiles")).get("gp2-small");
  }

  static List<DiskProfile> scaledProfiles() throws Exception {
    Path file = ROOT.resolve("profiles/scaled.profiles");
    List<DiskProfile> result = new ArrayList<>();
    DiskProfiles all = DiskProfiles.builtInAnd(file);
    result.add(all.get("fast-small"));
    result.add(all.get("slow-small"));
    return result;
  }

  static Properties studyWorkload(String... overrides) throws Exception {
    Properties p = new Properties();
    try (InputStream in = Files.newInputStream(ROOT.resolve("workloads/tiered-read-uniform"))) {
      p.load(in);
    }
    for (String kv : overrides) {
      p.setProperty(kv.substring(0, kv.indexOf('=')), kv.substring(kv.indexOf('=') + 1));
    }
    return p;
  }

  static TargetServer server(SweepOptions o) {
    return TargetServers.open(o, new PrintWriter(System.err, true));
  }

  /**
   * summary.csv's rows, each by column name: RFC 4180 as the report writes it, so a quoted field
   * (an error or a note with commas) does not shift the columns after it.
   */
  static List<Map<String, String>> summaryRows(Path out) throws IOException {
    List<List<String>> records = new ArrayList<>();
    List<String> record = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    String text = Files.readString(out.resolve("summary.csv"));
    boolean quoted = false;
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (quoted) {
        if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (c == '"') {
          quoted = false;
        } else {
          field.append(c);
        }
      } else if (c == '"') {
        quoted = true;
      } else if (c == ',') {
        record.add(field.toString());
        field.setLength(0);
      } else if (c == '\n') {
        record.add(field.toString());
        field.setLength(0);
        records.add(record);
        record = new ArrayList<>();
      } else if (c != '\r') {
        field.append(c);
      }
    }
    List<String> header = records.get(0);
    List<Map<String, String>> rows = new ArrayList<>();
    for (List<String> r : records.subList(1, records.size())) {
      Map<String, String> row = new LinkedHashMap<>();
      for (int i = 0; i < header.size() && i < r.size(); i++) {
        row.put(header.get(i), r.get(i));
      }
      rows.add(row);
    }
    return rows;
  }
}
