package io.github.mongodbtiered.ycsb;

import io.github.mongodbtiered.binding.BindingOptions;
import io.github.mongodbtiered.binding.MongoDbTieredClient;
import io.github.mongodbtiered.ycsb.PhaseException.Reason;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
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
import site.ycsb.Workload;
import site.ycsb.WorkloadException;
import site.ycsb.measurements.Measurements;

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
 * {@code status}, {@code exporter}, {@code exportfile}, ...). {@link PhaseSettings} reads them;
 * {@link YcsbMeasurements} exports the figures; this class runs the threads.
 */
public final class PhaseRunner {
  private static final long PROGRESS_INTERVAL_MILLIS = 500;

  private final PhaseSettings settings;
  private final Properties props;
  private final Workload workload;
  private final Tracer tracer;
  private final Progress progress;

  private PhaseRunner(
      PhaseSettings settings, Properties props, Workload workload, Progress progress) {
    this.settings = settings;
    this.props = props;
    this.workload = workload;
    this.tracer =
        new Tracer.Builder("YCSB " + workload.getClass().getSimpleName())
            .conf(HTraceConfiguration.fromMap(Collections.emptyMap()))
            .build();
    this.progress = progress;
  }

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
    PhaseSettings settings = PhaseSettings.from(props);
    YcsbMeasurements.reset(props);
    checkBindingOptions(settings.dbClass(), props);
    GuardedWorkload workload = new GuardedWorkload(loadWorkload(props));
    PhaseRunner phase = new PhaseRunner(settings, props, workload, progress);

    // Connect once up front: the binding shares one client, so the threads below reuse it.
    DB first = newRawDb(settings.dbClass(), props);
    try {
      first.init();
    } catch (DBException e) {
      throw new PhaseException(Reason.DB_INIT, String.valueOf(e.getMessage()));
    }
    try {
      log.println(settings.transactions() ? "Starting test." : "Loading data.");
      PhaseResult result = phase.runClients(exportToUser, log);
      if (workload.failure() != null) {
        throw new PhaseException(
            Reason.BAD_INPUT,
            "the workload failed ("
                + workload.failure()
                + "): check its properties (fieldlength, fieldcount, distributions, ...)");
      }
      return result;
    } finally {
      try {
        first.cleanup();
      } catch (DBException e) {
        log.println("[WARN] " + e.getMessage());
      }
    }
  }

  /** Starts the client threads, waits for them, and exports what they measured. */
  private PhaseResult runClients(boolean exportToUser, PrintStream log) throws PhaseException {
    CountDownLatch completeLatch = new CountDownLatch(settings.threadCount());
    List<ClientThread> clients = clientThreads(completeLatch);
    StatusThread status = startStatusThread(completeLatch, clients);
    List<Thread> threads = new ArrayList<>();
    for (ClientThread c : clients) {
      threads.add(new Thread(c, "ycsb-client-" + threads.size()));
    }
    long startMillis = System.currentTimeMillis();
    threads.forEach(Thread::start);
    Thread reporter = startProgressReporter(clients, startMillis);
    Thread terminator = startTerminator(threads);
    long opsDone = 0;
    for (int i = 0; i < threads.size(); i++) {
      joinQuietly(threads.get(i));
      opsDone += clients.get(i).getOpsDone();
    }
    long runtimeMillis = System.currentTimeMillis() - startMillis;
    reporter.interrupt();
    joinQuietly(reporter);
    progress.update(opsDone, settings.operationCount(), runtimeMillis);
    if (terminator != null) {
      // Joined, so that its "TerminatorThread interrupted" goes to this phase's log while it is
      // still the process's standard error, not to the user's console after the phase.
      terminator.interrupt();
      joinQuietly(terminator);
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
    List<PhaseResult.Metric> metrics =
        YcsbMeasurements.export(props, exportToUser, log, opsDone, runtimeMillis, status);
    return new PhaseResult(!settings.transactions(), opsDone, runtimeMillis, metrics);
  }

  private List<ClientThread> clientThreads(CountDownLatch completeLatch) throws PhaseException {
    List<ClientThread> clients = new ArrayList<>();
    for (int i = 0; i < settings.threadCount(); i++) {
      DB db;
      try {
        db = DBFactory.newDB(settings.dbClass(), props, tracer);
      } catch (UnknownDBException e) {
        throw new PhaseException(Reason.BAD_INPUT, "unknown DB class " + settings.dbClass());
      }
      ClientThread t =
          new ClientThread(
              db,
              settings.transactions(),
              workload,
              props,
              settings.operationsOfThread(i),
              settings.targetPerThreadPerMilli(),
              completeLatch);
      t.setThreadId(i);
      t.setThreadCount(settings.threadCount());
      clients.add(t);
    }
    return clients;
  }

  /**
   * YCSB's status thread when {@code status=true}, else null. Its properties are read only then, as
   * {@code site.ycsb.Client} reads them.
   */
  private StatusThread startStatusThread(CountDownLatch completeLatch, List<ClientThread> clients)
      throws PhaseException {
    if (!Boolean.parseBoolean(props.getProperty("status", "false"))) {
      return null;
    }
    boolean standardStatus =
        "timeseries".equals(props.getProperty(Measurements.MEASUREMENT_TYPE_PROPERTY, ""));
    int intervalSeconds = PhaseSettings.positiveInt(props, "status.interval", "10");
    boolean trackJvm =
        Boolean.parseBoolean(
            props.getProperty(
                Measurements.MEASUREMENT_TRACK_JVM_PROPERTY,
                Measurements.MEASUREMENT_TRACK_JVM_PROPERTY_DEFAULT));
    StatusThread status =
        new StatusThread(
            completeLatch,
            clients,
            props.getProperty("label", ""),
            standardStatus,
            intervalSeconds,
            trackJvm);
    status.start();
    return status;
  }

  /** YCSB's terminator when {@code maxexecutiontime} is set, else null. */
  private Thread startTerminator(List<Thread> threads) {
    if (settings.maxExecutionSeconds() <= 0) {
      return null;
    }
    Thread terminator = new TerminatorThread(settings.maxExecutionSeconds(), threads, workload);
    terminator.start();
    return terminator;
  }

  private Thread startProgressReporter(List<ClientThread> clients, long startMillis) {
    long total = settings.operationCount();
    Thread t =
        new Thread(
            () -> {
              while (!Thread.currentThread().isInterrupted()) {
                long done = 0;
                for (ClientThread c : clients) {
                  done += c.getOpsDone();
                }
                progress.update(done, total, System.currentTimeMillis() - startMillis);
                if (progress.stopRequested()) {
                  workload.requestStop(); // the client threads check it before each operation
                }
                try {
                  Thread.sleep(PROGRESS_INTERVAL_MILLIS);
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

  /**
   * This binding's own properties, checked before connecting: a bad one is bad input, not a server
   * that could not be reached.
   */
  private static void checkBindingOptions(String dbClass, Properties props) throws PhaseException {
    if (dbClass.equals(MongoDbTieredClient.class.getName())) {
      try {
        BindingOptions.from(props);
      } catch (IllegalArgumentException e) {
        throw new PhaseException(Reason.BAD_INPUT, e.getMessage());
      }
    }
  }

  private static DB newRawDb(String dbClass, Properties props) throws PhaseException {
    try {
      DB db = (DB) Class.forName(dbClass).getDeclaredConstructor().newInstance();
      db.setProperties(props);
      return db;
    } catch (ReflectiveOperationException | ClassCastException e) {
      throw new PhaseException(Reason.BAD_INPUT, "db=" + dbClass + " is not a YCSB DB class");
    }
  }

  private static void joinQuietly(Thread t) {
    try {
      t.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
