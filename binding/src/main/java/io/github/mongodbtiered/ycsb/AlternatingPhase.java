package io.github.mongodbtiered.ycsb;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import org.HdrHistogram.HistogramLogWriter;

/**
 * One YCSB transaction phase whose client threads take turns between several servers ("arms"),
 * switching every slice, so that the host's drift falls on every arm alike: one client, one
 * workload, each arm's operations recorded apart. Each arm gets its own HdrHistogram logs (one
 * interval per slice of its own, stamped with the slice's times, in YCSB's log format and names)
 * and its own {@link PhaseResult}, whose runtime is the time the arm held the switch.
 *
 * <p>The slices start when the client threads do, the first arm first, and go round until every arm
 * held the switch for {@code armMillis}; then the phase is ended.
 */
public final class AlternatingPhase {
  private AlternatingPhase() {}

  /**
   * One arm: where its operations go, and where its logs go ({@code logPrefix + OPERATION +
   * ".hdr"}, as YCSB's {@code hdrhistogram.output.path}).
   */
  public record Arm(String url, Path logPrefix) {}

  /**
   * Runs the phase.
   *
   * @param props the phase's YCSB properties, as for one server (their own {@code db} and {@code
   *     mongodb.url} are replaced)
   * @param arms the arms in the order they take turns
   * @param sliceMillis how long each turn lasts
   * @param armMillis how long each arm is measured in all
   * @return each arm's result, in the order of {@code arms}
   * @throws PhaseException when the phase could not start, or ended before every arm had its time
   */
  public static List<PhaseResult> run(
      Properties props,
      List<Arm> arms,
      long sliceMillis,
      long armMillis,
      PrintStream log,
      Progress progress)
      throws PhaseException, IOException {
    if (sliceMillis < 1 || armMillis < sliceMillis) {
      throw new IllegalArgumentException(
          "slices of " + sliceMillis + " ms, " + armMillis + " ms an arm");
    }
    try (Alternation alternation = Alternation.open(arms.size());
        Logs logs = new Logs(arms)) {
      Properties p = properties(props, alternation, arms, armMillis);
      Slicer slicer =
          new Slicer(alternation, logs, operations(props), sliceMillis, armMillis, progress);
      Thread thread = new Thread(slicer, "alternation-slicer");
      thread.setDaemon(true);
      thread.start();
      try {
        PhaseRunner.run(p, false, log, slicer);
      } finally {
        slicer.stop();
        thread.interrupt();
        joinQuietly(thread);
      }
      return slicer.results();
    }
  }

  /** The phase's properties: this DB, the arms' URLs, no log of YCSB's own, a time bound. */
  private static Properties properties(
      Properties props, Alternation alternation, List<Arm> arms, long armMillis) {
    Properties p = new Properties();
    p.putAll(props);
    p.setProperty("db", AlternatingDb.class.getName());
    p.setProperty(Alternation.ID_PROPERTY, alternation.id());
    for (int i = 0; i < arms.size(); i++) {
      p.setProperty(Alternation.URL_PROPERTY_PREFIX + i, arms.get(i).url());
    }
    p.remove("mongodb.url");
    // The arms' own logs are written here; YCSB's (of all arms mixed) would only mislead.
    p.setProperty("hdrhistogram.fileoutput", "false");
    p.setProperty("status", "false");
    p.setProperty("operationcount", Integer.toString(Integer.MAX_VALUE));
    // A bound in case the slices never end (a switch that stopped): twice the planned time.
    long plannedSeconds = (armMillis * arms.size() + 999) / 1000;
    p.setProperty("maxexecutiontime", Long.toString(2 * plannedSeconds + 10));
    return p;
  }

  /**
   * The operation types the workload's proportions give (YCSB's CoreWorkload names and defaults):
   * each arm's log of each has an interval for every slice, even one where it did none of them.
   */
  static List<String> operations(Properties props) {
    boolean readModifyWrite = share(props, "readmodifywriteproportion", "0") > 0;
    List<String> ops = new ArrayList<>();
    if (share(props, "readproportion", "0.95") > 0 || readModifyWrite) {
      ops.add("READ");
    }
    if (share(props, "updateproportion", "0.05") > 0 || readModifyWrite) {
      ops.add("UPDATE");
    }
    if (share(props, "insertproportion", "0") > 0) {
      ops.add("INSERT");
    }
    if (share(props, "scanproportion", "0") > 0) {
      ops.add("SCAN");
    }
    return ops;
  }

  private static double share(Properties props, String name, String byDefault) {
    try {
      return Double.parseDouble(props.getProperty(name, byDefault).trim());
    } catch (NumberFormatException e) {
      return 0; // the workload refuses it itself, naming it
    }
  }

  /** Moves the switch and closes each slice, from when the client threads start. */
  private static final class Slicer implements Runnable, Progress {
    private final Alternation alternation;
    private final Logs logs;
    private final List<String> operations;
    private final long sliceNanos;
    private final long armNanos;
    private final Progress progress;
    private final CountDownLatch started = new CountDownLatch(1);
    private final long[] activeNanos;
    private final long[] ops;
    private final List<Map<String, Map<String, Long>>> outcomes = new ArrayList<>();
    private volatile boolean done;
    private volatile boolean stopped;
    private IOException failure;

    Slicer(
        Alternation alternation,
        Logs logs,
        List<String> operations,
        long sliceMillis,
        long armMillis,
        Progress progress) {
      this.alternation = alternation;
      this.logs = logs;
      this.operations = operations;
      this.sliceNanos = sliceMillis * 1_000_000L;
      this.armNanos = armMillis * 1_000_000L;
      this.progress = progress;
      this.activeNanos = new long[alternation.arms()];
      this.ops = new long[alternation.arms()];
      for (int i = 0; i < alternation.arms(); i++) {
        outcomes.add(new TreeMap<>());
      }
    }

    @Override
    public void update(long opsDone, long opsTotal, long elapsedMillis) {
      started.countDown(); // the first update comes as the client threads have started
      progress.update(opsDone, opsTotal, elapsedMillis);
    }

    @Override
    public boolean stopRequested() {
      return done || progress.stopRequested();
    }

    void stop() {
      stopped = true;
      started.countDown();
    }

    @Override
    public void run() {
      try {
        started.await();
        if (stopped) {
          return;
        }
        slices();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (IOException e) {
        failure = e;
      } finally {
        done = true;
      }
    }

    private void slices() throws IOException, InterruptedException {
      int arm = 0;
      alternation.activate(arm);
      long startNanos = System.nanoTime();
      long startMillis = System.currentTimeMillis();
      // Whatever the threads did before the first slice began is no slice's.
      alternation.close(arm, startMillis, startMillis, operations);
      while (!stopped && !everyArmHadItsTime()) {
        long left = startNanos + sliceNanos - System.nanoTime();
        if (left > 0) {
          // A timer, not a wait for readiness: the slice lasts this long.
          Thread.sleep(left / 1_000_000L, (int) (left % 1_000_000L));
        }
        long endNanos = System.nanoTime();
        long endMillis = System.currentTimeMillis();
        int next = (arm + 1) % alternation.arms();
        alternation.activate(next);
        activeNanos[arm] += endNanos - startNanos;
        Alternation.Slice s = alternation.close(arm, startMillis, endMillis, operations);
        logs.write(s);
        s.latencies().forEach((op, h) -> ops[s.arm()] += h.getTotalCount());
        s.outcomes()
            .forEach(
                (op, byStatus) ->
                    byStatus.forEach(
                        (status, n) ->
                            outcomes
                                .get(s.arm())
                                .computeIfAbsent(op, k -> new TreeMap<>())
                                .merge(status, n, Long::sum)));
        arm = next;
        startNanos = endNanos;
        startMillis = endMillis;
      }
    }

    private boolean everyArmHadItsTime() {
      for (long n : activeNanos) {
        if (n < armNanos) {
          return false;
        }
      }
      return true;
    }

    /**
     * Every arm's figures, once the phase has ended.
     *
     * @throws PhaseException when an arm did not get its time (the phase ended early)
     */
    List<PhaseResult> results() throws PhaseException, IOException {
      if (failure != null) {
        throw failure;
      }
      List<PhaseResult> results = new ArrayList<>();
      for (int i = 0; i < activeNanos.length; i++) {
        if (activeNanos[i] < armNanos) {
          throw new PhaseException(
              PhaseException.Reason.DB_INIT,
              String.format(
                  "the alternating run ended after %.1f s of turns of server %d of %d, before"
                      + " every server had its %.1f s",
                  activeNanos[i] / 1e9, i + 1, activeNanos.length, armNanos / 1e9));
        }
        results.add(result(i));
      }
      return results;
    }

    /** Arm {@code i}'s figures in YCSB's names: its operations over the time it held the switch. */
    PhaseResult result(int i) {
      long runtimeMillis = Math.round(activeNanos[i] / 1e6);
      List<PhaseResult.Metric> metrics = new ArrayList<>();
      metrics.add(new PhaseResult.Metric("OVERALL", "RunTime(ms)", runtimeMillis));
      metrics.add(
          new PhaseResult.Metric(
              "OVERALL",
              "Throughput(ops/sec)",
              runtimeMillis == 0 ? 0 : ops[i] * 1000.0 / runtimeMillis));
      outcomes
          .get(i)
          .forEach(
              (op, byStatus) -> {
                metrics.add(
                    new PhaseResult.Metric(
                        op,
                        "Operations",
                        byStatus.values().stream().mapToLong(Long::longValue).sum()));
                byStatus.forEach(
                    (status, n) -> metrics.add(new PhaseResult.Metric(op, "Return=" + status, n)));
              });
      return new PhaseResult(false, ops[i], runtimeMillis, metrics);
    }
  }

  /** Each arm's HdrHistogram logs, one per operation type, opened as its first slice comes. */
  private static final class Logs implements AutoCloseable {
    private final List<Arm> arms;
    private final Map<String, PrintStream> streams = new HashMap<>();
    private final Map<String, HistogramLogWriter> writers = new HashMap<>();

    Logs(List<Arm> arms) {
      this.arms = arms;
    }

    void write(Alternation.Slice s) throws IOException {
      for (Map.Entry<String, org.HdrHistogram.Histogram> e : s.latencies().entrySet()) {
        writer(s.arm(), e.getKey(), s.startMillis()).outputIntervalHistogram(e.getValue());
      }
    }

    private HistogramLogWriter writer(int arm, String op, long startMillis) throws IOException {
      String key = arm + "/" + op;
      HistogramLogWriter w = writers.get(key);
      if (w == null) {
        Path file = Path.of(arms.get(arm).logPrefix() + op + ".hdr");
        Files.createDirectories(file.toAbsolutePath().getParent());
        OutputStream out = Files.newOutputStream(file);
        PrintStream stream = new PrintStream(out, true);
        streams.put(key, stream);
        // As YCSB's HdrHistogramMeasurement starts its logs.
        w = new HistogramLogWriter(stream);
        w.outputLogFormatVersion();
        w.outputStartTime(startMillis);
        w.setBaseTime(startMillis);
        w.outputLegend();
        writers.put(key, w);
      }
      return w;
    }

    @Override
    public void close() {
      streams.values().forEach(PrintStream::close);
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
