package io.github.mongodbtiered.standin;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.QueryResult;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.bson.Document;
import de.bwaldvogel.mongo.wire.message.MongoMessage;
import de.bwaldvogel.mongo.wire.message.MongoQuery;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.h2.mvstore.MVStore;

/**
 * A MongoDB wire-protocol stand-in: mongo-java-server on WiredTiger (the storage engine mongod
 * uses, by default) or on H2's MVStore ({@code --storageEngine h2}), persisting under {@code
 * --dbpath}. It is not MongoDB (no query planner, no replication); it exists so the toolkit can be
 * exercised, with real WiredTiger cache statistics, where no mongod can be installed. Its command
 * line is mongod's ({@link StandinArguments}).
 */
public final class StandinServer {
  static final String DATA_FILE = "standin.mv.db";

  /**
   * Netty event loops serving connections, each connection bound to one for its life. mongod serves
   * each connection on a thread of its own (and lets up to 128 reads into WiredTiger at once);
   * mongo-java-server's default, two loops per core, is 4 on a 2-core host, so 16 clients' reads
   * queued behind 4 threads and a +7 ms disk never saw more than 4 reads in flight (502 of its 600
   * IOPS delivered at 4M records, where the disk probe reached 603 with 16 threads). With 128, up
   * to 128 connections each get their own loop, as each would get a thread from mongod.
   */
  static final int CONNECTION_THREADS = 128;

  /** The storage engines, by mongod's {@code --storageEngine} names. */
  public enum StorageEngine {
    WIRED_TIGER("wiredTiger"),
    H2("h2");

    private final String optionName;

    StorageEngine(String optionName) {
      this.optionName = optionName;
    }

    public String optionName() {
      return optionName;
    }

    static StorageEngine parse(String value) {
      for (StorageEngine e : values()) {
        if (e.optionName.equalsIgnoreCase(value)) {
          return e;
        }
      }
      throw new IllegalArgumentException(
          "--storageEngine " + value + " is not supported; use wiredTiger (default) or h2");
    }
  }

  private StandinServer() {}

  public static void main(String[] args) throws Exception {
    try {
      run(args);
    } catch (IllegalArgumentException | IllegalStateException e) {
      System.err.println("stand-in: " + e.getMessage());
      System.exit(2);
    }
  }

  private static void run(String[] args) throws Exception {
    StandinArguments a = StandinArguments.parse(args, System.out);
    if (a == null) {
      return; // --help
    }
    // Quiet by default (mongo-java-server logs every connection at INFO); -D... overrides.
    System.setProperty(
        "org.slf4j.simpleLogger.defaultLogLevel",
        System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"));

    Running running;
    String description;
    if (a.engine() == StorageEngine.WIRED_TIGER) {
      WiredTigerOptions wt = a.wiredTigerOptions();
      running = startWiredTiger(a.bind(), a.port(), a.dbpath(), wt);
      description = describe(wt);
    } else {
      int extraCostMicros = a.settings().extraCostMicros();
      running = startH2(a.bind(), a.port(), a.dbpath(), a.cacheMb(), extraCostMicros);
      description =
          "H2 MVStore engine, cache "
              + (a.cacheMb() >= 0 ? a.cacheMb() + " MB" : "default")
              + extraCostClause(extraCostMicros);
    }
    CountDownLatch stopped = closeOnShutdown(running);
    System.out.printf(
        "mongodb-tiered stand-in (mongo-java-server %s on the %s), not MongoDB: "
            + "Waiting for connections on %s:%d, data in %s%n",
        mongoJavaServerVersion(),
        description,
        a.bind(),
        running.port(),
        running.file.toAbsolutePath());
    stopped.await();
  }

  /** What the settings are; those left at mongod's defaults that were not named before, not. */
  private static String describe(WiredTigerOptions wt) {
    return String.format(
        "WiredTiger engine, cache %d MB, checkpoint every %d s, journal synced every %d ms%s%s%s%s",
        wt.cacheBytes() >> 20,
        wt.syncDelaySeconds(),
        wt.journalCommitIntervalMillis(),
        wt.engineConfig().isBlank() ? "" : ", engine config \"" + wt.engineConfig() + "\"",
        wt.blockCompressor().equals("snappy")
            ? ""
            : ", collections' block compressor " + wt.blockCompressor(),
        wt.indexPrefixCompression() ? "" : ", no index prefix compression",
        extraCostClause(wt.extraCostMicros()));
  }

  private static String extraCostClause(int micros) {
    return micros == 0 ? "" : ", " + micros + " microseconds of extra CPU time per operation";
  }

  /**
   * On SIGTERM (docker stop) and SIGINT: closes the listener, then the engine (WiredTiger writes a
   * final checkpoint; the MVStore commits what its 1 s auto-commit has not written).
   *
   * @return counted down once that is done
   */
  private static CountDownLatch closeOnShutdown(Running running) {
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    running.close();
                    System.out.println(
                        "stand-in: shut down cleanly, storage closed: " + running.file);
                  } finally {
                    stopped.countDown();
                  }
                },
                "standin-shutdown"));
    return stopped;
  }

  /** A stand-in listening in this JVM; {@link #close()} stops it and closes its storage. */
  public static final class Running implements AutoCloseable {
    private final MongoServer server;
    private final AutoCloseable storage;
    private final Path file;
    private final int port;
    private final StorageEngine engine;
    private boolean closed;

    private Running(
        MongoServer server, AutoCloseable storage, Path file, int port, StorageEngine engine) {
      this.server = server;
      this.storage = storage;
      this.file = file;
      this.port = port;
      this.engine = engine;
    }

    public int port() {
      return port;
    }

    /** The H2 data file, or WiredTiger's data directory. */
    public Path dataFile() {
      return file;
    }

    public StorageEngine engine() {
      return engine;
    }

    @Override
    public synchronized void close() {
      if (closed) {
        return;
      }
      closed = true;
      try {
        server.shutdown();
      } finally {
        try {
          storage.close();
        } catch (Exception e) {
          throw new IllegalStateException("closing the stand-in's storage failed", e);
        }
      }
    }
  }

  /**
   * Starts a stand-in on WiredTiger in this JVM (the harness's embedded server) with its data in
   * {@code dbpath}.
   *
   * @param port 0 for any free port
   * @param cacheMb WiredTiger's cache, or -1 for mongod's default
   */
  public static Running start(String bind, int port, Path dbpath, int cacheMb) throws IOException {
    WiredTigerOptions options = WiredTigerOptions.defaults();
    if (cacheMb >= 0) {
      options = options.withCacheBytes((long) cacheMb << 20);
    }
    return startWiredTiger(bind, port, dbpath, options);
  }

  /** Starts a stand-in on WiredTiger. */
  public static Running startWiredTiger(
      String bind, int port, Path dbpath, WiredTigerOptions options) throws IOException {
    Files.createDirectories(dbpath);
    MongoBackend backend = WiredTigerEngine.open(dbpath, options);
    return listen(backend, backend::close, bind, port, dbpath, StorageEngine.WIRED_TIGER);
  }

  /**
   * Starts a stand-in on H2's MVStore, one file in {@code dbpath}.
   *
   * @param cacheMb the MVStore cache, or -1 for H2's default
   */
  public static Running startH2(String bind, int port, Path dbpath, int cacheMb)
      throws IOException {
    return startH2(bind, port, dbpath, cacheMb, 0);
  }

  /** {@code extraCostMicros}: CPU time spent on every operation ({@link ExtraCost}). */
  static Running startH2(String bind, int port, Path dbpath, int cacheMb, int extraCostMicros)
      throws IOException {
    Files.createDirectories(dbpath);
    Path file = dbpath.resolve(DATA_FILE);
    MVStore.Builder builder = new MVStore.Builder().fileName(file.toString());
    if (cacheMb >= 0) {
      builder.cacheSize(cacheMb);
    }
    MVStore store = builder.open();
    AutoCloseable closeStore =
        () -> {
          if (!store.isClosed()) {
            store.close();
          }
        };
    return listen(
        new CostlyH2Backend(store, new ExtraCost(extraCostMicros)),
        closeStore,
        bind,
        port,
        file,
        StorageEngine.H2);
  }

  /** H2's backend paying the extra cost on every operation, as the WiredTiger backend does. */
  private static final class CostlyH2Backend extends H2Backend {
    private final ExtraCost extraCost;

    CostlyH2Backend(MVStore store, ExtraCost extraCost) {
      super(store);
      this.extraCost = extraCost;
    }

    @Override
    public Document handleMessage(MongoMessage message) {
      extraCost.spend();
      return super.handleMessage(message);
    }

    @Override
    public QueryResult handleQuery(MongoQuery query) {
      extraCost.spend();
      return super.handleQuery(query);
    }
  }

  private static Running listen(
      MongoBackend backend,
      AutoCloseable storage,
      String bind,
      int port,
      Path file,
      StorageEngine engine) {
    MongoServer server = new MongoServer(backend);
    try {
      server.bind(new InetSocketAddress(bind, port), 1, CONNECTION_THREADS);
      return new Running(server, storage, file, server.getLocalAddress().getPort(), engine);
    } catch (RuntimeException e) {
      try {
        storage.close();
      } catch (Exception suppressed) {
        e.addSuppressed(suppressed);
      }
      throw e;
    }
  }

  private static String mongoJavaServerVersion() throws IOException {
    Properties props = new Properties();
    try (InputStream in = StandinServer.class.getResourceAsStream("/standin.properties")) {
      if (in != null) {
        props.load(in);
      }
    }
    return props.getProperty("mongo-java-server.version", "?");
  }
}
