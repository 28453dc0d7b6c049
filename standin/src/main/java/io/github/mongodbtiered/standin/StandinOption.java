package io.github.mongodbtiered.standin;

import io.github.mongodbtiered.standin.StandinServer.StorageEngine;
import java.nio.file.Path;

/**
 * The options of the stand-in's command line, by mongod's names (and spelling: {@code --opt value}
 * or {@code --opt=value}) where mongod has them; what each sets is in {@link StandinArguments}.
 */
enum StandinOption {
  BIND(Scope.PLACE, (a, o, v) -> a.bind = v, "--bind", "--bind_ip"),
  BIND_ALL(Scope.PLACE, a -> a.bind = "0.0.0.0", "--bind_ip_all"),
  PORT(Scope.PLACE, (a, o, v) -> a.port = StandinArguments.wholeNumber(o, v), "--port"),
  DBPATH(Scope.PLACE, (a, o, v) -> a.dbpath = Path.of(v), "--dbpath"),
  STORAGE_ENGINE(Scope.PLACE, (a, o, v) -> a.engine = StorageEngine.parse(v), "--storageEngine"),
  CACHE_MB(
      Scope.SETTING, (a, o, v) -> a.cacheMb = StandinArguments.wholeNumber(o, v), "--cache-mb"),
  // mongod's cache knob, so a harness can size the cache the same way for both servers.
  CACHE_GB(
      Scope.SETTING,
      (a, o, v) -> a.cacheMb = StandinArguments.megabytesOfGigabytes(o, v),
      "--wiredTigerCacheSizeGB"),
  SYNC_DELAY(
      Scope.SETTING,
      (a, o, v) -> a.wt = a.wt.withSyncDelaySeconds(StandinArguments.wholeNumber(o, v)),
      "--syncdelay"),
  JOURNAL_COMMIT_INTERVAL(
      Scope.SETTING,
      (a, o, v) -> a.wt = a.wt.withJournalCommitIntervalMillis(StandinArguments.wholeNumber(o, v)),
      "--journalCommitInterval"),
  ENGINE_CONFIG(
      Scope.SETTING,
      (a, o, v) -> a.wt = a.wt.withEngineConfig(v),
      "--wiredTigerEngineConfigString"),
  BLOCK_COMPRESSOR(
      Scope.SETTING,
      (a, o, v) -> a.wt = a.wt.withBlockCompressor(v),
      "--wiredTigerCollectionBlockCompressor"),
  INDEX_PREFIX_COMPRESSION(
      Scope.SETTING,
      (a, o, v) -> a.wt = a.wt.withIndexPrefixCompression(StandinArguments.bool(o, v)),
      "--wiredTigerIndexPrefixCompression"),
  // The stand-in's own (mongod has no such option): a server slower by a known CPU cost.
  EXTRA_COST(
      Scope.SETTING,
      (a, o, v) -> a.wt = a.wt.withExtraCostMicros(StandinArguments.wholeNumber(o, v)),
      "--standinExtraCostMicros");

  /** What an option is about. */
  enum Scope {
    /** Where the server listens, keeps its data and on which engine: whoever starts it chooses. */
    PLACE,
    /** How it serves (its cache, checkpoints, compression, cost): variants may differ by these. */
    SETTING
  }

  /** Sets what an option with a value says on the arguments being read. */
  interface Setter {
    /** {@code option}: the name as given, for messages. */
    void set(StandinArguments.Reader arguments, String option, String value);
  }

  /** Sets what an option without a value (a switch) says. */
  interface Switch {
    void set(StandinArguments.Reader arguments);
  }

  private final Scope scope;
  private final Setter setter;
  private final boolean takesValue;
  private final String[] names;

  StandinOption(Scope scope, Setter setter, String... names) {
    this.scope = scope;
    this.setter = setter;
    this.takesValue = true;
    this.names = names;
  }

  StandinOption(Scope scope, Switch setter, String... names) {
    this.scope = scope;
    this.setter = (arguments, option, value) -> setter.set(arguments);
    this.takesValue = false;
    this.names = names;
  }

  Scope scope() {
    return scope;
  }

  boolean takesValue() {
    return takesValue;
  }

  String[] names() {
    return names.clone();
  }

  void set(StandinArguments.Reader arguments, String option, String value) {
    setter.set(arguments, option, value);
  }

  /** The option called {@code name}, or null when the stand-in has none. */
  static StandinOption named(String name) {
    for (StandinOption o : values()) {
      for (String n : o.names) {
        if (n.equals(name)) {
          return o;
        }
      }
    }
    return null;
  }
}
