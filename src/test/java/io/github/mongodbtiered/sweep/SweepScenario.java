package io.github.mongodbtiered.sweep;

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

  private final SweepOptionsBuilder options;
  private List<String> profileNames = List.of();
  private List<DiskProfile> profiles;
  private String[] workloadOverrides = {};
  private long runOperations;
  private Double runSeconds;

  private SweepScenario(SweepOptionsBuilder options) {
    this.options = options.commandLine(List.of("test")).loadBatchSize(100);
  }

  /** On the server image under test, each profile's disk measured first (briefly). */
  static SweepScenario docker() {
    return new SweepScenario(
        SweepOptions.builder()
            .server(SweepOptions.ServerChoice.DOCKER)
            .image(System.getProperty("mongodb.image", "mongo:7.0"))
            .probeImage(System.getProperty("probe.image", ServerImages.STANDIN_IMAGE))
            .threads(4)
            .loadThreads(4)
            // A short baseline: reads and writes, 1 and 2 threads, 2 s each (a 1 s step sees one
            // blkio window, whose burst can pass the limit by more than 15%).
            .diskBaseline(
                DiskBaseline.Settings.defaults()
                    .withFileBytes(64L << 20)
                    .withMaxThreads(2)
                    .withSecondsPerStep(2))
            // The delayed volume wherever this host can build it (CI can): latency really applied.
            .latency(LatencyMethod.AUTO));
  }

  /** On the embedded stand-in: no container, no disk baseline, no added latency. */
  static SweepScenario embedded() {
    return new SweepScenario(
        SweepOptions.builder()
            .server(SweepOptions.ServerChoice.EMBEDDED)
            .image(null)
            .probeImage(null)
            .threads(2)
            .loadThreads(2)
            .diskBaseline(null)
            .latency(LatencyMethod.OFF));
  }

  SweepScenario records(long... counts) {
    return records(LongStream.of(counts).boxed().toList());
  }

  SweepScenario records(List<Long> counts) {
    options.recordCounts(counts);
    return this;
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
    options.workloadName(name);
    return this;
  }

  SweepScenario threads(int measuring, int loading) {
    options.threads(measuring).loadThreads(loading);
    return this;
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
    options.warmupSeconds(seconds);
    return this;
  }

  SweepScenario repeats(int runs) {
    options.repeats(runs);
    return this;
  }

  /** An open loop at this rate (default: 0, a closed loop). */
  SweepScenario target(double opsPerSec) {
    options.targetOpsPerSec(opsPerSec);
    return this;
  }

  /** Where the servers keep data (default: the report's data/). */
  SweepScenario dataDir(Path dir) {
    options.dataDir(dir);
    return this;
  }

  SweepScenario image(String image) {
    options.image(image);
    return this;
  }

  SweepScenario probeImage(String image) {
    options.probeImage(image);
    return this;
  }

  /** No disk baseline before the cells. */
  SweepScenario noBaseline() {
    options.diskBaseline(null);
    return this;
  }

  SweepScenario latency(LatencyMethod method) {
    options.latency(method);
    return this;
  }

  SweepScenario remeasure(boolean again) {
    options.remeasure(again);
    return this;
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
    // A count of operations alone runs without a time limit, not the command line's 60 s.
    double seconds = runSeconds != null ? runSeconds : runOperations > 0 ? 0 : 60;
    return options
        .runOperations(runOperations)
        .runSeconds(seconds)
        .outDir(out)
        .profiles(chosen)
        .workload(studyWorkload(workloadOverrides))
        .build();
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
