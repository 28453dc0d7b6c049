package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.binding.MongoDbTieredClient;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.ycsb.AlternatingPhase;
import io.github.mongodbtiered.ycsb.PhaseException;
import io.github.mongodbtiered.ycsb.PhaseResult;
import io.github.mongodbtiered.ycsb.PhaseRunner;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import site.ycsb.DBException;

/**
 * The sweep's YCSB phases (load, warm-up, measured run), typed: the only place where record counts,
 * threads and durations become YCSB properties. YCSB's own console chatter (a "DBWrapper" line per
 * thread, the terminator's messages) goes to {@code ycsb.log} in the report directory rather than
 * the user's terminal, where the progress bars are.
 */
final class YcsbPhases {
  /** One phase at a time in this JVM: System.out and System.err are swapped for the log. */
  private static final Object CONSOLE = new Object();

  private final Workload workload;
  private final MeasuredRuns runs;
  private final Loading loading;
  private final ReportLayout layout;

  /**
   * @param outDir the report directory: the logs and {@code ycsb.log} go there
   */
  YcsbPhases(Workload workload, MeasuredRuns runs, Loading loading, Path outDir) {
    this.workload = workload;
    this.runs = runs;
    this.loading = loading;
    this.layout = new ReportLayout(outDir);
  }

  /** The phases of a sweep with these options. */
  static YcsbPhases of(SweepOptions options) {
    return new YcsbPhases(options.workload(), options.runs(), options.loading(), options.outDir());
  }

  /**
   * Inserts keys {@code fromRecords .. toRecords-1}.
   *
   * @param upsert rewrite keys that exist (a load interrupted mid-step left some behind)
   */
  PhaseResult load(String url, long fromRecords, long toRecords, boolean upsert, Progress progress)
      throws PhaseException, IOException {
    Properties p = base(url, toRecords);
    p.setProperty("dotransactions", "false");
    p.setProperty("insertstart", Long.toString(fromRecords));
    p.setProperty("insertcount", Long.toString(toRecords - fromRecords));
    p.setProperty("threadcount", Integer.toString(loading.threads()));
    p.setProperty("batchsize", Integer.toString(loading.batchSize()));
    p.setProperty("mongodb.upsert", Boolean.toString(upsert));
    p.setProperty("hdrhistogram.fileoutput", "false");
    p.remove("maxexecutiontime");
    return run("load " + fromRecords + "-" + toRecords, p, progress);
  }

  /**
   * The workload over {@code recordCount} records for {@code seconds}, left out of the cell's
   * figures; its HdrHistogram logs, one interval a second, go to {@code histograms/warmup/} for the
   * cell's time series only (an earlier attempt's are removed first).
   */
  PhaseResult warmUp(
      String url, long recordCount, String profile, double seconds, Progress progress)
      throws PhaseException, IOException {
    Properties p = transactions(url, recordCount, 0, seconds);
    Files.createDirectories(layout.warmupHistograms());
    layout.deleteWarmupHistogramsOf(recordCount, profile);
    perSecondLogs(p, layout.warmupHistogramOutputPrefix(recordCount, profile));
    return run("warm-up " + recordCount + " x " + profile, p, progress);
  }

  /**
   * The cell's {@code repeat}th measured run (1 for the first), with HdrHistogram logs per
   * operation under {@code histograms/} in that repeat's names, one interval a second. Logs of an
   * earlier attempt never mix in: the first run removes every log of the cell, a later one its own.
   * With {@code --target}, at that rate and with intended-time logs beside them. The warm-up stays
   * a closed loop: it fills the caches, which takes reads, not a schedule.
   */
  PhaseResult measure(String url, long recordCount, String profile, int repeat, Progress progress)
      throws PhaseException, IOException {
    Properties p = transactions(url, recordCount, runs.operations(), runs.seconds());
    perSecondLogs(p, freshRunLogs(recordCount, profile, repeat));
    if (runs.targetOpsPerSec() > 0) {
      // An open loop: each client thread keeps a schedule, and YCSB logs every operation's latency
      // from its scheduled start too (Intended-READ, ...), queueing behind a slow server included.
      p.setProperty("target", BigDecimal.valueOf(runs.targetOpsPerSec()).toPlainString());
      p.setProperty("measurement.interval", "both");
    }
    return run(
        "run " + recordCount + " x " + profile + (repeat > 1 ? " repeat " + repeat : ""),
        p,
        progress);
  }

  /**
   * The measured runs of one cell on several servers at once: one client, whose threads switch
   * between the servers every {@code sliceMillis}, each server holding them for {@code --seconds}
   * in all ({@link AlternatingPhase}). Each server's logs go to its own report, one interval per
   * turn, in the names {@link #measure} gives; the console chatter to the first report's log.
   *
   * @param arms each server's phases (its report), in the order they take turns
   * @param urls each server's URL, in that order
   * @return each server's result, in that order
   */
  static List<PhaseResult> measureAlternating(
      List<YcsbPhases> arms,
      List<String> urls,
      long recordCount,
      String profile,
      int repeat,
      long sliceMillis,
      Progress progress)
      throws PhaseException, IOException {
    YcsbPhases first = arms.get(0);
    Properties p = first.transactions(urls.get(0), recordCount, 0, first.runs.seconds());
    List<AlternatingPhase.Arm> list = new ArrayList<>();
    for (int i = 0; i < arms.size(); i++) {
      list.add(
          new AlternatingPhase.Arm(
              urls.get(i), arms.get(i).freshRunLogs(recordCount, profile, repeat)));
    }
    long armMillis = Math.round(first.runs.seconds() * 1000);
    return first.logged(
        "run " + recordCount + " x " + profile + " alternating, round " + repeat,
        log -> AlternatingPhase.run(p, list, sliceMillis, armMillis, log, progress));
  }

  /**
   * Where the logs of the cell's {@code repeat}th measured run go ({@code
   * hdrhistogram.output.path}), an earlier attempt's removed: the first run removes every log of
   * the cell, a later one its own.
   */
  private Path freshRunLogs(long recordCount, String profile, int repeat) throws IOException {
    Files.createDirectories(layout.histograms());
    if (repeat == 1) {
      layout.deleteHistogramsOf(recordCount, profile);
    } else {
      layout.deleteHistogramsOf(recordCount, profile, repeat);
    }
    return layout.histogramOutputPrefix(recordCount, profile, repeat);
  }

  /** HdrHistogram logs per operation at {@code prefix}, one interval a second. */
  private static void perSecondLogs(Properties p, Path prefix) {
    p.setProperty("measurementtype", "hdrhistogram");
    p.setProperty("hdrhistogram.fileoutput", "true");
    // YCSB's status thread closes an interval of each log on every report: one a second gives the
    // per-second series the cell's variation and time series are read from.
    p.setProperty("status", "true");
    p.setProperty("status.interval", "1");
    p.setProperty("hdrhistogram.output.path", prefix.toString());
  }

  /**
   * Holds the binding's shared client for the cell's server open until the handle is closed, so
   * that the warm-up and the measured run share one client and its connection pool: each phase
   * alone builds its own and closes it at its end, and the measured run's first seconds then pay
   * for a new client and its connections (they ran 30-50% below the warm-up's end).
   */
  AutoCloseable holdClient(String url, long recordCount) throws PhaseException, IOException {
    MongoDbTieredClient db = new MongoDbTieredClient();
    db.setProperties(transactions(url, recordCount, 0, 0));
    synchronized (CONSOLE) {
      Files.createDirectories(layout.dir());
      PrintStream err = System.err;
      try (PrintStream log =
          new PrintStream(new FileOutputStream(layout.ycsbLog().toFile(), true), true)) {
        System.setErr(log); // the binding says where it connected
        db.init();
      } catch (DBException e) {
        throw new PhaseException(PhaseException.Reason.DB_INIT, String.valueOf(e.getMessage()));
      } finally {
        System.setErr(err);
      }
    }
    return db::cleanup;
  }

  private Properties transactions(String url, long recordCount, long operations, double seconds) {
    Properties p = base(url, recordCount);
    p.setProperty("dotransactions", "true");
    p.setProperty("threadcount", Integer.toString(workload.threads()));
    p.remove("insertstart");
    p.remove("insertcount");
    p.setProperty("operationcount", Long.toString(operations > 0 ? operations : Integer.MAX_VALUE));
    if (seconds > 0) {
      p.setProperty("maxexecutiontime", Long.toString((long) Math.ceil(seconds)));
    } else {
      p.remove("maxexecutiontime");
    }
    return p;
  }

  private Properties base(String url, long recordCount) {
    Properties p = new Properties();
    p.putAll(workload.properties());
    p.setProperty("db", MongoDbTieredClient.class.getName());
    p.setProperty("mongodb.url", url);
    p.setProperty("recordcount", Long.toString(recordCount));
    return p;
  }

  private PhaseResult run(String title, Properties props, Progress progress)
      throws PhaseException, IOException {
    return logged(title, log -> PhaseRunner.run(props, false, log, progress));
  }

  /** A phase run with this JVM's standard output and error going to {@code ycsb.log}. */
  @FunctionalInterface
  private interface LoggedPhase<T> {
    T run(PrintStream log) throws PhaseException, IOException;
  }

  private <T> T logged(String title, LoggedPhase<T> phase) throws PhaseException, IOException {
    synchronized (CONSOLE) {
      Files.createDirectories(layout.dir());
      PrintStream out = System.out;
      PrintStream err = System.err;
      try (PrintStream log =
          new PrintStream(new FileOutputStream(layout.ycsbLog().toFile(), true), true)) {
        log.println("=== " + title);
        System.setOut(log);
        System.setErr(log);
        return phase.run(log);
      } finally {
        System.setOut(out);
        System.setErr(err);
      }
    }
  }
}
