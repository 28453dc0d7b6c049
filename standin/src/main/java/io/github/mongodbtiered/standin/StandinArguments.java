package io.github.mongodbtiered.standin;

import io.github.mongodbtiered.standin.StandinServer.StorageEngine;
import java.io.PrintStream;
import java.nio.file.Path;

/**
 * The stand-in's command line, with mongod's option names and defaults. Other mongod options are
 * ignored with a note, so a command line written for mongod still starts the stand-in.
 *
 * @param cacheMb the engine's cache, or -1 for its default (WiredTiger: mongod's rule; H2: 16 MB)
 * @param engineConfig extra WiredTiger settings ({@code --wiredTigerEngineConfigString}), or empty
 */
record StandinArguments(
    String bind,
    int port,
    Path dbpath,
    int cacheMb,
    StorageEngine engine,
    int syncDelaySeconds,
    int journalCommitIntervalMillis,
    String engineConfig) {

  static final String USAGE =
      "usage: StandinServer [--bind HOST] [--port N] [--dbpath DIR]"
          + " [--storageEngine wiredTiger|h2] [--wiredTigerCacheSizeGB GB | --cache-mb MB]"
          + " [--syncdelay SECONDS] [--journalCommitInterval MS]"
          + " [--wiredTigerEngineConfigString CONFIG]";

  /**
   * Parses {@code args}; notes about ignored options go to {@code out}.
   *
   * @return the arguments, or null for {@code --help} (the usage has been printed to {@code out})
   * @throws IllegalArgumentException naming the option that is wrong
   */
  static StandinArguments parse(String[] args, PrintStream out) {
    String bind = "0.0.0.0";
    int port = 27017;
    Path dbpath = Path.of("/data/db");
    int cacheMb = -1;
    StorageEngine engine = StorageEngine.WIRED_TIGER;
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
        case "--wiredTigerCacheSizeGB" -> cacheMb = megabytesOfGigabytes(args, ++i, arg);
        case "--storageEngine" -> engine = StorageEngine.parse(value(args, ++i, arg));
        case "--syncdelay" -> syncDelaySeconds = intValue(args, ++i, arg);
        case "--journalCommitInterval" -> journalCommitIntervalMillis = intValue(args, ++i, arg);
        case "--wiredTigerEngineConfigString" -> engineConfig = value(args, ++i, arg);
        case "-h", "--help" -> {
          out.println(USAGE);
          return null;
        }
        default -> i = skipUnsupported(args, i, out);
      }
    }
    return new StandinArguments(
        bind,
        port,
        dbpath,
        cacheMb,
        engine,
        syncDelaySeconds,
        journalCommitIntervalMillis,
        engineConfig);
  }

  /**
   * The WiredTiger settings these arguments give, mongod's defaults for the rest.
   *
   * @throws IllegalArgumentException when a value is out of range
   */
  WiredTigerOptions wiredTigerOptions() {
    WiredTigerOptions wt =
        WiredTigerOptions.defaults()
            .withSyncDelaySeconds(syncDelaySeconds)
            .withJournalCommitIntervalMillis(journalCommitIntervalMillis)
            .withEngineConfig(engineConfig);
    return cacheMb >= 0 ? wt.withCacheBytes((long) cacheMb << 20) : wt;
  }

  /**
   * Notes and skips a mongod option the stand-in does not have, with its value if one follows.
   *
   * @return the index of the last argument consumed
   */
  private static int skipUnsupported(String[] args, int i, PrintStream out) {
    String arg = args[i];
    if (!arg.startsWith("--")) {
      throw new IllegalArgumentException("unexpected argument: " + arg);
    }
    boolean hasValue = !arg.contains("=") && i + 1 < args.length && !args[i + 1].startsWith("--");
    out.println(
        "stand-in: ignoring unsupported option " + arg + (hasValue ? " " + args[i + 1] : ""));
    return hasValue ? i + 1 : i;
  }

  private static int megabytesOfGigabytes(String[] args, int i, String option) {
    String v = value(args, i, option);
    try {
      return (int) Math.round(Double.parseDouble(v) * 1024);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " needs a number of GB (e.g. 0.25), got " + v);
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
}
