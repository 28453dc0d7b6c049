package io.github.mongodbtiered.profiles;

import java.util.Optional;

/**
 * The fields of a {@link DiskProfile}, each described once: its key in a profiles file, its name in
 * report JSON, how its value is read and shown, how a change of it is named when a resumed sweep
 * refuses a cell, and what a change of it takes between two cells ({@link Scope}). Parsing, JSON,
 * equality, the settings check and the rule for a cell that goes on with the server of the cell
 * before all iterate this table, so a new profile field is a constant here, its accessor in {@code
 * DiskProfile} and the place that applies it.
 */
public enum Setting {
  DESCRIPTION("description", "description", Kind.TEXT, null, Scope.LABEL),
  READ_IOPS("read-iops", "readIops", Kind.COUNT, "read IOPS", Scope.CGROUP),
  WRITE_IOPS("write-iops", "writeIops", Kind.COUNT, "write IOPS", Scope.CGROUP),
  READ_BANDWIDTH("read-bandwidth", "readBytesPerSec", Kind.SIZE, "read bytes/s", Scope.CGROUP),
  WRITE_BANDWIDTH("write-bandwidth", "writeBytesPerSec", Kind.SIZE, "write bytes/s", Scope.CGROUP),
  ADDED_LATENCY(
      "added-latency-ms", "addedLatencyMillis", Kind.MILLIS, "added latency ms", Scope.VOLUME),
  MEMORY("memory", "memoryBytes", Kind.SIZE, "memory bytes", Scope.NEW_SERVER),
  WIREDTIGER_CACHE(
      "wiredtiger-cache",
      "wiredTigerCacheBytes",
      Kind.OPTIONAL_SIZE,
      "WiredTiger cache bytes",
      Scope.NEW_SERVER),
  /**
   * The IOPS a burst-credit volume runs at while it has credits (0: no bucket). The bucket's
   * settings act through the cgroup's limits; a sweep still starts a burst profile's cells cold, as
   * the bucket is the profile's own.
   */
  BURST_IOPS("burst-iops", "burstIops", Kind.COUNT, "burst IOPS", Scope.CGROUP),
  /** Its bandwidth on credits (0: the baseline's). */
  BURST_BANDWIDTH("burst-bandwidth", "burstBytesPerSec", Kind.SIZE, "burst bytes/s", Scope.CGROUP),
  /** The most I/O credits its bucket holds. */
  BURST_CREDITS("burst-credits", "burstCredits", Kind.COUNT, "burst credits", Scope.CGROUP),
  /**
   * What the volume costs a month, as the user prices it (none is shipped): {@code advise} ranks
   * the profiles that meet a target by it.
   */
  PRICE_PER_MONTH("price-per-month", "pricePerMonth", Kind.PRICE, null, Scope.LABEL);

  /**
   * What a change of a setting takes when a cell goes on with the server of the cell before it, on
   * the same data set.
   */
  public enum Scope {
    /**
     * The server as started: its container's memory limit or its command line (the WiredTiger
     * cache). A change needs a new server.
     */
    NEW_SERVER,
    /** The running server's disk limits, in its cgroup: changed in place. */
    CGROUP,
    /**
     * The added latency of the data volume under the server: changed in place where the volume can
     * change it while mounted, else a new mount and so a new server.
     */
    VOLUME,
    /** Only a name for people (as the profile's name is): no server sees it. */
    LABEL
  }

  /** How a value is stored, parsed from a profiles file, read from JSON and shown. */
  enum Kind {
    /** Free text, "" when unset. */
    TEXT("text", ""),
    /** A whole number of 0 or more; 0 means unlimited. */
    COUNT("a whole number of 0 or more (0 = unlimited)", 0L),
    /** A size in bytes; 0 means unlimited. */
    SIZE("a size in bytes, e.g. 7634m, 3g or 500000 (k, m, g are binary)", 0L),
    /** A size in bytes, or absent (the server's default). */
    OPTIONAL_SIZE(SIZE.expected, Optional.empty()),
    /** Milliseconds, 0 or more. */
    MILLIS("a number of milliseconds, 0 or more", 0.0),
    /** A price, 0 or more, in the user's one currency; 0 means none given. */
    PRICE("a price per month, 0 or more, e.g. 80 or 412.50 (one currency for all profiles)", 0.0);

    final String expected;
    final Object unset;

    Kind(String expected, Object unset) {
      this.expected = expected;
      this.unset = unset;
    }
  }

  private final String fileKey;
  private final String jsonName;
  final Kind kind;
  private final String label;
  private final Scope scope;

  Setting(String fileKey, String jsonName, Kind kind, String label, Scope scope) {
    this.fileKey = fileKey;
    this.jsonName = jsonName;
    this.kind = kind;
    this.label = label;
    this.scope = scope;
  }

  /** The key in a profiles file, e.g. {@code read-iops}. */
  public String fileKey() {
    return fileKey;
  }

  /** The name in report JSON ({@code run.json}, {@code cells/*.json}), e.g. {@code readIops}. */
  public String jsonName() {
    return jsonName;
  }

  /** How a change of it is named ("read IOPS"), or null when a change does not matter (a label). */
  public String label() {
    return label;
  }

  /** What a change of it takes between two cells. */
  public Scope scope() {
    return scope;
  }

  /** The setting a profiles file names {@code key}, if any. */
  static Optional<Setting> byFileKey(String key) {
    for (Setting s : values()) {
      if (s.fileKey.equals(key)) {
        return Optional.of(s);
      }
    }
    return Optional.empty();
  }

  /**
   * The value of {@code text} from a profiles file.
   *
   * @throws IllegalArgumentException when it is not a valid value of this kind
   */
  Object parse(String text) {
    Object v =
        switch (kind) {
          case TEXT -> text;
          case COUNT -> Long.parseLong(text);
          case SIZE -> Sizes.parseBytes(text);
          case OPTIONAL_SIZE -> Optional.of(Sizes.parseBytes(text));
          case MILLIS, PRICE -> Double.parseDouble(text);
        };
    if (!valid(v)) {
      throw new IllegalArgumentException(text);
    }
    return v;
  }

  /** The value held in JSON ({@code null} for unset), as the profile stores it. */
  Object fromJson(Object json) {
    if (json == null) {
      return kind.unset;
    }
    return switch (kind) {
      case TEXT -> json.toString();
      case COUNT, SIZE -> number(json).longValue();
      case OPTIONAL_SIZE -> Optional.of(number(json).longValue());
      case MILLIS, PRICE -> number(json).doubleValue();
    };
  }

  /** The value as JSON writes it: the number, the text, or null for an absent optional size. */
  Object toJson(Object value) {
    return value instanceof Optional<?> o ? o.orElse(null) : value;
  }

  /** The value as a settings change shows it: 7 not 7.0, "default" for an absent cache. */
  String show(Object value) {
    if (value instanceof Optional<?> o) {
      return o.map(String::valueOf).orElse("default");
    }
    if (value instanceof Double d && d == Math.rint(d) && !d.isInfinite()) {
      return Long.toString(d.longValue());
    }
    return String.valueOf(value);
  }

  private boolean valid(Object v) {
    return switch (kind) {
      case COUNT -> (Long) v >= 0;
      case MILLIS, PRICE -> (Double) v >= 0 && Double.isFinite((Double) v);
      default -> true;
    };
  }

  private Number number(Object json) {
    if (json instanceof Number n) {
      return n;
    }
    throw new IllegalArgumentException(jsonName + ": expected a number, got '" + json + "'");
  }
}
