package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.compare.CompareRules;
import io.github.mongodbtiered.compare.EarlyStop;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The variants a sweep measures side by side, in interleaved rounds: per cell, each round runs
 * every variant once, each from a cold start of its own server, in an order drawn afresh for every
 * round from {@code seed} (the same seed, the same orders). Variants whose servers read the same
 * data files share the cells' data set; the others load their own ({@link #dataGroups}).
 *
 * <p>With {@code --alternate}, a round starts every variant's server at once, each on a data set of
 * its own (a copy of an earlier variant's where their servers read the same files: {@link
 * #copyOf}), and one client switches between them every {@code sliceMillis}: the host's drift then
 * falls on every variant alike within the round, not only across rounds.
 *
 * @param all the variants, the first the one the others are compared with by default
 * @param rounds the rounds per cell ({@code --rounds})
 * @param seed the seed of the rounds' orders ({@code --seed}, else drawn and recorded)
 * @param sliceMillis with {@code --alternate}, how long each variant holds the client in turn; 0
 *     when the variants run back to back
 * @param stopEarly whether a cell's rounds stop once every verdict is decided ({@code
 *     --stop-early}, {@link EarlyStop})
 */
public record Variants(
    List<Variant> all, int rounds, long seed, long sliceMillis, boolean stopEarly) {
  /** How long each variant holds the client in turn unless {@code --alternate} says. */
  public static final long DEFAULT_SLICE_MILLIS = 1000;

  /** The fewest rounds that show a spread between two variants' paired runs. */
  public static final int MIN_ROUNDS = 2;

  /** Rounds per cell unless given: what the paired comparison's calibration was made with. */
  public static final int DEFAULT_ROUNDS = 5;

  public Variants {
    all = List.copyOf(all);
    if (all.size() < 2) {
      throw new IllegalArgumentException(
          "--variant: give two or more variants to measure side by side (NAME= alone is the"
              + " sweep's own options)");
    }
    Set<String> names = new HashSet<>();
    for (Variant v : all) {
      if (!names.add(v.name())) {
        throw new IllegalArgumentException(
            "--variant " + v.name() + "=...: given twice; give each variant a name of its own");
      }
    }
    if (rounds < MIN_ROUNDS || rounds > 1000) {
      throw new IllegalArgumentException(
          "--rounds: give "
              + MIN_ROUNDS
              + " to 1000 rounds per cell; each runs every variant once, and the spread between"
              + " rounds is what the comparison measures");
    }
    if (sliceMillis != 0 && (sliceMillis < 100 || sliceMillis > 60_000)) {
      throw new IllegalArgumentException(
          "--alternate: give 100 to 60000 ms a turn; every variant's operations are counted per"
              + " turn, and a turn of a second keeps the host's drift the same for all");
    }
    if (sliceMillis > 0) {
      requireOneClient(all);
    }
    if (stopEarly) {
      // Refuses rounds without a look before the last, naming the options (fields are not yet set).
      new EarlyStop(rounds, CompareRules.DEFAULT_PAIRED_BAND);
    }
  }

  /** Variants whose rounds run to the last. */
  public Variants(List<Variant> all, int rounds, long seed, long sliceMillis) {
    this(all, rounds, seed, sliceMillis, false);
  }

  /** These variants, their cells' rounds stopping early or not. */
  public Variants withStopEarly(boolean stop) {
    return new Variants(all, rounds, seed, sliceMillis, stop);
  }

  /**
   * The rule a cell's rounds stop early by, judged at {@code compare}'s band for variants; null
   * when they run to the last.
   */
  public EarlyStop earlyStop() {
    return stopEarly ? new EarlyStop(rounds, CompareRules.DEFAULT_PAIRED_BAND) : null;
  }

  /**
   * With {@code --alternate}, one client runs every variant's operations: they must share its
   * workload and threads.
   */
  private static void requireOneClient(List<Variant> all) {
    Variant first = all.get(0);
    for (Variant v : all.subList(1, all.size())) {
      String differs =
          !v.options().workload().properties().equals(first.options().workload().properties())
              ? "-p"
              : v.options().workload().threads() != first.options().workload().threads()
                  ? "--threads"
                  : null;
      if (differs != null) {
        throw new IllegalArgumentException(
            "--alternate: variants "
                + first.name()
                + " and "
                + v.name()
                + " differ in "
                + differs
                + ", but one client switches between their servers and runs one workload; drop"
                + " --alternate to run them back to back, or give them the same "
                + differs);
      }
    }
  }

  /** Back to back, as the variants of sweeps before {@code --alternate} ran. */
  public static Variants of(List<Variant> given, int rounds, long seed) {
    return of(given, rounds, seed, 0);
  }

  /**
   * The variants, each with the data directory of its data group ({@link #dataGroups}): the first
   * group's the sweep's {@code --data-dir}, each other's beside it.
   */
  public static Variants of(List<Variant> given, int rounds, long seed, long sliceMillis) {
    Map<DataKey, Path> dirs = new LinkedHashMap<>();
    List<Variant> placed = new ArrayList<>();
    for (Variant v : given) {
      Path sweepData = v.options().server().dataDir();
      DataKey key = DataKey.of(v, sliceMillis > 0);
      Path dir = dirs.get(key);
      if (dir == null) {
        dir = dataDirOf(sweepData, dirs.size(), v.name());
        dirs.put(key, dir);
      }
      Path groupDir = dir;
      placed.add(
          new Variant(v.name(), v.given(), v.options().withServer(s -> s.withDataDir(groupDir))));
    }
    return new Variants(placed, rounds, seed, sliceMillis);
  }

  /** The first variant of {@code v}'s data group: the one whose data set it reads. */
  public Variant dataSetOf(Variant v) {
    return dataGroups().get(keyOf(v)).get(0);
  }

  /**
   * With {@code --alternate}, the variant whose data set {@code v}'s is a byte copy of ({@link
   * DataSetCopy}): the first before it whose server reads the same files (the image and the options
   * that shape them); null for that first one, for the others, and back to back.
   */
  public Variant copyOf(Variant v) {
    if (!alternate()) {
      return null;
    }
    DataKey files = DataKey.of(v, false);
    for (Variant u : all) {
      if (u == v) {
        return null;
      }
      if (DataKey.of(u, false).equals(files)) {
        return u;
      }
    }
    return null;
  }

  /** The variant named {@code name}, or null. */
  public Variant named(String name) {
    return all.stream().filter(v -> v.name().equals(name)).findFirst().orElse(null);
  }

  /**
   * The order the variants run in, in {@code round} (from 1) of the cell {@code recordCount} x
   * {@code profile}: a shuffle drawn from the seed, the cell and the round alone, so that a resumed
   * sweep draws the same orders and no cell's order depends on another's.
   */
  public List<Variant> order(long recordCount, String profile, int round) {
    long cellSeed = seed;
    cellSeed = 31 * cellSeed + recordCount;
    cellSeed = 31 * cellSeed + profile.hashCode();
    cellSeed = 31 * cellSeed + round;
    // SplittableRandom mixes its seed: java.util.Random's first draws from neighbouring seeds (the
    // rounds of a cell) agree, and two variants kept one order through every round.
    SplittableRandom random = new SplittableRandom(cellSeed);
    List<Variant> order = new ArrayList<>(all);
    for (int i = order.size() - 1; i > 0; i--) {
      java.util.Collections.swap(order, i, random.nextInt(i + 1));
    }
    return order;
  }

  /**
   * The variants by the data files their servers read: those of one group share a data set (the
   * first group's in the sweep's {@code --data-dir}, each other's beside it, named after its first
   * variant), and each group is loaded once per record count.
   */
  public Map<DataKey, List<Variant>> dataGroups() {
    Map<DataKey, List<Variant>> groups = new LinkedHashMap<>();
    for (Variant v : all) {
      groups.computeIfAbsent(keyOf(v), k -> new ArrayList<>()).add(v);
    }
    return groups;
  }

  /**
   * Where the data set of {@code group} (one of {@link #dataGroups}) lives: the sweep's data
   * directory for the first group, beside it for the others.
   */
  static Path dataDirOf(Path sweepDataDir, int group, String firstVariant) {
    return group == 0
        ? sweepDataDir
        : sweepDataDir.resolveSibling(sweepDataDir.getFileName() + "-" + firstVariant);
  }

  /** Whether the variants' servers run at once, one client switching between them. */
  public boolean alternate() {
    return sliceMillis > 0;
  }

  /** The data group of {@code v}. */
  DataKey keyOf(Variant v) {
    return DataKey.of(v, alternate());
  }

  /**
   * What decides whether two variants' servers can read the same data files: the image, and the
   * server options that shape the files ({@link ServerArgs#storageArgs}); with {@code --alternate},
   * the variant too, since every variant's server then runs at once on files of its own.
   *
   * @param owner the variant when each has its data set; null when servers take turns on one
   */
  public record DataKey(String image, List<String> storageArgs, String owner) {
    static DataKey of(Variant v, boolean alternate) {
      Server server = v.options().server();
      return new DataKey(
          server.image(), ServerArgs.storageArgs(server.args()), alternate ? v.name() : null);
    }
  }
}
