package io.github.mongodbtiered.ycsb;

import java.util.Properties;

/**
 * Checks CoreWorkload's record-shape properties before anything runs. YCSB takes {@code
 * fieldlength=-1} without a word and fails on the first insert, in every client thread; here the
 * property is named, with the fix, before a connection is made or a record loaded.
 */
public final class WorkloadChecks {
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
