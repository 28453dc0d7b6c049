package io.github.mongodbtiered.profiles;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;

/**
 * A disk and memory setting to measure MongoDB under: blkio limits on the device that holds the
 * data, a container memory limit and a WiredTiger cache size. Zero means "no limit" for the IOPS,
 * bandwidth and memory figures. One type serves the profiles file, the run manifest, each cell's
 * settings and the check of a resumed sweep; its fields are the {@link Setting} table, which JSON,
 * parsing and equality iterate.
 *
 * <p>Built as {@code DiskProfile.named("hdd-150").iops(150).addedLatencyMillis(7).build()}. In JSON
 * a profile is an object of its settings by {@link Setting#jsonName()} plus the derived {@code
 * effectiveCacheBytes}; files written before the types were merged (run.json held only the
 * effective cache, cells only the configured one) read back to the same profile.
 */
public final class DiskProfile {
  static final long MIB = 1L << 20;
  static final long GIB = 1L << 30;
  private static final String NAME = "name";
  private static final String EFFECTIVE_CACHE = "effectiveCacheBytes";

  /** MongoDB's smallest default WiredTiger cache. */
  public static final long MIN_DEFAULT_CACHE_BYTES = 256 * MIB;

  private final String name;
  private final Map<Setting, Object> values;

  private DiskProfile(String name, Map<Setting, Object> values) {
    this.name = name;
    this.values = Collections.unmodifiableMap(new EnumMap<>(values));
    check();
  }

  /** A builder of the profile {@code name}, every setting unset (unlimited, default cache). */
  public static Builder named(String name) {
    return new Builder(name);
  }

  /** A builder holding this profile's settings. */
  public Builder toBuilder() {
    return toBuilder(name);
  }

  /** A builder holding this profile's settings under another name. */
  public Builder toBuilder(String newName) {
    Builder b = new Builder(newName);
    b.values.putAll(values);
    return b;
  }

  /** Short name used on the command line and in reports, e.g. {@code hdd-150}. */
  public String name() {
    return name;
  }

  /** One line for humans. */
  public String description() {
    return (String) get(Setting.DESCRIPTION);
  }

  /** Read operations per second allowed on the data device (0: unlimited). */
  public long readIops() {
    return (Long) get(Setting.READ_IOPS);
  }

  /** Write operations per second allowed (0: unlimited). */
  public long writeIops() {
    return (Long) get(Setting.WRITE_IOPS);
  }

  /** Read bandwidth allowed in bytes per second (0: unlimited). */
  public long readBytesPerSec() {
    return (Long) get(Setting.READ_BANDWIDTH);
  }

  /** Write bandwidth allowed in bytes per second (0: unlimited). */
  public long writeBytesPerSec() {
    return (Long) get(Setting.WRITE_BANDWIDTH);
  }

  /**
   * Latency to add to every read and write, applied by the data volume ({@code volumes}) where it
   * can be built (reports say when it was not).
   */
  public double addedLatencyMillis() {
    return (Double) get(Setting.ADDED_LATENCY);
  }

  /** The server container's memory limit, page cache included (0: unlimited). */
  public long memoryBytes() {
    return (Long) get(Setting.MEMORY);
  }

  /** The WiredTiger cache size, or empty for MongoDB's default. */
  public OptionalLong wiredTigerCacheBytes() {
    Optional<?> cache = (Optional<?>) get(Setting.WIREDTIGER_CACHE);
    return cache.isPresent() ? OptionalLong.of((Long) cache.get()) : OptionalLong.empty();
  }

  /** The IOPS the volume runs at while its burst bucket has credits; 0 when it has no bucket. */
  public long burstIops() {
    return (Long) get(Setting.BURST_IOPS);
  }

  /** The bandwidth on credits, in bytes per second; 0: the baseline's. */
  public long burstBytesPerSec() {
    return (Long) get(Setting.BURST_BANDWIDTH);
  }

  /** The most I/O credits the bucket holds (one is spent per I/O); 0 without a bucket. */
  public long burstCredits() {
    return (Long) get(Setting.BURST_CREDITS);
  }

  /** What the user says the volume costs a month; 0 when not given. */
  public double pricePerMonth() {
    return (Double) get(Setting.PRICE_PER_MONTH);
  }

  /** Whether the volume has a burst bucket ({@link BurstBucket}). */
  public boolean bursts() {
    return burstIops() > 0;
  }

  /**
   * The limits the volume runs at while on credits: the burst IOPS for reads and writes, the burst
   * bandwidth where one is given; this profile itself without a bucket.
   */
  public DiskProfile onCredits() {
    if (!bursts()) {
      return this;
    }
    // The limits of the moment: no bucket of its own.
    Builder b = toBuilder().iops(burstIops()).burst(0, 0, 0);
    if (burstBytesPerSec() > 0) {
      b.readBytesPerSec(burstBytesPerSec()).writeBytesPerSec(burstBytesPerSec());
    }
    return b.build();
  }

  /**
   * This profile with one setting as a profiles file writes it ({@code added-latency-ms}, {@code
   * 8}), under the same name: a variant of a sweep that runs the profile's cells on other disk
   * figures.
   *
   * @throws IllegalArgumentException naming the key, or the value and what it must be
   */
  public DiskProfile with(String fileKey, String text) {
    Setting setting =
        Setting.byFileKey(fileKey)
            .orElseThrow(
                () ->
                    new IllegalArgumentException(
                        "'"
                            + fileKey
                            + "' is no profile setting; use one of "
                            + Arrays.stream(Setting.values()).map(Setting::fileKey).toList()));
    Object value;
    try {
      value = setting.parse(text.trim());
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          fileKey + ": '" + text + "' is not " + setting.kind.expected);
    }
    return toBuilder().set(setting, value).build();
  }

  /** The value of {@code setting}, as {@link Setting} stores it. */
  public Object get(Setting setting) {
    return values.getOrDefault(setting, setting.kind.unset);
  }

  /** The setting as a change of it is shown: 7 not 7.0, "default" for an unset cache. */
  public String show(Setting setting) {
    return setting.show(get(setting));
  }

  /**
   * The WiredTiger cache the server will have: the profile's, or MongoDB's default of 50% of
   * (memory - 1 GB), at least 256 MB. Empty when neither is known (no memory limit and no cache).
   */
  public OptionalLong effectiveCacheBytes() {
    if (wiredTigerCacheBytes().isPresent()) {
      return wiredTigerCacheBytes();
    }
    if (memoryBytes() == 0) {
      return OptionalLong.empty();
    }
    return OptionalLong.of(Math.max(MIN_DEFAULT_CACHE_BYTES, (memoryBytes() - GIB) / 2));
  }

  /**
   * What going from a cell under this profile to one under {@code next} changes: the scopes of the
   * settings whose values differ, {@link Setting.Scope#LABEL} for a different name too. Empty for
   * the same profile.
   */
  public Set<Setting.Scope> changesTo(DiskProfile next) {
    Set<Setting.Scope> scopes = EnumSet.noneOf(Setting.Scope.class);
    if (!name.equals(next.name)) {
      scopes.add(Setting.Scope.LABEL);
    }
    for (Setting s : Setting.values()) {
      if (!get(s).equals(next.get(s))) {
        scopes.add(s.scope());
      }
    }
    return scopes;
  }

  /** True when the profile throttles the disk at all. */
  public boolean throttlesDisk() {
    return readIops() > 0 || writeIops() > 0 || readBytesPerSec() > 0 || writeBytesPerSec() > 0;
  }

  /** One line: "hdd-150: 150/150 IOPS, +7 ms, 7634 MiB memory, 3305 MiB cache". */
  public String summary() {
    List<String> parts = new ArrayList<>();
    parts.add(
        readIops() == 0 && writeIops() == 0
            ? "IOPS unlimited"
            : limit(readIops()) + "/" + limit(writeIops()) + " IOPS (read/write)");
    if (readBytesPerSec() > 0 || writeBytesPerSec() > 0) {
      parts.add(mib(readBytesPerSec()) + "/" + mib(writeBytesPerSec()) + " MiB/s");
    }
    if (addedLatencyMillis() > 0) {
      parts.add("+" + trim(addedLatencyMillis()) + " ms latency");
    }
    parts.add(memoryBytes() == 0 ? "memory unlimited" : memoryBytes() / MIB + " MiB memory");
    effectiveCacheBytes().ifPresent(c -> parts.add(c / MIB + " MiB WiredTiger cache"));
    if (bursts()) {
      parts.add(
          "bursts to "
              + burstIops()
              + " IOPS"
              + (burstBytesPerSec() > 0 ? " and " + mib(burstBytesPerSec()) + " MiB/s" : "")
              + " from a bucket of "
              + burstCredits()
              + " I/O credits");
    }
    return name + ": " + String.join(", ", parts);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof DiskProfile p
        && p.name.equals(name)
        && Arrays.stream(Setting.values()).allMatch(s -> p.get(s).equals(get(s)));
  }

  @Override
  public int hashCode() {
    int h = name.hashCode();
    for (Setting s : Setting.values()) {
      h = 31 * h + get(s).hashCode();
    }
    return h;
  }

  @Override
  public String toString() {
    return summary();
  }

  /** The JSON form: name, every setting by its JSON name, and the effective cache. */
  @JsonValue
  Map<String, Object> toJson() {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put(NAME, name);
    for (Setting s : Setting.values()) {
      json.put(s.jsonName(), s.toJson(get(s)));
    }
    OptionalLong effective = effectiveCacheBytes();
    json.put(EFFECTIVE_CACHE, effective.isPresent() ? effective.getAsLong() : null);
    return json;
  }

  /**
   * The profile a JSON object holds. A setting it lacks is unset (a file older than the setting);
   * an old run.json's effective cache stands for the configured one unless it is the default.
   */
  @JsonCreator
  static DiskProfile fromJson(Map<String, Object> json) {
    Set<String> unknown = new TreeSet<>(json.keySet());
    unknown.remove(NAME);
    unknown.remove(EFFECTIVE_CACHE);
    Builder b = named(String.valueOf(json.get(NAME)));
    for (Setting s : Setting.values()) {
      unknown.remove(s.jsonName());
      b.values.put(s, s.fromJson(json.get(s.jsonName())));
    }
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException("profile: unknown fields " + unknown);
    }
    Object effective = json.get(EFFECTIVE_CACHE);
    if (!json.containsKey(Setting.WIREDTIGER_CACHE.jsonName()) && effective != null) {
      DiskProfile byDefault = b.build();
      Object cache = Setting.WIREDTIGER_CACHE.fromJson(effective);
      if (!Optional.of(byDefault.effectiveCacheBytes().orElse(-1)).equals(cache)) {
        b.values.put(Setting.WIREDTIGER_CACHE, cache);
      }
    }
    return b.build();
  }

  /** Collects a profile's settings; {@link #build()} checks them together. */
  public static final class Builder {
    private final String name;
    private final Map<Setting, Object> values = new EnumMap<>(Setting.class);

    private Builder(String name) {
      this.name = name;
    }

    /** Sets {@code setting} to {@code value} as {@link Setting} stores it. */
    Builder set(Setting setting, Object value) {
      values.put(setting, value);
      return this;
    }

    public Builder description(String text) {
      return set(Setting.DESCRIPTION, text == null ? "" : text);
    }

    /** The same read and write IOPS cap. */
    public Builder iops(long readAndWrite) {
      return readIops(readAndWrite).writeIops(readAndWrite);
    }

    public Builder readIops(long n) {
      return set(Setting.READ_IOPS, n);
    }

    public Builder writeIops(long n) {
      return set(Setting.WRITE_IOPS, n);
    }

    public Builder readBytesPerSec(long n) {
      return set(Setting.READ_BANDWIDTH, n);
    }

    public Builder writeBytesPerSec(long n) {
      return set(Setting.WRITE_BANDWIDTH, n);
    }

    public Builder addedLatencyMillis(double ms) {
      return set(Setting.ADDED_LATENCY, ms);
    }

    public Builder memoryBytes(long n) {
      return set(Setting.MEMORY, n);
    }

    public Builder pricePerMonth(double price) {
      return set(Setting.PRICE_PER_MONTH, price);
    }

    /** A burst bucket: {@code iops} while it has credits, {@code credits} at most. */
    public Builder burst(long iops, long bytesPerSec, long credits) {
      return set(Setting.BURST_IOPS, iops)
          .set(Setting.BURST_BANDWIDTH, bytesPerSec)
          .set(Setting.BURST_CREDITS, credits);
    }

    public Builder wiredTigerCacheBytes(long n) {
      return set(Setting.WIREDTIGER_CACHE, Optional.of(n));
    }

    /** Sets the cache, or leaves MongoDB's default when {@code n} is empty. */
    public Builder wiredTigerCacheBytes(OptionalLong n) {
      return set(
          Setting.WIREDTIGER_CACHE,
          n.isPresent() ? Optional.of(n.getAsLong()) : Setting.WIREDTIGER_CACHE.kind.unset);
    }

    /**
     * The profile.
     *
     * @throws IllegalArgumentException naming the profile and what is wrong
     */
    public DiskProfile build() {
      return new DiskProfile(name, values);
    }
  }

  private void check() {
    if (name == null || !name.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
      throw new IllegalArgumentException(
          "profile name '" + name + "': use letters, digits, '.', '_' and '-'");
    }
    if (readIops() < 0 || writeIops() < 0 || readBytesPerSec() < 0 || writeBytesPerSec() < 0) {
      throw new IllegalArgumentException("profile " + name + ": limits cannot be negative");
    }
    if (addedLatencyMillis() < 0 || memoryBytes() < 0) {
      throw new IllegalArgumentException("profile " + name + ": values cannot be negative");
    }
    OptionalLong cache = wiredTigerCacheBytes();
    if (cache.isPresent() && cache.getAsLong() <= 0) {
      throw new IllegalArgumentException("profile " + name + ": the cache size must be positive");
    }
    if (memoryBytes() > 0 && cache.isPresent() && cache.getAsLong() >= memoryBytes()) {
      throw new IllegalArgumentException(
          "profile " + name + ": the WiredTiger cache must be smaller than the memory limit");
    }
    checkBurst();
  }

  /** A bucket needs its baseline below the burst rate, and credits to hold. */
  private void checkBurst() {
    boolean any = burstIops() > 0 || burstBytesPerSec() > 0 || burstCredits() > 0;
    if (!any) {
      return;
    }
    if (burstIops() == 0 || burstCredits() == 0) {
      throw new IllegalArgumentException(
          "profile "
              + name
              + ": a burst bucket needs both burst-iops and burst-credits (e.g. burst-iops = 3000,"
              + " burst-credits = 5400000)");
    }
    if (readIops() == 0 || writeIops() == 0 || Math.max(readIops(), writeIops()) >= burstIops()) {
      throw new IllegalArgumentException(
          "profile "
              + name
              + ": a burst bucket runs at read-iops and write-iops once its credits are gone; give"
              + " both, below burst-iops "
              + burstIops());
    }
  }

  private static String limit(long v) {
    return v == 0 ? "unlimited" : Long.toString(v);
  }

  private static String mib(long bps) {
    return bps == 0 ? "unlimited" : trim(bps / (double) MIB);
  }

  /**
   * The figure as configured, every digit kept (7.25, 0.3814697265625): not {@link Sizes#trim},
   * which rounds to three decimals and would change this line's text.
   */
  private static String trim(double d) {
    return d == Math.rint(d) ? Long.toString((long) d) : Double.toString(d);
  }
}
