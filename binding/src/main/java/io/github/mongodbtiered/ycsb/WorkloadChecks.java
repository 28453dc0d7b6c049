package io.github.mongodbtiered.ycsb;

import java.util.List;
import java.util.Map;
import java.util.Properties;

/**
 * Checks CoreWorkload's properties before anything runs. YCSB takes {@code fieldlength=-1} without
 * a word and fails on the first insert, in every client thread; it takes {@code readproportion=1.5,
 * updateproportion=-0.5} and runs 100% reads, and a misspelt distribution only once the load began;
 * here the property is named, with the fix, before a connection is made or a record loaded.
 */
public final class WorkloadChecks {
  /**
   * The most client threads one client process runs. Each holds its own workload state and
   * connection; 99999999 of them end in an OutOfMemoryError after the load. More load comes from
   * more client processes (a fleet).
   */
  public static final int MAX_THREADS = 4096;

  private WorkloadChecks() {}

  /**
   * @throws IllegalArgumentException naming the first bad property, its value and what it takes
   */
  public static void check(Properties props) {
    int fieldLength = atLeastOne(props, "fieldlength", "100", "bytes per field");
    atLeastOne(props, "fieldcount", "10", "fields per record");
    int minFieldLength = atLeastOne(props, "minfieldlength", "1", "bytes per field");
    if (minFieldLength > fieldLength) {
      throw new IllegalArgumentException(
          "minfieldlength="
              + minFieldLength
              + " is more than fieldlength="
              + fieldLength
              + ": set -p minfieldlength= to at most fieldlength");
    }
    proportions(props);
    oneOf(props, "requestdistribution", "uniform", REQUEST_DISTRIBUTIONS);
    oneOf(props, "scanlengthdistribution", "uniform", List.of("uniform", "zipfian"));
    oneOf(props, "fieldlengthdistribution", "constant", FIELD_LENGTH_DISTRIBUTIONS);
    oneOf(props, "insertorder", "hashed", List.of("hashed", "ordered"));
  }

  /** CoreWorkload's operations with the shares YCSB gives them when a file says nothing. */
  private static final List<Map.Entry<String, String>> PROPORTIONS =
      List.of(
          Map.entry("readproportion", "0.95"),
          Map.entry("updateproportion", "0.05"),
          Map.entry("insertproportion", "0"),
          Map.entry("scanproportion", "0"),
          Map.entry("readmodifywriteproportion", "0"));

  private static final List<String> REQUEST_DISTRIBUTIONS =
      List.of("uniform", "zipfian", "hotspot", "sequential", "exponential", "latest");

  private static final List<String> FIELD_LENGTH_DISTRIBUTIONS =
      List.of("constant", "uniform", "zipfian", "histogram");

  /**
   * Each share from 0 to 1, and together 1: YCSB divides by their sum, so {@code readproportion=1}
   * beside the default {@code updateproportion=0.05} would quietly run 95% reads.
   */
  private static void proportions(Properties props) {
    double sum = 0;
    StringBuilder given = new StringBuilder();
    for (Map.Entry<String, String> e : PROPORTIONS) {
      String v = props.getProperty(e.getKey(), e.getValue()).trim();
      double share;
      try {
        share = Double.parseDouble(v);
      } catch (NumberFormatException ex) {
        share = Double.NaN;
      }
      if (!(share >= 0 && share <= 1)) {
        throw new IllegalArgumentException(
            e.getKey()
                + "="
                + v
                + " is not a share from 0 to 1: fix -p "
                + e.getKey()
                + "= or the workload file");
      }
      sum += share;
      if (share > 0) {
        given.append(given.length() == 0 ? "" : " + ").append(e.getKey()).append('=').append(v);
      }
    }
    if (Math.abs(sum - 1) > 1e-6) {
      throw new IllegalArgumentException(
          given
              + (given.length() == 0
                  ? "every operation's proportion is 0"
                  : " make " + String.format(java.util.Locale.ROOT, "%.6g", sum))
              + ", not 1 (YCSB takes 0.95 reads and 0.05 updates where a file is silent): set"
              + " the proportions with -p so that they add up to 1, e.g. -p readproportion=1 -p"
              + " updateproportion=0");
    }
  }

  private static void oneOf(Properties props, String name, String dflt, List<String> allowed) {
    String v = props.getProperty(name, dflt).trim();
    if (!allowed.contains(v)) {
      throw new IllegalArgumentException(
          name
              + "="
              + v
              + " is not one YCSB knows: use one of "
              + String.join(", ", allowed)
              + " (-p "
              + name
              + "= or the workload file)");
    }
  }

  private static int atLeastOne(Properties props, String name, String dflt, String unit) {
    String v = props.getProperty(name, dflt).trim();
    try {
      int n = Integer.parseInt(v);
      if (n >= 1) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException(
        name
            + "="
            + v
            + " is not a whole number of 1 or more ("
            + unit
            + "): fix -p "
            + name
            + "= or the workload file, e.g. -p "
            + name
            + "="
            + dflt);
  }
}
