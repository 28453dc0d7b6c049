package io.github.mongodbtiered.sweep;

import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.metrics.ClientCpu;
import io.github.mongodbtiered.metrics.ClientCpuUsage;
import io.github.mongodbtiered.metrics.DataSizes;
import io.github.mongodbtiered.metrics.ServerSnapshot;
import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import io.github.mongodbtiered.ycsb.PhaseException;
import io.github.mongodbtiered.ycsb.PhaseResult;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.IOException;
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
   */
  record Readings(
      PhaseResult result,
      ServerSnapshot before,
      long elapsedNanos,
      long startedMillis,
      ClientCpuUsage cpu) {}

  /**
   * What the server said once the run had ended.
   *
   * @param restarted why the server is not the one measured (it restarted during the run), or null
   */
  record After(ServerSnapshot counters, DataSizes sizes, String restarted) {}

  /** Runs the measured workload between two readings of the counters and the client's CPU. */
  static Readings measure(CellContext c, MongoDatabase db, Progress progress)
      throws PhaseException, IOException {
    ServerSnapshot before =
        c.readsServerFigures() ? new SnapshotReader(c.endpoint()).read(db) : NO_SERVER_FIGURES;
    ClientCpu cpuBefore = ClientCpu.now();
    long startedMillis = System.currentTimeMillis();
    long t0 = System.nanoTime();
    PhaseResult r =
        c.phases()
            .measure(c.endpoint().url(), c.recordCount(), c.profile().name(), c.repeat(), progress);
    long elapsedNanos = System.nanoTime() - t0;
    ClientCpuUsage cpu = ClientCpu.now().usageSince(cpuBefore, r.opsDone());
    return new Readings(r, before, elapsedNanos, startedMillis, cpu);
  }

  /**
   * The counters, the data sizes and the server's life after the run.
   *
   * @param lifeBefore the server's life before the warm-up, or null when this client reads none
   * @throws RuntimeException when the server does not answer
   */
  static After after(CellContext c, MongoDatabase db, ServerLife lifeBefore) {
    if (!c.readsServerFigures()) {
      return new After(NO_SERVER_FIGURES, DataSizes.from(new Document()), null);
    }
    ServerSnapshot counters = new SnapshotReader(c.endpoint()).read(db);
    String restarted = ServerLife.read(db).restartedSince(lifeBefore);
    return new After(counters, sizes(db, c.options().table()), restarted);
  }

  private static DataSizes sizes(MongoDatabase db, String table) {
    try {
      return DataSizes.from(db.runCommand(new Document("collStats", table)));
    } catch (RuntimeException e) {
      return DataSizes.from(db.runCommand(new Document("dbStats", 1)));
    }
  }
}
