package io.github.mongodbtiered.binding;

import static io.github.mongodbtiered.binding.PropertyValues.booleanProperty;
import static io.github.mongodbtiered.binding.PropertyValues.intProperty;
import static io.github.mongodbtiered.binding.PropertyValues.longProperty;
import static io.github.mongodbtiered.binding.PropertyValues.optionalBoolean;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCompressor;
import com.mongodb.ReadConcern;
import com.mongodb.ReadConcernLevel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Every setting of the binding, parsed once from YCSB properties. Immutable; two equal options
 * share one {@code MongoClient}.
 *
 * <p>The stock YCSB {@code mongodb} binding's properties keep their meaning: {@code mongodb.url},
 * {@code mongodb.upsert}, {@code batchsize}, and the deprecated {@code mongodb.writeConcern},
 * {@code mongodb.readPreference}, {@code mongodb.maxconnections} and {@code
 * mongodb.threadsAllowedToBlockForConnectionMultiplier}, which {@link DeprecatedProperties} folds
 * into the connection string unless the URL already says the same thing. {@link PropertyValues}
 * reads the typed ones; {@link UnknownProperties} warns of a {@code mongodb.*} property the binding
 * does not read.
 */
public record BindingOptions(
    Connection connection,
    boolean upsert,
    int batchSize,
    Retries retries,
    Timeouts timeouts,
    List<String> warnings) {

  /** Where and how the client connects. */
  public record Connection(
      String url, String database, String readConcern, List<String> compressors, String appName) {
    public Connection {
      compressors = List.copyOf(compressors);
    }
  }

  /** The driver's retries ({@code null}: the URL's or the driver's default) and the binding's. */
  public record Retries(Boolean retryWrites, Boolean retryReads, RetryPolicy retryPolicy) {}

  /** The client's timeouts in milliseconds; a socket timeout of 0 means none. */
  public record Timeouts(
      long serverSelectionTimeoutMillis, long connectTimeoutMillis, long socketTimeoutMillis) {}

  public static final String URL = "mongodb.url";
  public static final String DEFAULT_URL = "mongodb://localhost:27017/ycsb?w=1";
  public static final String DEFAULT_DATABASE = "ycsb";
  public static final String UPSERT = "mongodb.upsert";
  public static final String BATCH_SIZE = "batchsize";
  public static final String WRITE_CONCERN = "mongodb.writeConcern";
  public static final String READ_PREFERENCE = "mongodb.readPreference";
  public static final String MAX_CONNECTIONS = "mongodb.maxconnections";
  public static final String WAIT_QUEUE_MULTIPLIER =
      "mongodb.threadsAllowedToBlockForConnectionMultiplier";
  public static final String READ_CONCERN = "mongodb.readConcern";
  public static final String COMPRESSORS = "mongodb.compressors";
  public static final String RETRY_WRITES = "mongodb.retryWrites";
  public static final String RETRY_READS = "mongodb.retryReads";
  public static final String APP_NAME = "mongodb.appName";
  public static final String SERVER_SELECTION_TIMEOUT = "mongodb.serverSelectionTimeoutMs";
  public static final String CONNECT_TIMEOUT = "mongodb.connectTimeoutMs";
  public static final String SOCKET_TIMEOUT = "mongodb.socketTimeoutMs";
  public static final String RETRIES = "mongodb.retries";
  public static final String RETRY_BASE_DELAY = "mongodb.retryBaseDelayMs";
  public static final String RETRY_MAX_DELAY = "mongodb.retryMaxDelayMs";
  public static final String RETRY_MAX_TIME = "mongodb.retryMaxTimeMs";

  public static final String DEFAULT_APP_NAME = "mongodb-tiered-ycsb";

  private static final List<String> KNOWN_COMPRESSORS = List.of("snappy", "zlib", "zstd");

  public BindingOptions {
    warnings = List.copyOf(warnings);
  }

  // The parts' fields, read through the options as before the parts existed.

  public String url() {
    return connection.url();
  }

  public String database() {
    return connection.database();
  }

  public String readConcern() {
    return connection.readConcern();
  }

  public List<String> compressors() {
    return connection.compressors();
  }

  public String appName() {
    return connection.appName();
  }

  public Boolean retryWrites() {
    return retries.retryWrites();
  }

  public Boolean retryReads() {
    return retries.retryReads();
  }

  public RetryPolicy retryPolicy() {
    return retries.retryPolicy();
  }

  public long serverSelectionTimeoutMillis() {
    return timeouts.serverSelectionTimeoutMillis();
  }

  public long connectTimeoutMillis() {
    return timeouts.connectTimeoutMillis();
  }

  public long socketTimeoutMillis() {
    return timeouts.socketTimeoutMillis();
  }

  /**
   * Parses and validates the properties.
   *
   * @throws IllegalArgumentException naming the property, its (masked) value and what is expected
   */
  public static BindingOptions from(Properties props) {
    List<String> warnings = new ArrayList<>();
    // Read in this order so that, of several bad properties, the same one is reported first.
    String url = DeprecatedProperties.foldInto(connectionString(props), props, warnings);
    String database = database(parse(url));
    String readConcern = readConcern(props);
    List<String> compressors = compressors(props);
    int batchSize = intProperty(props, BATCH_SIZE, 1, 1, 100_000);
    RetryPolicy retryPolicy = retryPolicy(props);
    boolean upsert = booleanProperty(props, UPSERT, false);
    Boolean retryWrites = optionalBoolean(props, RETRY_WRITES);
    Boolean retryReads = optionalBoolean(props, RETRY_READS);
    String appName = props.getProperty(APP_NAME, DEFAULT_APP_NAME);
    Timeouts timeouts =
        new Timeouts(
            longProperty(props, SERVER_SELECTION_TIMEOUT, 10_000, 1, 3_600_000),
            longProperty(props, CONNECT_TIMEOUT, 10_000, 1, 3_600_000),
            longProperty(props, SOCKET_TIMEOUT, 0, 0, 3_600_000));
    warnings.addAll(UnknownProperties.warnings(props));
    return new BindingOptions(
        new Connection(url, database, readConcern, compressors, appName),
        upsert,
        batchSize,
        new Retries(retryWrites, retryReads, retryPolicy),
        timeouts,
        warnings);
  }

  /** {@code mongodb.url} as given, or the default; rejected unless it is a MongoDB URL. */
  private static String connectionString(Properties props) {
    String rawUrl = props.getProperty(URL);
    boolean defaulted = rawUrl == null || rawUrl.isBlank();
    // The default URL's w=1 must not shadow a deprecated mongodb.writeConcern the user did give.
    String url =
        defaulted
            ? (props.getProperty(WRITE_CONCERN) == null
                ? DEFAULT_URL
                : "mongodb://localhost:27017/ycsb")
            : rawUrl.trim();
    if (!url.startsWith("mongodb://") && !url.startsWith("mongodb+srv://")) {
      throw new IllegalArgumentException(
          URL
              + "="
              + Redaction.maskUri(url)
              + " is not a MongoDB connection string: it must start with mongodb:// or"
              + " mongodb+srv://, e.g. mongodb://localhost:27017/ycsb?w=1");
    }
    return url;
  }

  private static String database(ConnectionString url) {
    String database = url.getDatabase();
    if (database == null || database.isEmpty() || "admin".equals(database)) {
      // Same rule as the stock binding: never write benchmark data into admin.
      return DEFAULT_DATABASE;
    }
    return database;
  }

  private static String readConcern(Properties props) {
    String readConcern = props.getProperty(READ_CONCERN);
    if (readConcern == null) {
      return null;
    }
    readConcern = readConcern.trim();
    try {
      ReadConcernLevel.fromString(readConcern);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          READ_CONCERN
              + "="
              + readConcern
              + " is not a read concern level: use local, available, majority, linearizable"
              + " or snapshot");
    }
    return readConcern;
  }

  private static List<String> compressors(Properties props) {
    List<String> compressors = new ArrayList<>();
    String compressorList = props.getProperty(COMPRESSORS, "").trim();
    if (compressorList.isEmpty()) {
      return compressors;
    }
    for (String c : compressorList.split(",")) {
      String name = c.trim().toLowerCase(Locale.ROOT);
      if (!KNOWN_COMPRESSORS.contains(name)) {
        throw new IllegalArgumentException(
            COMPRESSORS
                + "="
                + compressorList
                + ": unknown compressor '"
                + c.trim()
                + "'; use a comma-separated list of snappy, zlib, zstd");
      }
      compressors.add(name);
    }
    return compressors;
  }

  private static RetryPolicy retryPolicy(Properties props) {
    return new RetryPolicy(
        intProperty(props, RETRIES, 0, 0, 1_000),
        longProperty(props, RETRY_BASE_DELAY, 10, 1, 60_000),
        longProperty(props, RETRY_MAX_DELAY, 1_000, 1, 600_000),
        longProperty(props, RETRY_MAX_TIME, 10_000, 1, 3_600_000));
  }

  /** The URL with its password and other secrets replaced by {@code ****}. */
  public String maskedUrl() {
    return Redaction.maskUri(url());
  }

  /**
   * True when writes are unacknowledged, so counts of matched or deleted documents mean nothing.
   */
  public boolean unacknowledgedWrites() {
    ConnectionString cs = parse(url());
    return cs.getWriteConcern() != null && !cs.getWriteConcern().isAcknowledged();
  }

  /**
   * Driver settings. Values the connection string states win over the binding's own defaults, so
   * that TLS, X.509, SRV, auth source and pool options work exactly as the driver documents them.
   */
  public MongoClientSettings clientSettings() {
    ConnectionString cs = parse(url());
    MongoClientSettings.Builder b = MongoClientSettings.builder();
    if (cs.getApplicationName() == null) {
      b.applicationName(appName());
    }
    b.applyToClusterSettings(
        c -> c.serverSelectionTimeout(serverSelectionTimeoutMillis(), TimeUnit.MILLISECONDS));
    b.applyToSocketSettings(
        s -> {
          s.connectTimeout((int) connectTimeoutMillis(), TimeUnit.MILLISECONDS);
          s.readTimeout((int) socketTimeoutMillis(), TimeUnit.MILLISECONDS);
        });
    if (readConcern() != null) {
      b.readConcern(new ReadConcern(ReadConcernLevel.fromString(readConcern())));
    }
    if (!compressors().isEmpty()) {
      List<MongoCompressor> list = new ArrayList<>();
      for (String c : compressors()) {
        list.add(
            switch (c) {
              case "snappy" -> MongoCompressor.createSnappyCompressor();
              case "zlib" -> MongoCompressor.createZlibCompressor();
              default -> MongoCompressor.createZstdCompressor();
            });
      }
      b.compressorList(list);
    }
    if (retryWrites() != null) {
      b.retryWrites(retryWrites());
    }
    if (retryReads() != null) {
      b.retryReads(retryReads());
    }
    // Applied last: what the URL says beats the defaults above.
    b.applyConnectionString(cs);
    return b.build();
  }

  private static ConnectionString parse(String url) {
    return parseUrl(URL, url);
  }

  /** Connection-string options the driver reads as true or false. */
  private static final List<String> BOOLEAN_URL_OPTIONS =
      List.of(
          "tls",
          "ssl",
          "tlsinsecure",
          "tlsallowinvalidhostnames",
          "tlsallowinvalidcertificates",
          "retrywrites",
          "retryreads",
          "directconnection",
          "loadbalanced",
          "journal");

  /**
   * {@code url} parsed, or an error naming {@code option} ({@code mongodb.url}, {@code
   * --mongodb-url}) and the fix, never the password. The driver's own words ("invalid host and
   * port", "URLDecoder: Illegal hex characters") named neither, and it ignores a boolean option it
   * cannot read ({@code tls=maybe}) with a log line, so such a URL then waited for a server that
   * does not speak plain text.
   */
  public static ConnectionString parseUrl(String option, String url) {
    ConnectionString cs;
    try {
      cs = new ConnectionString(url);
    } catch (RuntimeException e) {
      String why = String.valueOf(e.getMessage());
      if (why.startsWith("URLDecoder")) {
        // Its text quotes the bytes after the '%': a piece of the password.
        why = "a '%' in the user name or password is not followed by two hex digits";
      }
      why = why.replaceAll("[.\\s]+$", ""); // the driver's own full stop, before ours

      throw new IllegalArgumentException(
          option
              + "="
              + Redaction.maskUri(url)
              + " is malformed: "
              + Redaction.scrub(why, url)
              + ". Expected mongodb://host[:port][/database][?options], credentials as user:pw@host"
              + " with '%' in them written %25",
          e);
    }
    int q = url.indexOf('?');
    if (q >= 0) {
      for (String pair : url.substring(q + 1).split("[&;]")) {
        int eq = pair.indexOf('=');
        String key = (eq < 0 ? pair : pair.substring(0, eq)).toLowerCase(java.util.Locale.ROOT);
        String value = eq < 0 ? "" : pair.substring(eq + 1).toLowerCase(java.util.Locale.ROOT);
        if (BOOLEAN_URL_OPTIONS.contains(key)
            && !List.of("true", "false", "yes", "no", "1", "0").contains(value)) {
          throw new IllegalArgumentException(
              option
                  + "="
                  + Redaction.maskUri(url)
                  + ": "
                  + pair.substring(0, eq < 0 ? pair.length() : eq)
                  + "="
                  + (eq < 0 ? "" : pair.substring(eq + 1))
                  + " is not true or false");
        }
      }
    }
    return cs;
  }
}
