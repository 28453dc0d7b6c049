package io.github.mongodbtiered.sweep;

import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.metrics.ClientCpu;
import io.github.mongodbtiered.metrics.ClientCpuUsage;
import io.github.mongodbtiered.metrics.DataSizes;
import io.github.mongodbtiered.metrics.ServerSnapshot;
import io.github.mongodbtiered.metrics.SizesSource;
import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import io.github.mongodbtiered.ycsb.PhaseException;
import io.github.mongodbtiered.ycsb.PhaseResult;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * The measured run of one cell: the server's counters and the client's CPU read just before it
 * starts and just after it ends, nothing else in between, so that the figures derived from them
 * describe the run alone.
 */
final class MeasuredRun {
  /** Counters of a client that reads none of the server's: every figure from them is unknown. */
  private static final ServerSnapshot NO_SERVER_FIGURES =
      new ServerSnapshot(WiredTigerCacheStats.from(new Document()), null, null, null, null);

  private MeasuredRun() {}

  /**
   * What the run did and what was read around it.
   *
   * @param startedMillis when the run started, ms since the epoch
   * @param cpu the client's CPU over the run, read as soon as it ended
   * @param failure why the run failed (YCSB's phase did), or null; then nothing else is known
   */
  record Readings(
      PhaseResult result,
      ServerSnapshot before,
      long elapsedNanos,
      long startedMillis,
      ClientCpuUsage cpu,
      String failure) {
    static Readings failed(String why) {
      return new Readings(null, null, 0, 0, null, why);
    }

    boolean failed() {
      return failure != null;
    }
  }

  /**
   * What the server said once the run had ended.
   *
   * @param restarted why the server is not the one measured (it restarted during the run), or null
   * @param sizesFallback why the better sources of the sizes failed, or null
   * @param failure why nothing could be read (the server stopped answering), or null; then nothing
   *     else is known
   */
  record After(
      ServerSnapshot counters,
      DataSizes sizes,
      String restarted,
      String sizesFallback,
      String failure) {
    boolean failed() {
      return failure != null;
    }
  }

  /**
   * Runs the measured workload between two readings of the counters and the client's CPU; a run
   * YCSB's phase failed is a failed reading.
   */
  static Readings measure(CellContext c, MongoDatabase db, Progress progress) throws IOException {
    try {
      return measureOrThrow(c, db, progress);
    } catch (PhaseException e) {
      return Readings.failed(e.getMessage());
    }
  }

  private static Readings measureOrThrow(CellContext c, MongoDatabase db, Progress progress)
      throws PhaseException, IOException {
    ServerSnapshot before = counters(c, db);
    ClientCpu cpuBefore = ClientCpu.now();
    long startedMillis = System.currentTimeMillis();
    long t0 = System.nanoTime();
    PhaseResult r =
        c.phases()
            .measure(
                c.endpoint().url(),
                c.recordCount(),
                c.profile().name(),
                c.repeat(),
                PreciseEnough.watching(progress, c.options()));
    long elapsedNanos = System.nanoTime() - t0;
    ClientCpuUsage cpu = ClientCpu.now().usageSince(cpuBefore, r.opsDone());
    return new Readings(r, before, elapsedNanos, startedMillis, cpu, null);
  }

  /**
   * The measured runs of several cells at once, one client switching between their servers every
   * {@code sliceMillis} ({@link YcsbPhases#measureAlternating}): each cell's counters read before
   * the run, each run's time the time its server held the client, and the client's CPU over the
   * whole alternation, each operation's share alike. A run that failed fails every cell's reading.
   *
   * @param cells the cells in the order they take turns
   * @param dbs each cell's server
   */
  static List<Readings> measureAlternating(
      List<CellContext> cells, List<MongoDatabase> dbs, long sliceMillis, Progress progress)
      throws IOException {
    List<ServerSnapshot> before = new ArrayList<>();
    for (int i = 0; i < cells.size(); i++) {
      before.add(counters(cells.get(i), dbs.get(i)));
    }
    ClientCpu cpuBefore = ClientCpu.now();
    long startedMillis = System.currentTimeMillis();
    List<PhaseResult> results;
    try {
      results =
          YcsbPhases.measureAlternating(
              cells.stream().map(CellContext::phases).toList(),
              cells.stream().map(c -> c.endpoint().url()).toList(),
              cells.get(0).recordCount(),
              cells.get(0).profile().name(),
              cells.get(0).repeat(),
              sliceMillis,
              progress);
    } catch (PhaseException e) {
      return cells.stream().map(c -> Readings.failed(e.getMessage())).toList();
    }
    long ops = results.stream().mapToLong(PhaseResult::opsDone).sum();
    ClientCpuUsage cpu = ClientCpu.now().usageSince(cpuBefore, ops);
    List<Readings> readings = new ArrayList<>();
    for (int i = 0; i < cells.size(); i++) {
      PhaseResult r = results.get(i);
      readings.add(
          new Readings(r, before.get(i), r.runtimeMillis() * 1_000_000L, startedMillis, cpu, null));
    }
    return readings;
  }

  /** The server's counters now, or none when this client reads none of the server's. */
  private static ServerSnapshot counters(CellContext c, MongoDatabase db) {
    return c.readsServerFigures()
        ? new SnapshotReader(c.endpoint(), new ShardReader(c.options().server().shardUrls()))
            .read(db)
        : NO_SERVER_FIGURES;
  }

  /**
   * The counters, the data sizes and the server's life after the run; a server that does not answer
   * is a failed reading.
   *
   * @param lifeBefore the server's life before the warm-up, or null when this client reads none
   */
  static After after(CellContext c, MongoDatabase db, ServerLife lifeBefore) {
    try {
      return read(c, db, lifeBefore);
    } catch (RuntimeException e) {
      return new After(
          null, null, null, null, "the server stopped answering after the run: " + Messages.of(e));
    }
  }

  private static After read(CellContext c, MongoDatabase db, ServerLife lifeBefore) {
    if (!c.readsServerFigures()) {
      return new After(NO_SERVER_FIGURES, DataSizes.none(), null, null, null);
    }
    ServerSnapshot counters = counters(c, db);
    String restarted = ServerLife.read(db).restartedSince(lifeBefore);
    if (restarted == null) {
      restarted = ServerLife.processGone(c.endpoint());
    }
    List<String> failures = new ArrayList<>();
    // The in-JVM stand-in has no $collStats stage, and its wire handler prints each refusal with
    // a stack trace into the user's console: it is asked collStats, which it answers in full.
    DataSizes sizes = sizes(db, c.workload().table(), !c.serverInThisJvm(), failures);
    return new After(
        counters, sizes, restarted, failures.isEmpty() ? null : String.join("; ", failures), null);
  }

  /**
   * The sizes from the {@code $collStats} stage (the supported way, which also sums a sharded
   * collection's shards), else the deprecated {@code collStats}, else {@code dbStats}, whose
   * whole-database sizes have no live bytes. Each failure is kept for the cell's note: falling back
   * changes what the prediction compares.
   */
  static DataSizes sizes(MongoDatabase db, String table, boolean askStage, List<String> failures) {
    DataSizes fromStage = askStage ? fromStage(db, table, failures) : null;
    if (fromStage != null) {
      return fromStage;
    }
    try {
      return DataSizes.from(
          db.runCommand(new Document("collStats", table)), SizesSource.COLL_STATS);
    } catch (RuntimeException e) {
      failures.add("collStats failed: " + Messages.of(e));
    }
    return DataSizes.from(db.runCommand(new Document("dbStats", 1)), SizesSource.DB_STATS);
  }

  /** The sizes from the {@code $collStats} stage, or null with the reason in {@code failures}. */
  private static DataSizes fromStage(MongoDatabase db, String table, List<String> failures) {
    try {
      List<Document> replies =
          db.getCollection(table)
              .aggregate(
                  List.of(new Document("$collStats", new Document("storageStats", new Document()))))
              .into(new ArrayList<>());
      DataSizes s = DataSizes.fromCollStatsStage(replies);
      if (s == null) {
        failures.add("$collStats gave no storageStats");
      }
      return s;
    } catch (RuntimeException e) {
      failures.add("$collStats failed: " + Messages.of(e));
      return null;
    }
  }
}
