package io.github.mongodbtiered.ycsb;

import io.github.mongodbtiered.ycsb.PhaseException.Reason;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import site.ycsb.StatusThread;
import site.ycsb.Utils;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * YCSB's process-wide measurements around one phase: reset before it, exported once after it with
 * the same figures, in the same order, as {@code site.ycsb.Client} exports them.
 */
final class YcsbMeasurements {
  private YcsbMeasurements() {}

  /**
   * YCSB keeps its measurements in a process-wide singleton that it never resets, because its own
   * client runs one phase per JVM. A second phase in the same JVM must start from zero.
   */
  static void reset(Properties props) {
    try {
      Field singleton = Measurements.class.getDeclaredField("singleton");
      singleton.setAccessible(true);
      synchronized (Measurements.class) {
        Measurements.setProperties(props);
        singleton.set(null, null);
      }
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("this YCSB core has no Measurements.singleton", e);
    }
  }

  /**
   * Exports the phase's figures, and returns them. Exported once, to the user's exporter too when
   * {@code exportToUser}: YCSB's histograms hand out their interval data only once.
   *
   * @param status the status thread, for its JVM figures; null when there was none
   */
  static List<PhaseResult.Metric> export(
      Properties props,
      boolean exportToUser,
      PrintStream log,
      long opsDone,
      long runtimeMillis,
      StatusThread status)
      throws PhaseException {
    CapturingExporter captured = new CapturingExporter();
    MeasurementsExporter user = exportToUser ? userExporter(props, log) : null;
    try {
      write(user == null ? captured : captured.alsoTo(user), opsDone, runtimeMillis, status);
    } finally {
      closeQuietly(user, log);
    }
    return captured.metrics;
  }

  private static void write(
      MeasurementsExporter exporter, long opsDone, long runtimeMillis, StatusThread status) {
    try {
      exporter.write("OVERALL", "RunTime(ms)", runtimeMillis);
      double throughput = runtimeMillis == 0 ? 0 : 1000.0 * opsDone / runtimeMillis;
      exporter.write("OVERALL", "Throughput(ops/sec)", throughput);
      writeGarbageCollection(exporter, runtimeMillis);
      if (status != null && status.trackJVMStats()) {
        exporter.write("MAX_MEM_USED", "MBs", status.getMaxUsedMem());
        exporter.write("MIN_MEM_USED", "MBs", status.getMinUsedMem());
        exporter.write("MAX_THREADS", "Count", status.getMaxThreads());
        exporter.write("MIN_THREADS", "Count", status.getMinThreads());
        exporter.write("MAX_SYS_LOAD_AVG", "Load", status.getMaxLoadAvg());
        exporter.write("MIN_SYS_LOAD_AVG", "Load", status.getMinLoadAvg());
      }
      Measurements.getMeasurements().exportMeasurements(exporter);
    } catch (IOException e) {
      throw new IllegalStateException("exporting measurements failed", e);
    }
  }

  /** Collections and their time by collector, then the totals. */
  private static void writeGarbageCollection(MeasurementsExporter exporter, long runtimeMillis)
      throws IOException {
    long totalCount = 0;
    long totalMillis = 0;
    for (Map.Entry<String, Long[]> gc : Utils.getGCStatst().entrySet()) {
      long count = gc.getValue()[0];
      long millis = gc.getValue()[1];
      exporter.write("TOTAL_GCS_" + gc.getKey(), "Count", count);
      exporter.write("TOTAL_GC_TIME_" + gc.getKey(), "Time(ms)", millis);
      exporter.write("TOTAL_GC_TIME_%_" + gc.getKey(), "Time(%)", percent(millis, runtimeMillis));
      totalCount += count;
      totalMillis += millis;
    }
    exporter.write("TOTAL_GCs", "Count", totalCount);
    exporter.write("TOTAL_GC_TIME", "Time(ms)", totalMillis);
    exporter.write("TOTAL_GC_TIME_%", "Time(%)", percent(totalMillis, runtimeMillis));
  }

  private static double percent(long part, long whole) {
    return whole == 0 ? 0 : 100.0 * part / whole;
  }

  /** The exporter the properties name, on {@code exportfile} or standard output. */
  private static MeasurementsExporter userExporter(Properties props, PrintStream log)
      throws PhaseException {
    String file = props.getProperty("exportfile");
    OutputStream out;
    try {
      out = file == null ? nonClosing(System.out) : new FileOutputStream(file);
    } catch (IOException e) {
      throw new PhaseException(
          Reason.BAD_INPUT, "exportfile=" + file + " cannot be written: " + e.getMessage());
    }
    String name =
        props.getProperty("exporter", "site.ycsb.measurements.exporter.TextMeasurementsExporter");
    try {
      return (MeasurementsExporter)
          Class.forName(name).getConstructor(OutputStream.class).newInstance(out);
    } catch (ReflectiveOperationException | ClassCastException e) {
      log.println("Could not find exporter " + name + ", will use default text reporter.");
      return new TextMeasurementsExporter(out);
    }
  }

  private static void closeQuietly(MeasurementsExporter exporter, PrintStream log) {
    if (exporter != null) {
      try {
        exporter.close();
      } catch (IOException e) {
        log.println("[WARN] could not finish exporting measurements: " + e.getMessage());
      }
    }
  }

  /** Standard output, which closing the exporter must flush but not close. */
  private static OutputStream nonClosing(PrintStream out) {
    return new OutputStream() {
      @Override
      public void write(int b) {
        out.write(b);
      }

      @Override
      public void write(byte[] b, int off, int len) {
        out.write(b, off, len);
      }

      @Override
      public void flush() {
        out.flush();
      }

      @Override
      public void close() {
        out.flush();
      }
    };
  }
}
