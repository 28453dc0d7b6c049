package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.sweep.Workload;
import io.github.mongodbtiered.ycsb.WorkloadChecks;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine.Option;

/** What each warm-up and measured run of the sweep does: the workload and its threads. */
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
      converter = Counts.Threads.class,
      description =
          "Client threads (default: the workload's threadcount, or "
              + Workload.DEFAULT_THREADS
              + ").")
  Integer threads;

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
    requireWorkloadClass(p);
    WorkloadChecks.check(p);
    return p;
  }

  /**
   * A file without a loadable {@code workload} class is no YCSB workload file (a typo'd path to
   * another file, say): refused here, before a server starts, rather than by YCSB once loading
   * began, in words ({@code -P}) that name no option of this tool.
   */
  private void requireWorkloadClass(Properties p) {
    String name = p.getProperty("workload", "").trim();
    if (name.isEmpty()) {
      throw new IllegalArgumentException(
          "--workload "
              + workload
              + ": has no 'workload' property, so it is not a YCSB workload file; give one such"
              + " as tiered-read-uniform, or add workload=site.ycsb.workloads.CoreWorkload to it");
    }
    try {
      Class.forName(name, false, WorkloadOptions.class.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      throw new IllegalArgumentException(
          "--workload "
              + workload
              + ": workload class '"
              + name
              + "' is not on the classpath; use site.ycsb.workloads.CoreWorkload");
    }
  }

  /**
   * The workload these options give: {@code properties} ({@link #properties()}), run by {@code
   * --threads}, else their threadcount, else {@link Workload#DEFAULT_THREADS}.
   *
   * @throws IllegalArgumentException for a threadcount that is no number, naming it
   */
  Workload workload(Properties p) {
    int n = threads != null ? threads : Workload.threadsOf(p, "--workload " + workload);
    return new Workload(p, workload, n);
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
