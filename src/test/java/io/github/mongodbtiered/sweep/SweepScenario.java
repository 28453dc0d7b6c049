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

/**
 * A scaled-down sweep for tests: the study's workload and two profiles of 512 MiB memory and a 64
 * MiB cache (profiles/scaled.profiles, which the README's quickstart uses too), one at 5000 IOPS
 * and one at 150 IOPS, on the server image under test, with record counts in the thousands.
 */
final class SweepScenario {
  static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();

  private SweepScenario() {}

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

  static SweepOptions options(
      Path out, List<Long> counts, Properties workload, double seconds, double warmup)
      throws Exception {
    return options(
        out,
        counts,
        scaledProfiles(),
        workload,
        seconds,
        warmup,
        // A short baseline: reads and writes, 1 and 2 threads, 2 s each (a 1 s step sees one
        // blkio window, whose burst can pass the limit by more than 15%).
        DiskBaseline.Settings.defaults()
            .withFileBytes(64L << 20)
            .withMaxThreads(2)
            .withSecondsPerStep(2),
        // The delayed volume wherever this host can build it (CI can): latency really applied.
        LatencyMethod.AUTO);
  }

  /** As the scaled sweep, with other profiles, disk baseline (null for none) and latency. */
  static SweepOptions options(
      Path out,
      List<Long> counts,
      List<DiskProfile> profiles,
      Properties workload,
      double seconds,
      double warmup,
      DiskBaseline.Settings baseline,
      LatencyMethod latency)
      throws Exception {
    return new SweepOptions(
        counts,
        profiles,
        workload,
        4,
        0,
        seconds,
        warmup,
        4,
        100,
        SweepOptions.ServerChoice.DOCKER,
        null,
        System.getProperty("mongodb.image", "mongo:7.0"),
        out,
        out.resolve("data"),
        false,
        List.of("test"),
        baseline,
        System.getProperty("probe.image", ServerImages.STANDIN_IMAGE),
        latency,
        0);
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
