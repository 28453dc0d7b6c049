package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.ycsb.WorkloadChecks;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine.Option;

/** What each measured run of the sweep does, and for how long. */
final class WorkloadOptions {
  @Option(
      names = "--workload",
      paramLabel = "FILE",
      defaultValue = "tiered-read-uniform",
      description =
          "YCSB workload file, or the name of one in workloads/ (default: ${DEFAULT-VALUE}).")
  String workload;

  @Option(
      names = "-p",
      paramLabel = "NAME=VALUE",
      description =
          "Workload property, overriding the file, e.g. -p fieldlength=1000. Not those the"
              + " sweep sets itself: mongodb.url (--mongodb-url), recordcount (--recordcounts),"
              + " operationcount, maxexecutiontime, batchsize, ...")
  Map<String, String> properties = new LinkedHashMap<>();

  @Option(
      names = "--threads",
      paramLabel = "N",
      converter = Counts.AtLeastOne.class,
      description = "Client threads (default: the workload's threadcount, or 16).")
  Integer threads;

  @Option(
      names = "--operations",
      paramLabel = "N",
      description = "Operations per measured run (default: run for --seconds).")
  long operations;

  @Option(
      names = "--seconds",
      paramLabel = "SECONDS",
      defaultValue = "60",
      description = "Seconds per measured run (default: ${DEFAULT-VALUE}).")
  double seconds;

  @Option(
      names = "--warmup",
      paramLabel = "SECONDS",
      defaultValue = "30",
      description =
          "Seconds of unmeasured workload after the cold start (default: ${DEFAULT-VALUE}).")
  double warmup;

  /**
   * The workload file's properties with the -p overrides, checked before anything is loaded.
   *
   * @throws IllegalArgumentException for a property the sweep sets itself, or a record shape YCSB
   *     cannot build, naming it
   */
  Properties properties() throws IOException {
    SweepOwnedProperties.refuse(properties.keySet());
    Properties p = load();
    properties.forEach(p::setProperty);
    WorkloadChecks.check(p);
    return p;
  }

  /** --threads, else the workload's threadcount, else 16. */
  int threads(Properties workload) {
    if (threads != null) {
      return threads;
    }
    String count = workload.getProperty("threadcount", "16").trim();
    try {
      return Integer.parseInt(count);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "--workload " + this.workload + ": threadcount '" + count + "' is not a whole number");
    }
  }

  /** The file, or one shipped in workloads/ (also inside the harness jar). */
  private Properties load() throws IOException {
    Properties p = new Properties();
    Path file = Path.of(workload);
    if (Files.isRegularFile(file)) {
      try (InputStream in = Files.newInputStream(file)) {
        p.load(in);
      }
      return p;
    }
    try (InputStream in =
        WorkloadOptions.class.getResourceAsStream("/workloads/" + file.getFileName())) {
      if (in == null) {
        throw new IllegalArgumentException(
            "--workload "
                + workload
                + ": no such file, and no workload of that name in"
                + " workloads/ (e.g. tiered-read-uniform, tiered-read-hotspot)");
      }
      p.load(in);
    }
    return p;
  }
}
