package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.servers.ServerImages;
import io.github.mongodbtiered.volumes.LatencyMethod;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;

/**
 * A scaled-down sweep for tests: the study's workload and two profiles of 512 MiB memory and a 64
 * MiB cache (scaled.profiles), one at 5000 IOPS and one at 150 IOPS, on the server image under
 * test, with record counts in the thousands.
 */
final class SweepScenario {
  static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();

  private SweepScenario() {}

  static List<DiskProfile> scaledProfiles() throws Exception {
    Path file = Path.of(SweepScenario.class.getResource("/scaled.profiles").toURI());
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
    return new SweepOptions(
        counts,
        scaledProfiles(),
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
        // A short baseline: reads and writes, 1 and 2 threads, 2 s each (a 1 s step sees one
        // blkio window, whose burst can pass the limit by more than 15%).
        DiskBaseline.Settings.defaults()
            .withFileBytes(64L << 20)
            .withMaxThreads(2)
            .withSecondsPerStep(2),
        System.getProperty("probe.image", ServerImages.STANDIN_IMAGE),
        // The delayed volume wherever this host can build it (CI can): latency really applied.
        LatencyMethod.AUTO,
        0);
  }

  static TargetServer server(SweepOptions o) {
    return TargetServers.open(o, new PrintWriter(System.err, true));
  }
}
