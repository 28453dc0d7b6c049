package io.github.mongodbtiered.standin;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;
import java.util.concurrent.CountDownLatch;
import org.h2.mvstore.MVStore;

/**
 * A MongoDB wire-protocol stand-in: mongo-java-server with its H2 MVStore backend persisting to one
 * file under {@code --dbpath}. It is not MongoDB (no WiredTiger, no replication); it exists so the
 * toolkit can be exercised where no mongod can be installed.
 */
public final class StandinServer {
  static final String DATA_FILE = "standin.mv.db";

  private StandinServer() {}

  public static void main(String[] args) throws Exception {
    String bind = "0.0.0.0";
    int port = 27017;
    Path dbpath = Path.of("/data/db");
    int cacheMb = -1; // -1: H2's default MVStore cache (16 MB)
    for (int i = 0; i < args.length; i++) {
      String arg = args[i];
      switch (arg) {
        case "--bind", "--bind_ip" -> bind = value(args, ++i, arg);
        case "--bind_ip_all" -> bind = "0.0.0.0";
        case "--port" -> port = Integer.parseInt(value(args, ++i, arg));
        case "--dbpath" -> dbpath = Path.of(value(args, ++i, arg));
        case "--cache-mb" -> cacheMb = Integer.parseInt(value(args, ++i, arg));
        // mongod's cache knob, so a harness can size the cache the same way for both servers.
        case "--wiredTigerCacheSizeGB" ->
            cacheMb = (int) Math.round(Double.parseDouble(value(args, ++i, arg)) * 1024);
        case "-h", "--help" -> {
          System.out.println(
              "usage: StandinServer [--bind HOST] [--port N] [--dbpath DIR] [--cache-mb N]");
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

    Running running = start(bind, port, dbpath, cacheMb);
    CountDownLatch stopped = new CountDownLatch(1);
    // SIGTERM (docker stop) and SIGINT run this: close the listener, then the MVStore, which
    // commits and syncs whatever the 1 s background auto-commit has not yet written.
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  try {
                    running.close();
                    System.out.println(
                        "stand-in: shut down cleanly, MVStore closed: " + running.file);
                  } finally {
                    stopped.countDown();
                  }
                },
                "standin-shutdown"));
    System.out.printf(
        "mongodb-tiered stand-in (mongo-java-server %s, H2 MVStore backend), not MongoDB: "
            + "Waiting for connections on %s:%d, data in %s, MVStore cache %s%n",
        mongoJavaServerVersion(),
        bind,
        running.port(),
        running.file.toAbsolutePath(),
        cacheMb >= 0 ? cacheMb + " MB" : "default");
    stopped.await();
  }

  /** A stand-in listening in this JVM; {@link #close()} stops it and closes its store. */
  public static final class Running implements AutoCloseable {
    private final MongoServer server;
    private final MVStore store;
    private final Path file;
    private final int port;

    private Running(MongoServer server, MVStore store, Path file, int port) {
      this.server = server;
      this.store = store;
      this.file = file;
      this.port = port;
    }

    public int port() {
      return port;
    }

    public Path dataFile() {
      return file;
    }

    @Override
    public synchronized void close() {
      try {
        server.shutdown();
      } finally {
        if (!store.isClosed()) {
          store.close();
        }
      }
    }
  }

  /**
   * Starts a stand-in in this JVM (the harness's embedded server) with its data in {@code dbpath}.
   *
   * @param port 0 for any free port
   * @param cacheMb the MVStore cache, or -1 for H2's default
   */
  public static Running start(String bind, int port, Path dbpath, int cacheMb) throws IOException {
    Files.createDirectories(dbpath);
    Path file = dbpath.resolve(DATA_FILE);
    MVStore.Builder builder = new MVStore.Builder().fileName(file.toString());
    if (cacheMb >= 0) {
      builder.cacheSize(cacheMb);
    }
    MVStore store = builder.open();
    MongoServer server = new MongoServer(new H2Backend(store));
    InetSocketAddress address;
    try {
      server.bind(bind, port);
      address = server.getLocalAddress();
    } catch (RuntimeException e) {
      store.close();
      throw e;
    }
    return new Running(server, store, file, address.getPort());
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args[i];
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
