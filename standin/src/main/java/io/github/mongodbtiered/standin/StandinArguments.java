package io.github.mongodbtiered.standin;

import io.github.mongodbtiered.standin.StandinServer.StorageEngine;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Consumer;

/**
 * The stand-in's command line, with mongod's option names ({@link StandinOption}), spellings
 * ({@code --opt value} and {@code --opt=value}) and defaults. Other mongod options are ignored with
 * a note, so a command line written for mongod still starts the stand-in.
 *
 * @param cacheMb the engine's cache, or -1 for its default (WiredTiger: mongod's rule; H2: 16 MB)
 * @param settings the WiredTiger settings and the extra cost, the cache left at its default
 */
record StandinArguments(
    String bind,
    int port,
    Path dbpath,
    int cacheMb,
    StorageEngine engine,
    WiredTigerOptions settings) {

  static final String USAGE =
      "usage: StandinServer [--bind HOST] [--port N] [--dbpath DIR]"
          + " [--storageEngine wiredTiger|h2] [--wiredTigerCacheSizeGB GB | --cache-mb MB]"
          + " [--syncdelay SECONDS] [--journalCommitInterval MS]"
          + " [--wiredTigerEngineConfigString CONFIG]"
          + " [--wiredTigerCollectionBlockCompressor none|snappy|zlib|zstd]"
          + " [--wiredTigerIndexPrefixCompression true|false] [--standinExtraCostMicros N]"
          + " (--opt=value works as well)";

  /**
   * Parses {@code args}; notes about ignored options go to {@code out}.
   *
   * @return the arguments, or null for {@code --help} (the usage has been printed to {@code out})
   * @throws IllegalArgumentException naming the option that is wrong
   */
  static StandinArguments parse(String[] args, PrintStream out) {
    Reader r = new Reader(WiredTigerOptions.defaults());
    r.read(
        List.of(args), ignored -> out.println("stand-in: ignoring unsupported option " + ignored));
    if (r.help) {
      out.println(USAGE);
      return null;
    }
    return r.arguments();
  }

  /** The WiredTiger settings these arguments give, mongod's defaults for the rest. */
  WiredTigerOptions wiredTigerOptions() {
    return cacheMb >= 0 ? settings.withCacheBytes((long) cacheMb << 20) : settings;
  }

  /**
   * Reads a command line, option by option, into its fields; each {@link StandinOption} sets the
   * ones it names.
   */
  static final class Reader {
    String bind = "0.0.0.0";
    int port = 27017;
    Path dbpath = Path.of("/data/db");
    int cacheMb = -1;
    StorageEngine engine = StorageEngine.WIRED_TIGER;
    WiredTigerOptions wt;
    boolean help;

    /** {@code wt}: the settings the options change. */
    Reader(WiredTigerOptions wt) {
      this.wt = wt;
    }

    /**
     * Reads {@code args} until their end or a {@code --help}; an option the stand-in does not have
     * goes to {@code ignored} (with the value skipped with it), and is skipped.
     *
     * @return each option read, in order
     * @throws IllegalArgumentException naming the option that is wrong
     */
    List<StandinOption> read(List<String> args, Consumer<String> ignored) {
      List<StandinOption> read = new ArrayList<>();
      for (int i = 0; i < args.size() && !help; i++) {
        String arg = args.get(i);
        int eq = arg.startsWith("--") ? arg.indexOf('=') : -1;
        String name = eq > 0 ? arg.substring(0, eq) : arg;
        StandinOption option = StandinOption.named(name);
        if (arg.equals("-h") || arg.equals("--help")) {
          help = true;
        } else if (option == null) {
          i = skipUnsupported(args, i, ignored);
        } else {
          String value = null;
          if (eq > 0 && !option.takesValue()) {
            throw new IllegalArgumentException(name + " takes no value, got " + arg);
          } else if (eq > 0) {
            value = arg.substring(eq + 1);
          } else if (option.takesValue()) {
            value = value(args, ++i, name);
          }
          option.set(this, name, value);
          read.add(option);
        }
      }
      return read;
    }

    StandinArguments arguments() {
      return new StandinArguments(bind, port, dbpath, cacheMb, engine, wt);
    }
  }

  /**
   * Notes and skips a mongod option the stand-in does not have, with its value if one follows.
   *
   * @return the index of the last argument consumed
   */
  private static int skipUnsupported(List<String> args, int i, Consumer<String> ignored) {
    String arg = args.get(i);
    if (!arg.startsWith("--")) {
      throw new IllegalArgumentException("unexpected argument: " + arg);
    }
    boolean hasValue =
        !arg.contains("=") && i + 1 < args.size() && !args.get(i + 1).startsWith("--");
    ignored.accept(arg + (hasValue ? " " + args.get(i + 1) : ""));
    return hasValue ? i + 1 : i;
  }

  static int megabytesOfGigabytes(String option, String v) {
    try {
      return (int) Math.round(Double.parseDouble(v) * 1024);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " needs a number of GB (e.g. 0.25), got " + v);
    }
  }

  private static String value(List<String> args, int i, String option) {
    if (i >= args.size()) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return args.get(i);
  }

  static int wholeNumber(String option, String v) {
    try {
      return Integer.parseInt(v);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(option + " needs a whole number, got " + v);
    }
  }

  /** mongod's booleans: true or false (and 1 or 0). */
  static boolean bool(String option, String v) {
    return switch (v.toLowerCase(Locale.ROOT)) {
      case "true", "1" -> true;
      case "false", "0" -> false;
      default -> throw new IllegalArgumentException(option + " needs true or false, got " + v);
    };
  }
}
