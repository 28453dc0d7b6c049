package io.github.mongodbtiered.ycsb;

import io.github.mongodbtiered.ycsb.PhaseException.Reason;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import site.ycsb.Client;

/**
 * The properties that shape a phase, read and checked before anything connects, with {@code
 * site.ycsb.Client}'s names and defaults. A bad value stops the phase with a message that names the
 * property and says what it takes.
 *
 * @param transactions {@code dotransactions}: the transaction phase, else the load phase
 * @param threadCount {@code threadcount}, at least 1
 * @param targetOpsPerSecond {@code target} across all threads; 0 for unthrottled
 * @param maxExecutionSeconds {@code maxexecutiontime}; 0 for no limit
 * @param dbClass {@code db}, the YCSB DB class
 * @param operationCount operations to do: {@code operationcount} when running transactions, else
 *     {@code insertcount} or {@code recordcount}
 */
record PhaseSettings(
    boolean transactions,
    int threadCount,
    double targetOpsPerSecond,
    long maxExecutionSeconds,
    String dbClass,
    int operationCount) {

  /** Reads the settings in {@code site.ycsb.Client}'s order, so the first bad one is reported. */
  static PhaseSettings from(Properties props) throws PhaseException {
    if (!Client.checkRequiredProperties(props)) {
      throw new PhaseException(
          Reason.BAD_INPUT,
          "missing property: workload. Pass a workload file with -P (e.g. -P workloads/workloada)"
              + " or -p workload=site.ycsb.workloads.CoreWorkload");
    }
    try {
      WorkloadChecks.check(props);
    } catch (IllegalArgumentException e) {
      throw new PhaseException(Reason.BAD_INPUT, e.getMessage());
    }
    boolean transactions = Boolean.parseBoolean(props.getProperty("dotransactions", "true"));
    int threadCount = positiveInt(props, "threadcount", "1");
    double target = nonNegativeDouble(props, "target", "0");
    long maxExecutionSeconds = (long) nonNegativeDouble(props, "maxexecutiontime", "0");
    String dbClass = props.getProperty("db", "site.ycsb.BasicDB");
    int operationCount = operationCount(props, transactions);
    checkExportFile(props);
    return new PhaseSettings(
        transactions, threadCount, target, maxExecutionSeconds, dbClass, operationCount);
  }

  /** The throttle as {@code ClientThread} takes it: operations per thread per ms, -1 for none. */
  double targetPerThreadPerMilli() {
    return targetOpsPerSecond <= 0 ? -1 : targetOpsPerSecond / threadCount / 1000.0;
  }

  /** The operations of client thread {@code i}: an even share, the remainder to the first. */
  int operationsOfThread(int i) {
    return operationCount / threadCount + (i < operationCount % threadCount ? 1 : 0);
  }

  private static int operationCount(Properties props, boolean transactions) throws PhaseException {
    if (transactions) {
      return nonNegativeInt(props, "operationcount", "0");
    }
    if (props.containsKey("insertcount")) {
      return nonNegativeInt(props, "insertcount", "0");
    }
    return nonNegativeInt(props, "recordcount", Client.DEFAULT_RECORD_COUNT);
  }

  /** Fails now rather than after the whole phase has run and its figures cannot be written. */
  private static void checkExportFile(Properties props) throws PhaseException {
    String file = props.getProperty("exportfile");
    if (file != null) {
      Path path = Path.of(file).toAbsolutePath();
      Path dir = path.getParent();
      boolean ok =
          Files.exists(path)
              ? Files.isWritable(path)
              : dir != null && Files.isDirectory(dir) && Files.isWritable(dir);
      if (!ok) {
        throw new PhaseException(
            Reason.BAD_INPUT,
            "exportfile="
                + file
                + " cannot be written: check the directory exists and is writable");
      }
    }
  }

  static int positiveInt(Properties props, String name, String def) throws PhaseException {
    int n = nonNegativeInt(props, name, def);
    if (n == 0) {
      throw new PhaseException(Reason.BAD_INPUT, name + "=0: use a whole number of at least 1");
    }
    return n;
  }

  private static int nonNegativeInt(Properties props, String name, String def)
      throws PhaseException {
    String v = props.getProperty(name, def).trim();
    try {
      int n = Integer.parseInt(v);
      if (n >= 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new PhaseException(
        Reason.BAD_INPUT, name + "=" + v + " is not a whole number from 0 to " + Integer.MAX_VALUE);
  }

  private static double nonNegativeDouble(Properties props, String name, String def)
      throws PhaseException {
    String v = props.getProperty(name, def).trim();
    try {
      double d = Double.parseDouble(v);
      if (d >= 0) {
        return d;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new PhaseException(Reason.BAD_INPUT, name + "=" + v + " is not a number of 0 or more");
  }
}
