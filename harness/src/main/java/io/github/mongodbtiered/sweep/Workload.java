package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.binding.Redaction;
import java.util.Properties;

/**
 * What each warm-up and measured run does: the YCSB workload's properties and the client threads
 * that drive it.
 *
 * @param properties the workload file's properties with the overrides ({@code --workload}, {@code
 *     -p}), copied here; the sweep sets the counts and lengths itself
 * @param name the workload as named on the command line, a label in the cells' settings; "" for
 *     none
 * @param threads client threads of the warm-ups and measured runs ({@code --threads})
 */
public record Workload(Properties properties, String name, int threads) {
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
   * no name.
   *
   * @throws IllegalArgumentException when the threadcount is not a whole number
   */
  public static Workload of(Properties properties) {
    return new Workload(properties, "", threadsOf(properties, ""));
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
      throw new IllegalArgumentException("--threads and --load-threads must be at least 1");
    }
    if (threads > io.github.mongodbtiered.ycsb.WorkloadChecks.MAX_THREADS) {
      throw new IllegalArgumentException(
          "the workload's threadcount "
              + threads
              + " is above "
              + io.github.mongodbtiered.ycsb.WorkloadChecks.MAX_THREADS
              + " client threads: give --threads N, or fix threadcount in the workload file");
    }
  }

  /** The YCSB table (collection) the sweep loads and reads. */
  public String table() {
    return properties.getProperty("table", "usertable");
  }

  public Workload withName(String label) {
    return new Workload(properties, label, threads);
  }

  public Workload withThreads(int n) {
    return new Workload(properties, name, n);
  }

  /** The properties with a URL's credentials masked (this string may reach a log). */
  @Override
  public String toString() {
    Properties shown = new Properties();
    shown.putAll(properties);
    if (shown.getProperty("mongodb.url") != null) {
      shown.setProperty("mongodb.url", Redaction.maskUri(shown.getProperty("mongodb.url")));
    }
    return "Workload[name=" + name + ", properties=" + shown + ", threads=" + threads + "]";
  }
}
