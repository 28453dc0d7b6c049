package io.github.mongodbtiered.standin.wiredtiger;

import de.bwaldvogel.mongo.MongoDatabase;
import de.bwaldvogel.mongo.backend.AbstractMongoBackend;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.wire.message.MongoMessage;
import de.bwaldvogel.mongo.wire.message.MongoQuery;
import io.github.mongodbtiered.standin.ExtraCost;
import io.github.mongodbtiered.standin.WiredTigerOptions;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * mongo-java-server's storage on WiredTiger, the engine mongod uses, configured as mongod
 * configures it (journal on, snappy, fast statistics, 4 eviction threads). Only {@link
 * io.github.mongodbtiered.standin.WiredTigerEngine} loads this class (see there why).
 */
public final class WiredTigerBackend extends AbstractMongoBackend {
  private final Engine engine;
  private final Catalog catalog;
  private final Thread journal;
  private final WiredTigerOptions options;
  private final ExtraCost extraCost;
  private boolean closed;

  private WiredTigerBackend(Engine engine, WiredTigerOptions options) {
    this.engine = engine;
    this.options = options;
    this.extraCost = new ExtraCost(options.extraCostMicros());
    this.catalog = new Catalog(engine, options);
    dropOrphanTables();
    if (!catalog.takeCleanShutdownMark()) {
      recountCollections();
    }
    for (String name : catalog.databaseNames()) {
      resolveDatabase(name);
    }
    journal = new Thread(this::syncJournal, "standin-wiredtiger-journal");
    journal.setDaemon(true);
    journal.start();
  }

  /**
   * Opens (or creates) the engine's files in {@code dbpath}.
   *
   * @param extensions the extensions to load, comma-separated paths (snappy's among them)
   */
  public static WiredTigerBackend open(Path dbpath, WiredTigerOptions options, String extensions) {
    try {
      // WiredTiger does not create its log directory (mongod does, as here).
      java.nio.file.Files.createDirectories(dbpath.resolve("journal"));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException("cannot create " + dbpath.resolve("journal"), e);
    }
    Engine engine;
    try {
      engine = new Engine(dbpath.toString(), connectionConfig(options, extensions));
    } catch (com.wiredtiger.db.WiredTigerException e) {
      // WiredTiger prints the details (e.g. the unknown setting) on stderr just before.
      throw new IllegalStateException(
          "WiredTiger could not open --dbpath "
              + dbpath
              + ": "
              + e.getMessage()
              + (options.engineConfig().isBlank()
                  ? ""
                  : "; check --wiredTigerEngineConfigString \"" + options.engineConfig() + "\""),
          e);
    }
    try {
      return new WiredTigerBackend(engine, options);
    } catch (RuntimeException e) {
      engine.close();
      throw e;
    }
  }

  /** mongod's {@code wiredtiger_open} settings, the user's engine config string last. */
  static String connectionConfig(WiredTigerOptions options, String extensions) {
    String config =
        "create,cache_size="
            + Math.max(1, options.cacheBytes() >> 20)
            + "M,session_max=33000,eviction=(threads_min=4,threads_max=4),"
            + "statistics=(fast),extensions=["
            + extensions
            + "],log=(enabled=true,archive=true,path=journal,compressor=snappy),"
            + "checkpoint=(wait="
            + options.syncDelaySeconds()
            + "),file_manager=(close_idle_time=100000,close_scan_interval=10,"
            + "close_handle_minimum=250)";
    return options.engineConfig().isBlank() ? config : config + "," + options.engineConfig();
  }

  /** Tables left by drops that had not finished when the server stopped. */
  private void dropOrphanTables() {
    Set<String> live = catalog.liveTables();
    Set<String> all = new HashSet<>();
    for (String key : engine.metadataKeys()) {
      if (key.startsWith("table:")) {
        all.add(key);
      }
    }
    all.removeAll(live);
    all.forEach(engine::drop);
  }

  /**
   * After a crash the saved counts and sizes may be stale (they are saved every second): count
   * again from the tables, where each value's length is the document's BSON size.
   */
  private void recountCollections() {
    for (String uri : catalog.collectionTables()) {
      long[] countAndBytes = {0, 0};
      engine.scan(
          uri,
          null,
          (k, v) -> {
            countAndBytes[0]++;
            countAndBytes[1] += v.length;
            return true;
          });
      catalog.saveSizes(uri, countAndBytes[0] + " " + countAndBytes[1]);
    }
  }

  /**
   * Syncs the journal every {@code journalCommitInterval} (mongod's group commit), and now and then
   * saves collection counts and sizes and finishes pending drops.
   */
  private void syncJournal() {
    long lastHousekeeping = System.nanoTime();
    try {
      while (!Thread.currentThread().isInterrupted()) {
        TimeUnit.MILLISECONDS.sleep(options.journalCommitIntervalMillis());
        engine.logFlush();
        if (System.nanoTime() - lastHousekeeping > TimeUnit.SECONDS.toNanos(1)) {
          saveSizes();
          engine.retryDrops();
          lastHousekeeping = System.nanoTime();
        }
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (IllegalStateException e) {
      // The engine was closed under us: nothing left to sync.
    } catch (com.wiredtiger.db.WiredTigerException e) {
      // A panic (a full disk, say): WiredTiger has printed why, and every request now fails
      // with it; one line here, not a thread's stack trace.
      System.err.println("stand-in: journal sync stopped: " + e.getMessage());
    }
  }

  private void saveSizes() {
    for (String name : listDatabaseNames()) {
      MongoDatabase db = resolveDatabase(name);
      if (db instanceof WiredTigerDatabase wt) {
        for (WiredTigerCollection c : wt.openCollections()) {
          String sizes = c.sizesToSave();
          if (sizes != null) {
            catalog.saveSizes(c.uri(), sizes);
          }
        }
      }
    }
  }

  @Override
  protected MongoDatabase openOrCreateDatabase(String databaseName) {
    return new WiredTigerDatabase(databaseName, engine, catalog, getCursorRegistry());
  }

  // Every request (OP_MSG, and OP_QUERY for the handshake) runs between the engine's enter and
  // exit, so that closing the engine (a Ctrl-C's shutdown hook) waits for requests in flight
  // instead of freeing WiredTiger under them. Each OP_MSG (every command of today's drivers) and
  // OP_QUERY on a collection is an operation and pays the extra cost; an OP_QUERY command (a
  // connection's opening handshake) goes to handleCommand directly and does not.

  @Override
  public Document handleMessage(MongoMessage message) {
    engine.enter();
    try {
      extraCost.spend();
      return super.handleMessage(message);
    } finally {
      engine.exit();
    }
  }

  @Override
  public QueryResult handleQuery(MongoQuery query) {
    engine.enter();
    try {
      extraCost.spend();
      return super.handleQuery(query);
    } finally {
      engine.exit();
    }
  }

  @Override
  public Document getServerStatus() {
    Document status = super.getServerStatus();
    status.put(
        "storageEngine",
        new Document("name", "wiredTiger")
            .append("supportsCommittedReads", true)
            .append("persistent", true)
            .append("backupCursorOpen", false));
    status.put("wiredTiger", wiredTigerSection());
    // Not in mongod's reply: this server runs on a JVM whose JIT compiler warms up with every cold
    // start, and a client judging whether the server is warm needs to see it work.
    CompilationMXBean jit = ManagementFactory.getCompilationMXBean();
    if (jit != null && jit.isCompilationTimeMonitoringSupported()) {
      status.put("jvm", new Document("compilationTimeMillis", jit.getTotalCompilationTime()));
    }
    return status;
  }

  /**
   * The engine's own statistics, named as mongod names them: WiredTiger's description "cache: bytes
   * read into cache" becomes field "bytes read into cache" of section "cache".
   */
  Document wiredTigerSection() {
    Document section = new Document("uri", "statistics:");
    for (Map.Entry<String, Long> stat : engine.statistics("statistics:", null).entrySet()) {
      String description = stat.getKey();
      int colon = description.indexOf(": ");
      String group = colon < 0 ? "other" : description.substring(0, colon);
      String field = colon < 0 ? description : description.substring(colon + 2);
      Object existing = section.get(group);
      Document groupDoc;
      if (existing instanceof Document d) {
        groupDoc = d;
      } else {
        groupDoc = new Document();
        section.put(group, groupDoc);
      }
      groupDoc.put(field, stat.getValue());
    }
    return section;
  }

  @Override
  public synchronized void close() {
    if (closed) {
      return;
    }
    closed = true;
    journal.interrupt();
    try {
      journal.join(5_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    try {
      saveSizes();
      catalog.markCleanShutdown();
      super.close();
    } finally {
      engine.close();
    }
  }
}
