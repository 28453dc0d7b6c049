package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.binding.Redaction;
import java.util.Properties;

/**
 * What each warm-up and measured run does: the YCSB workload's properties, the client threads that
 * drive it, and the rate they drive it at.
 *
 * @param properties the workload file's properties with the overrides ({@code --workload}, {@code
 *     -p}), copied here; the sweep sets the counts and lengths itself
 * @param name the workload as named on the command line, a label in the cells' settings; "" for
 *     none
 * @param threads client threads of the warm-ups and measured runs ({@code --threads})
 * @param targetOpsPerSec the measured runs' request rate, an open loop whose latencies are also
 *     taken from each operation's intended start ({@code --target}), or 0 for a closed loop
 */
public record Workload(Properties properties, String name, int threads, double targetOpsPerSec) {
  /** The threads of a workload that names none: the study's 16. */
  public static final int DEFAULT_THREADS = 16;

  public Workload {
    Properties copy = new Properties();
    copy.putAll(properties);
    properties = copy;
    name = name == null ? "" : name;
  }

  /**
   * {@code properties} run as they say: their {@code threadcount} (else {@link #DEFAULT_THREADS}),
   * a closed loop, no name.
   *
   * @throws IllegalArgumentException when the threadcount is not a whole number
   */
  public static Workload of(Properties properties) {
    return new Workload(properties, "", threadsOf(properties, ""), 0);
  }

  /**
   * The workload's own thread count: its {@code threadcount}, else {@link #DEFAULT_THREADS}.
   *
   * @param named how an error names the workload, e.g. "--workload FILE"; "" for none
   * @throws IllegalArgumentException when the threadcount is not a whole number
   */
  public static int threadsOf(Properties properties, String named) {
    String count = properties.getProperty("threadcount", Integer.toString(DEFAULT_THREADS)).trim();
    try {
      return Integer.parseInt(count);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          (named.isEmpty() ? "the workload" : named)
              + ": threadcount '"
              + count
              + "' is not a whole number");
    }
  }

  /**
   * @throws IllegalArgumentException naming the option whose value cannot be used
   */
  void check() {
    if (threads < 1) {
      throw new IllegalArgumentException("--threads: give 1 or more client threads");
    }
    if (targetOpsPerSec < 0 || !Double.isFinite(targetOpsPerSec)) {
      throw new IllegalArgumentException(
          "--target: give operations per second above 0, or leave it out for a closed loop");
    }
  }

  /** The YCSB table (collection) the sweep loads and reads. */
  public String table() {
    return properties.getProperty("table", "usertable");
  }

  public Workload withName(String label) {
    return new Workload(properties, label, threads, targetOpsPerSec);
  }

  public Workload withThreads(int n) {
    return new Workload(properties, name, n, targetOpsPerSec);
  }

  public Workload withTargetOpsPerSec(double opsPerSec) {
    return new Workload(properties, name, threads, opsPerSec);
  }

  /** The properties with a URL's credentials masked (this string may reach a log). */
  @Override
  public String toString() {
    Properties shown = new Properties();
    shown.putAll(properties);
    if (shown.getProperty("mongodb.url") != null) {
      shown.setProperty("mongodb.url", Redaction.maskUri(shown.getProperty("mongodb.url")));
    }
    return "Workload[name="
        + name
        + ", properties="
        + shown
        + ", threads="
        + threads
        + ", targetOpsPerSec="
        + targetOpsPerSec
        + "]";
  }
}
