package io.github.mongodbtiered.binding;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoCompressor;
import com.mongodb.ReadConcern;
import com.mongodb.ReadConcernLevel;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Every setting of the binding, parsed once from YCSB properties. Immutable; two equal options
 * share one {@code MongoClient}.
 *
 * <p>The stock YCSB {@code mongodb} binding's properties keep their meaning: {@code mongodb.url},
 * {@code mongodb.upsert}, {@code batchsize}, and the deprecated {@code mongodb.writeConcern},
 * {@code mongodb.readPreference}, {@code mongodb.maxconnections} and {@code
 * mongodb.threadsAllowedToBlockForConnectionMultiplier}, which are folded into the connection
 * string unless the URL already says the same thing.
 */
public record BindingOptions(
    String url,
    String database,
    boolean upsert,
    int batchSize,
    String readConcern,
    List<String> compressors,
    Boolean retryWrites,
    Boolean retryReads,
    String appName,
    long serverSelectionTimeoutMillis,
    long connectTimeoutMillis,
    long socketTimeoutMillis,
    RetryPolicy retryPolicy,
    List<String> warnings) {

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

  private static final Map<String, String> WRITE_CONCERNS =
      Map.of(
          "errors_ignored", "w=0",
          "unacknowledged", "w=0",
          "acknowledged", "w=1",
          "safe", "w=1",
          "normal", "w=1",
          "journaled", "journal=true",
          "replica_acknowledged", "w=2",
          "majority", "w=majority");

  private static final Map<String, String> READ_PREFERENCES =
      Map.of(
          "primary", "primary",
          "primary_preferred", "primaryPreferred",
          "secondary", "secondary",
          "secondary_preferred", "secondaryPreferred",
          "nearest", "nearest");

  private static final List<String> KNOWN_COMPRESSORS = List.of("snappy", "zlib", "zstd");

  public BindingOptions {
    compressors = List.copyOf(compressors);
    warnings = List.copyOf(warnings);
  }

  /**
   * Parses and validates the properties.
   *
   * @throws IllegalArgumentException naming the property, its (masked) value and what is expected
   */
  public static BindingOptions from(Properties props) {
    List<String> warnings = new ArrayList<>();
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
    url = foldDeprecated(url, props, warnings);

    ConnectionString parsed = parse(url);
    String database = parsed.getDatabase();
    if (database == null || database.isEmpty() || "admin".equals(database)) {
      // Same rule as the stock binding: never write benchmark data into admin.
      database = DEFAULT_DATABASE;
    }

    String readConcern = props.getProperty(READ_CONCERN);
    if (readConcern != null) {
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
    }

    List<String> compressors = new ArrayList<>();
    String compressorList = props.getProperty(COMPRESSORS, "").trim();
    if (!compressorList.isEmpty()) {
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
    }

    int batchSize = intProperty(props, BATCH_SIZE, 1, 1, 100_000);
    RetryPolicy retryPolicy =
        new RetryPolicy(
            intProperty(props, RETRIES, 0, 0, 1_000),
            longProperty(props, RETRY_BASE_DELAY, 10, 1, 60_000),
            longProperty(props, RETRY_MAX_DELAY, 1_000, 1, 600_000),
            longProperty(props, RETRY_MAX_TIME, 10_000, 1, 3_600_000));

    return new BindingOptions(
        url,
        database,
        booleanProperty(props, UPSERT, false),
        batchSize,
        readConcern,
        compressors,
        optionalBoolean(props, RETRY_WRITES),
        optionalBoolean(props, RETRY_READS),
        props.getProperty(APP_NAME, DEFAULT_APP_NAME),
        longProperty(props, SERVER_SELECTION_TIMEOUT, 10_000, 1, 3_600_000),
        longProperty(props, CONNECT_TIMEOUT, 10_000, 1, 3_600_000),
        longProperty(props, SOCKET_TIMEOUT, 0, 0, 3_600_000),
        retryPolicy,
        warnings);
  }

  /** The URL with its password and other secrets replaced by {@code ****}. */
  public String maskedUrl() {
    return Redaction.maskUri(url);
  }

  /**
   * True when writes are unacknowledged, so counts of matched or deleted documents mean nothing.
   */
  public boolean unacknowledgedWrites() {
    ConnectionString cs = parse(url);
    return cs.getWriteConcern() != null && !cs.getWriteConcern().isAcknowledged();
  }

  /**
   * Driver settings. Values the connection string states win over the binding's own defaults, so
   * that TLS, X.509, SRV, auth source and pool options work exactly as the driver documents them.
   */
  public MongoClientSettings clientSettings() {
    ConnectionString cs = parse(url);
    MongoClientSettings.Builder b = MongoClientSettings.builder();
    if (cs.getApplicationName() == null) {
      b.applicationName(appName);
    }
    b.applyToClusterSettings(
        c -> c.serverSelectionTimeout(serverSelectionTimeoutMillis, TimeUnit.MILLISECONDS));
    b.applyToSocketSettings(
        s -> {
          s.connectTimeout((int) connectTimeoutMillis, TimeUnit.MILLISECONDS);
          s.readTimeout((int) socketTimeoutMillis, TimeUnit.MILLISECONDS);
        });
    if (readConcern != null) {
      b.readConcern(new ReadConcern(ReadConcernLevel.fromString(readConcern)));
    }
    if (!compressors.isEmpty()) {
      List<MongoCompressor> list = new ArrayList<>();
      for (String c : compressors) {
        list.add(
            switch (c) {
              case "snappy" -> MongoCompressor.createSnappyCompressor();
              case "zlib" -> MongoCompressor.createZlibCompressor();
              default -> MongoCompressor.createZstdCompressor();
            });
      }
      b.compressorList(list);
    }
    if (retryWrites != null) {
      b.retryWrites(retryWrites);
    }
    if (retryReads != null) {
      b.retryReads(retryReads);
    }
    // Applied last: what the URL says beats the defaults above.
    b.applyConnectionString(cs);
    return b.build();
  }

  private static ConnectionString parse(String url) {
    try {
      return new ConnectionString(url);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          URL
              + "="
              + Redaction.maskUri(url)
              + " is malformed: "
              + Redaction.scrub(e.getMessage(), url)
              + ". Expected mongodb://host[:port][/database][?options], credentials as user:pw@host");
    }
  }

  /** Adds a deprecated property to the URL's query, unless the URL already sets that option. */
  private static String foldDeprecated(String url, Properties props, List<String> warnings) {
    String result = url;
    String wc = props.getProperty(WRITE_CONCERN);
    if (wc != null) {
      String option = WRITE_CONCERNS.get(wc.trim().toLowerCase(Locale.ROOT));
      if (option == null) {
        throw new IllegalArgumentException(
            WRITE_CONCERN
                + "="
                + wc
                + " is not a write concern: use errors_ignored, unacknowledged, acknowledged,"
                + " journaled, replica_acknowledged or majority (or w=... in "
                + URL
                + ")");
      }
      String key = option.substring(0, option.indexOf('='));
      result = addOption(result, option, warnings, WRITE_CONCERN, key);
    }
    String rp = props.getProperty(READ_PREFERENCE);
    if (rp != null) {
      String mode = READ_PREFERENCES.get(rp.trim().toLowerCase(Locale.ROOT));
      if (mode == null) {
        throw new IllegalArgumentException(
            READ_PREFERENCE
                + "="
                + rp
                + " is not a read preference: use primary, primary_preferred, secondary,"
                + " secondary_preferred or nearest");
      }
      result =
          addOption(result, "readPreference=" + mode, warnings, READ_PREFERENCE, "readPreference");
    }
    String maxConnections = props.getProperty(MAX_CONNECTIONS);
    if (maxConnections != null) {
      int n = intProperty(props, MAX_CONNECTIONS, 100, 1, 100_000);
      result = addOption(result, "maxPoolSize=" + n, warnings, MAX_CONNECTIONS, "maxPoolSize");
    }
    if (props.getProperty(WAIT_QUEUE_MULTIPLIER) != null) {
      intProperty(props, WAIT_QUEUE_MULTIPLIER, 5, 0, 100_000);
      warnings.add(
          WAIT_QUEUE_MULTIPLIER
              + " is accepted for compatibility but has no effect: the current driver has no"
              + " wait-queue limit; threads wait up to maxConnecting/waitQueueTimeoutMS instead");
    }
    return result;
  }

  private static String addOption(
      String url, String option, List<String> warnings, String property, String... urlKeys) {
    int q = url.indexOf('?');
    String query = q < 0 ? "" : url.substring(q + 1);
    for (String part : query.split("&")) {
      String key = part.contains("=") ? part.substring(0, part.indexOf('=')) : part;
      for (String k : urlKeys) {
        if (key.equalsIgnoreCase(k)) {
          warnings.add(
              property + " is ignored: " + URL + " already sets " + key + " (the URL wins)");
          return url;
        }
      }
    }
    warnings.add(property + " is deprecated: applied as " + option + " in the connection string");
    if (q < 0) {
      // A URL with no path needs one before the query: mongodb://host/?opt=1
      String sep = url.substring(url.indexOf("://") + 3).contains("/") ? "?" : "/?";
      return url + sep + option;
    }
    return url + (query.isEmpty() ? "" : "&") + option;
  }

  private static int intProperty(Properties props, String name, int def, int min, int max) {
    return (int) longProperty(props, name, def, min, max);
  }

  private static long longProperty(Properties props, String name, long def, long min, long max) {
    String v = props.getProperty(name);
    if (v == null || v.isBlank()) {
      return def;
    }
    long n;
    try {
      n = Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          name + "=" + v + " is not a whole number: use a value from " + min + " to " + max);
    }
    if (n < min || n > max) {
      throw new IllegalArgumentException(
          name + "=" + v + " is out of range: use a value from " + min + " to " + max);
    }
    return n;
  }

  private static boolean booleanProperty(Properties props, String name, boolean def) {
    Boolean b = optionalBoolean(props, name);
    return b == null ? def : b;
  }

  private static Boolean optionalBoolean(Properties props, String name) {
    String v = props.getProperty(name);
    if (v == null || v.isBlank()) {
      return null;
    }
    return switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> Boolean.TRUE;
      case "false" -> Boolean.FALSE;
      default -> throw new IllegalArgumentException(name + "=" + v + " must be true or false");
    };
  }
}
