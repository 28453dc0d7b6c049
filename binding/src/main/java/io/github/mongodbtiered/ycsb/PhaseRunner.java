package io.github.mongodbtiered.ycsb;

import io.github.mongodbtiered.ycsb.PhaseException.Reason;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.lang.reflect.Field;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.apache.htrace.core.HTraceConfiguration;
import org.apache.htrace.core.Tracer;
import site.ycsb.Client;
import site.ycsb.ClientThread;
import site.ycsb.DB;
import site.ycsb.DBException;
import site.ycsb.DBFactory;
import site.ycsb.StatusThread;
import site.ycsb.TerminatorThread;
import site.ycsb.UnknownDBException;
import site.ycsb.Utils;
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;
import site.ycsb.measurements.exporter.MeasurementsExporter;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * Runs one YCSB phase (load or transactions) in this JVM with YCSB's own client threads, workloads
 * and measurements, and returns what it measured. It follows {@code site.ycsb.Client} step for
 * step, with three differences: it returns instead of calling {@code System.exit}, it initialises
 * one DB instance on the calling thread first so that a server that cannot be reached stops the
 * phase with one clear message (not a stack trace per thread and a run of zero operations), and it
 * can be called again in the same JVM.
 *
 * <p>It knows nothing of the command line: callers pass the same properties {@code Client} takes
 * ({@code db}, {@code workload}, {@code dotransactions}, {@code threadcount}, {@code target},
 * {@code status}, {@code exporter}, {@code exportfile}, ...).
 */
public final class PhaseRunner {
  private PhaseRunner() {}

  /**
   * Runs the phase the properties describe.
   *
   * @param props YCSB properties, as {@code site.ycsb.Client} would have after parsing its command
   *     line
   * @param exportToUser also write the figures through the exporter the properties name (YCSB's
   *     text format on standard output by default), as {@code site.ycsb.Client} does
   * @param log where progress lines go (YCSB writes them to standard error)
   */
  public static PhaseResult run(Properties props, boolean exportToUser, PrintStream log)
      throws PhaseException {
    return run(props, exportToUser, log, Progress.NONE);
  }

  /** As {@link #run(Properties, boolean, PrintStream)}, reporting progress as it goes. */
  public static PhaseResult run(
      Properties props, boolean exportToUser, PrintStream log, Progress progress)
      throws PhaseException {
    if (!Client.checkRequiredProperties(props)) {
      throw new PhaseException(
          Reason.BAD_INPUT,
          "missing property: workload. Pass a workload file with -P (e.g. -P workloads/workloada)"
              + " or -p workload=site.ycsb.workloads.CoreWorkload");
    }
    boolean transactions = Boolean.parseBoolean(props.getProperty("dotransactions", "true"));
    int threadCount = positiveInt(props, "threadcount", "1");
    double target = nonNegativeDouble(props, "target", "0");
    long maxExecutionSeconds = (long) nonNegativeDouble(props, "maxexecutiontime", "0");
    String dbName = props.getProperty("db", "site.ycsb.BasicDB");
    int opCount = operationCount(props, transactions);
    checkExportFile(props);

    resetMeasurements(props);
    Workload workload = loadWorkload(props);
    Tracer tracer =
        new Tracer.Builder("YCSB " + workload.getClass().getSimpleName())
            .conf(HTraceConfiguration.fromMap(Collections.emptyMap()))
            .build();

    // Connect once up front: the binding shares one client, so the threads below reuse it.
    DB first = newRawDb(dbName, props);
    try {
      first.init();
    } catch (DBException e) {
      throw new PhaseException(Reason.DB_INIT, String.valueOf(e.getMessage()));
    }
    try {
      log.println(transactions ? "Starting test." : "Loading data.");
      CountDownLatch completeLatch = new CountDownLatch(threadCount);
      List<ClientThread> clients = new ArrayList<>();
      double targetPerThreadPerMs = target <= 0 ? -1 : target / threadCount / 1000.0;
      for (int i = 0; i < threadCount; i++) {
        DB db;
        try {
          db = DBFactory.newDB(dbName, props, tracer);
        } catch (UnknownDBException e) {
          throw new PhaseException(Reason.BAD_INPUT, "unknown DB class " + dbName);
        }
        int threadOps = opCount / threadCount + (i < opCount % threadCount ? 1 : 0);
        ClientThread t =
            new ClientThread(
                db, transactions, workload, props, threadOps, targetPerThreadPerMs, completeLatch);
        t.setThreadId(i);
        t.setThreadCount(threadCount);
        clients.add(t);
      }

      StatusThread status = null;
      if (Boolean.parseBoolean(props.getProperty("status", "false"))) {
        boolean standardStatus =
            "timeseries".equals(props.getProperty(Measurements.MEASUREMENT_TYPE_PROPERTY, ""));
        int interval = positiveInt(props, "status.interval", "10");
        boolean trackJvm =
            Boolean.parseBoolean(
                props.getProperty(
                    Measurements.MEASUREMENT_TRACK_JVM_PROPERTY,
                    Measurements.MEASUREMENT_TRACK_JVM_PROPERTY_DEFAULT));
        status =
            new StatusThread(
                completeLatch,
                clients,
                props.getProperty("label", ""),
                standardStatus,
                interval,
                trackJvm);
        status.start();
      }

      List<Thread> threads = new ArrayList<>();
      for (ClientThread c : clients) {
        threads.add(new Thread(c, "ycsb-client-" + threads.size()));
      }
      long start = System.currentTimeMillis();
      threads.forEach(Thread::start);
      Thread reporter = progressReporter(clients, opCount, start, progress);
      Thread terminator = null;
      if (maxExecutionSeconds > 0) {
        terminator = new TerminatorThread(maxExecutionSeconds, threads, workload);
        terminator.start();
      }
      long opsDone = 0;
      for (int i = 0; i < threads.size(); i++) {
        joinQuietly(threads.get(i));
        opsDone += clients.get(i).getOpsDone();
      }
      long end = System.currentTimeMillis();
      reporter.interrupt();
      joinQuietly(reporter);
      progress.update(opsDone, opCount, end - start);
      if (terminator != null && !terminator.isInterrupted()) {
        terminator.interrupt();
      }
      if (status != null) {
        status.interrupt(); // wakes it; every client has finished
        joinQuietly(status);
      }
      try {
        workload.cleanup();
      } catch (WorkloadException e) {
        log.println("[WARN] workload cleanup failed: " + e.getMessage());
      }

      // Exported once: YCSB's histograms hand out their interval data only once.
      CapturingExporter captured = new CapturingExporter();
      MeasurementsExporter user = exportToUser ? userExporter(props, log) : null;
      try {
        export(user == null ? captured : captured.alsoTo(user), opsDone, end - start, status);
      } finally {
        closeQuietly(user, log);
      }
      return new PhaseResult(!transactions, opsDone, end - start, captured.metrics);
    } finally {
      try {
        first.cleanup();
      } catch (DBException e) {
        log.println("[WARN] " + e.getMessage());
      }
    }
  }

  private static Thread progressReporter(
      List<ClientThread> clients, long total, long start, Progress progress) {
    Thread t =
        new Thread(
            () -> {
              while (!Thread.currentThread().isInterrupted()) {
                long done = 0;
                for (ClientThread c : clients) {
                  done += c.getOpsDone();
                }
                progress.update(done, total, System.currentTimeMillis() - start);
                try {
                  Thread.sleep(500);
                } catch (InterruptedException e) {
                  return;
                }
              }
            },
            "ycsb-progress");
    t.setDaemon(true);
    t.start();
    return t;
  }

  private static void export(
      MeasurementsExporter exporter, long opsDone, long runtimeMillis, StatusThread status) {
    try {
      exporter.write("OVERALL", "RunTime(ms)", runtimeMillis);
      double throughput = runtimeMillis == 0 ? 0 : 1000.0 * opsDone / runtimeMillis;
      exporter.write("OVERALL", "Throughput(ops/sec)", throughput);
      long totalCount = 0;
      long totalTime = 0;
      for (Map.Entry<String, Long[]> gc : Utils.getGCStatst().entrySet()) {
        long count = gc.getValue()[0];
        long time = gc.getValue()[1];
        exporter.write("TOTAL_GCS_" + gc.getKey(), "Count", count);
        exporter.write("TOTAL_GC_TIME_" + gc.getKey(), "Time(ms)", time);
        exporter.write("TOTAL_GC_TIME_%_" + gc.getKey(), "Time(%)", percent(time, runtimeMillis));
        totalCount += count;
        totalTime += time;
      }
      exporter.write("TOTAL_GCs", "Count", totalCount);
      exporter.write("TOTAL_GC_TIME", "Time(ms)", totalTime);
      exporter.write("TOTAL_GC_TIME_%", "Time(%)", percent(totalTime, runtimeMillis));
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

  private static double percent(long part, long whole) {
    return whole == 0 ? 0 : 100.0 * part / whole;
  }

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

  private static void closeQuietly(MeasurementsExporter exporter, PrintStream log) {
    if (exporter != null) {
      try {
        exporter.close();
      } catch (IOException e) {
        log.println("[WARN] could not finish exporting measurements: " + e.getMessage());
      }
    }
  }

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

  /**
   * YCSB keeps its measurements in a process-wide singleton that it never resets, because its own
   * client runs one phase per JVM. A second phase in the same JVM must start from zero.
   */
  private static void resetMeasurements(Properties props) {
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

  private static Workload loadWorkload(Properties props) throws PhaseException {
    String name = props.getProperty(Client.WORKLOAD_PROPERTY);
    Workload workload;
    try {
      workload = (Workload) Class.forName(name).getDeclaredConstructor().newInstance();
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new PhaseException(
          Reason.BAD_INPUT, "workload=" + name + " is not a YCSB workload class on the classpath");
    }
    try {
      workload.init(props);
    } catch (WorkloadException | RuntimeException e) {
      throw new PhaseException(
          Reason.BAD_INPUT, "the workload rejected its properties: " + e.getMessage());
    }
    return workload;
  }

  private static DB newRawDb(String dbName, Properties props) throws PhaseException {
    try {
      DB db = (DB) Class.forName(dbName).getDeclaredConstructor().newInstance();
      db.setProperties(props);
      return db;
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new PhaseException(Reason.BAD_INPUT, "db=" + dbName + " is not a YCSB DB class");
    }
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

  private static int positiveInt(Properties props, String name, String def) throws PhaseException {
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

  private static void joinQuietly(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** Keeps every figure YCSB exports, for the caller to read as data. */
  private static final class CapturingExporter implements MeasurementsExporter {
    final List<PhaseResult.Metric> metrics = new ArrayList<>();

    @Override
    public void write(String metric, String measurement, int i) {
      metrics.add(new PhaseResult.Metric(metric, measurement, i));
    }

    @Override
    public void write(String metric, String measurement, long i) {
      metrics.add(new PhaseResult.Metric(metric, measurement, i));
    }

    @Override
    public void write(String metric, String measurement, double d) {
      metrics.add(new PhaseResult.Metric(metric, measurement, d));
    }

    @Override
    public void close() {}

    /** This exporter and {@code other} together: both see every figure. */
    MeasurementsExporter alsoTo(MeasurementsExporter other) {
      CapturingExporter self = this;
      return new MeasurementsExporter() {
        @Override
        public void write(String metric, String measurement, int i) throws IOException {
          self.write(metric, measurement, i);
          other.write(metric, measurement, i);
        }

        @Override
        public void write(String metric, String measurement, long i) throws IOException {
          self.write(metric, measurement, i);
          other.write(metric, measurement, i);
        }

        @Override
        public void write(String metric, String measurement, double d) throws IOException {
          self.write(metric, measurement, d);
          other.write(metric, measurement, d);
        }

        @Override
        public void close() {}
      };
    }
  }
}
