package io.github.mongodbtiered.binding;

import com.mongodb.MongoException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.atomic.AtomicInteger;
import org.bson.Document;
import site.ycsb.DBException;

/**
 * One {@link MongoClient} per JVM and set of options, shared by every YCSB thread: the driver's
 * client is thread-safe and owns the connection pool, so one per thread would multiply the pool and
 * the monitoring connections. Reference-counted; the last {@link #release()} closes it.
 */
final class SharedClient {
  private static final Map<BindingOptions, SharedClient> OPEN = new HashMap<>();
  private static final AtomicInteger CREATED = new AtomicInteger();

  final BindingOptions options;
  final MongoClient client;
  final MongoDatabase database;
  final ErrorLog errors;
  final boolean unacknowledged;
  private int references;

  private SharedClient(BindingOptions options, MongoClient client, PrintStream log) {
    this.options = options;
    this.client = client;
    MongoDatabase db = client.getDatabase(options.database());
    this.database = db.withCodecRegistry(RecordFields.registry(db.getCodecRegistry()));
    this.errors = new ErrorLog(options.url(), log);
    this.unacknowledged = options.unacknowledgedWrites();
  }

  /**
   * The shared client for the options {@code props} give.
   *
   * @throws DBException naming the property that is wrong, or saying why the server was not reached
   */
  static SharedClient acquire(Properties props, PrintStream log) throws DBException {
    BindingOptions options;
    try {
      options = BindingOptions.from(props);
    } catch (IllegalArgumentException e) {
      throw new DBException(e.getMessage());
    }
    return acquire(options, log);
  }

  /**
   * The shared client for these options, connecting (and checking the server answers, within the
   * server-selection timeout) on first use.
   */
  private static SharedClient acquire(BindingOptions options, PrintStream log) throws DBException {
    synchronized (OPEN) {
      SharedClient shared = OPEN.get(options);
      if (shared == null) {
        options.warnings().forEach(w -> log.println("[mongodb-tiered] " + w));
        MongoClient client = MongoClients.create(options.clientSettings());
        CREATED.incrementAndGet();
        try {
          Document build = client.getDatabase("admin").runCommand(new Document("buildInfo", 1));
          log.println(
              "[mongodb-tiered] connected to "
                  + options.maskedUrl()
                  + " (server "
                  + build.get("version")
                  + "), database "
                  + options.database());
        } catch (RuntimeException e) {
          client.close();
          throw new DBException(connectFailure(options, e));
        }
        shared = new SharedClient(options, client, log);
        OPEN.put(options, shared);
      }
      shared.references++;
      return shared;
    }
  }

  void release() {
    synchronized (OPEN) {
      if (--references == 0) {
        OPEN.remove(options);
        errors.printSummary();
        client.close();
      }
    }
  }

  /** How many clients this JVM has created: a test hook for the one-client-per-JVM rule. */
  static int created() {
    return CREATED.get();
  }

  /** How many clients are open now. */
  static int open() {
    synchronized (OPEN) {
      return OPEN.size();
    }
  }

  private static String connectFailure(BindingOptions options, RuntimeException e) {
    String where = BindingOptions.URL + "=" + options.maskedUrl();
    String cause = Redaction.scrub(String.valueOf(e.getMessage()), options.url());
    if (e instanceof MongoTimeoutException) {
      return "no MongoDB server answered at "
          + where
          + " within "
          + options.serverSelectionTimeoutMillis()
          + " ms ("
          + BindingOptions.SERVER_SELECTION_TIMEOUT
          + "). Check that the server is running and reachable, or fix the URL. Driver said: "
          + cause;
    }
    if (e instanceof MongoSecurityException) {
      return "authentication failed for "
          + where
          + ": check the user, password and authSource in the URL. Driver said: "
          + cause;
    }
    String kind = e instanceof MongoException ? "the server refused" : "could not connect to";
    return kind + " " + where + ": " + e.getClass().getSimpleName() + ": " + cause;
  }
}
