package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.sweep.Workload;
import io.github.mongodbtiered.ycsb.WorkloadChecks;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.Option;
import picocli.CommandLine.TypeConversionException;

/** What each warm-up and measured run of the sweep does: the workload, its threads and its rate. */
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
      description =
          "Client threads (default: the workload's threadcount, or "
              + Workload.DEFAULT_THREADS
              + ").")
  Integer threads;

  @Option(
      names = "--target",
      paramLabel = "OPS",
      converter = TargetRate.class,
      description =
          "Drive each measured run at this many operations per second (e.g. 1000 or 2.5k) over all client threads"
              + " (an open loop), and record each operation's latency from its intended start"
              + " beside its service time, so that a stalled server's queue shows in the"
              + " intended-time columns; the warm-up stays a closed loop (default: a closed loop,"
              + " as fast as the server answers).")
  double targetOpsPerSec;

  /** Operations per second, above 0: {@code 1000}, {@code 2.5k}. */
  static final class TargetRate implements ITypeConverter<Double> {
    @Override
    public Double convert(String text) {
      String t = text.trim().toLowerCase(Locale.ROOT);
      double unit = t.endsWith("k") ? 1_000 : 1;
      double rate;
      try {
        rate = Double.parseDouble(unit == 1 ? t : t.substring(0, t.length() - 1)) * unit;
      } catch (NumberFormatException e) {
        rate = Double.NaN; // refused below
      }
      if (!(rate > 0) || Double.isInfinite(rate)) {
        throw new TypeConversionException(
            "'"
                + text
                + "' is not a rate: give operations per second above 0 (e.g. 1000), or leave"
                + " --target out for a closed loop");
      }
      return rate;
    }
  }

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
   * The workload these options give: the file's properties with the overrides, its threads ({@code
   * --threads}, else its threadcount, else {@link Workload#DEFAULT_THREADS}).
   *
   * @throws IllegalArgumentException for a property the sweep sets itself, a record shape YCSB
   *     cannot build or a threadcount that is no number, naming it
   */
  Workload workload() throws IOException {
    Properties p = properties();
    int n = threads != null ? threads : Workload.threadsOf(p, "--workload " + workload);
    return new Workload(p, workload, n, targetOpsPerSec);
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
