package io.github.mongodbtiered.standin;

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.h2.mvstore.MVStore;

/**
 * A MongoDB wire-protocol stand-in: mongo-java-server on WiredTiger (the storage engine mongod
 * uses, by default) or on H2's MVStore ({@code --storageEngine h2}), persisting under {@code
 * --dbpath}. It is not MongoDB (no query planner, no replication); it exists so the toolkit can be
 * exercised, with real WiredTiger cache statistics, where no mongod can be installed.
 */
public final class StandinServer {
  static final String DATA_FILE = "standin.mv.db";

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
    String bind = "0.0.0.0";
    int port = 27017;
    Path dbpath = Path.of("/data/db");
    int cacheMb = -1; // -1: the engine's default (WiredTiger: mongod's rule; H2: 16 MB)
    StorageEngine engine = StorageEngine.WIRED_TIGER;
    WiredTigerOptions wt = null; // built lazily: the defaults read the machine's memory
    int syncDelaySeconds = 60;
    int journalCommitIntervalMillis = 100;
    String engineConfig = "";
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--bind", "--bind_ip" -> bind = value(args, ++i, arg);
        case "--bind_ip_all" -> bind = "0.0.0.0";
        case "--port" -> port = intValue(args, ++i, arg);
        case "--dbpath" -> dbpath = Path.of(value(args, ++i, arg));
        case "--cache-mb" -> cacheMb = intValue(args, ++i, arg);
        // mongod's cache knob, so a harness can size the cache the same way for both servers.
        case "--wiredTigerCacheSizeGB" -> {
          String v = value(args, ++i, arg);
          try {
            cacheMb = (int) Math.round(Double.parseDouble(v) * 1024);
          } catch (NumberFormatException e) {
            throw new IllegalArgumentException(arg + " needs a number of GB (e.g. 0.25), got " + v);
          }
        }
        case "--storageEngine" -> engine = StorageEngine.parse(value(args, ++i, arg));
        case "--syncdelay" -> syncDelaySeconds = intValue(args, ++i, arg);
        case "--journalCommitInterval" -> journalCommitIntervalMillis = intValue(args, ++i, arg);
        case "--wiredTigerEngineConfigString" -> engineConfig = value(args, ++i, arg);
        case "-h", "--help" -> {
          System.out.println(
              "usage: StandinServer [--bind HOST] [--port N] [--dbpath DIR]"
                  + " [--storageEngine wiredTiger|h2] [--wiredTigerCacheSizeGB GB | --cache-mb MB]"
                  + " [--syncdelay SECONDS] [--journalCommitInterval MS]"
                  + " [--wiredTigerEngineConfigString CONFIG]");
          return;
        }
        default -> {
          // Tolerate other mongod options so a command line written for mongod still starts.
          if (!arg.startsWith("--")) {
            throw new IllegalArgumentException("unexpected argument: " + arg);
          }
          boolean hasValue =
              !arg.contains("=") && i + 1 < args.length && !args[i + 1].startsWith("--");
          System.out.println(
              "stand-in: ignoring unsupported option " + arg + (hasValue ? " " + args[++i] : ""));
        }
      }
    }
    // Quiet by default (mongo-java-server logs every connection at INFO); -D... overrides.
    System.setProperty(
        "org.slf4j.simpleLogger.defaultLogLevel",
        System.getProperty("org.slf4j.simpleLogger.defaultLogLevel", "warn"));

    Running running;
    String description;
    if (engine == StorageEngine.WIRED_TIGER) {
      wt =
          WiredTigerOptions.defaults()
              .withSyncDelaySeconds(syncDelaySeconds)
              .withJournalCommitIntervalMillis(journalCommitIntervalMillis)
              .withEngineConfig(engineConfig);
      if (cacheMb >= 0) {
        wt = wt.withCacheBytes((long) cacheMb << 20);
      }
      running = startWiredTiger(bind, port, dbpath, wt);
      description =
          String.format(
              "WiredTiger engine, cache %d MB, checkpoint every %d s, journal synced every %d ms%s",
              wt.cacheBytes() >> 20,
              wt.syncDelaySeconds(),
              wt.journalCommitIntervalMillis(),
              wt.engineConfig().isBlank() ? "" : ", engine config \"" + wt.engineConfig() + "\"");
    } else {
      running = startH2(bind, port, dbpath, cacheMb);
      description = "H2 MVStore engine, cache " + (cacheMb >= 0 ? cacheMb + " MB" : "default");
    }
    CountDownLatch stopped = new CountDownLatch(1);
    // SIGTERM (docker stop) and SIGINT run this: close the listener, then the engine (WiredTiger
    // writes a final checkpoint; the MVStore commits what its 1 s auto-commit has not written).
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
    System.out.printf(
        "mongodb-tiered stand-in (mongo-java-server %s on the %s), not MongoDB: "
            + "Waiting for connections on %s:%d, data in %s%n",
        mongoJavaServerVersion(), description, bind, running.port(), running.file.toAbsolutePath());
    stopped.await();
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
    return listen(new H2Backend(store), closeStore, bind, port, file, StorageEngine.H2);
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
      server.bind(bind, port);
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

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[i];
  }

  private static int intValue(String[] args, int i, String option) {
    String v = value(args, i, option);
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " needs a whole number, got " + v);
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
