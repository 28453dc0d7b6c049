package io.github.mongodbtiered.sweep;

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
 * @param all the variants, the first the one the others are compared with by default
 * @param rounds the rounds per cell ({@code --rounds})
 * @param seed the seed of the rounds' orders ({@code --seed}, else drawn and recorded)
 */
public record Variants(List<Variant> all, int rounds, long seed) {
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
  }

  /**
   * The variants, each with the data directory of its data group ({@link #dataGroups}): the first
   * group's the sweep's {@code --data-dir}, each other's beside it.
   */
  public static Variants of(List<Variant> given, int rounds, long seed) {
    Map<DataKey, Path> dirs = new LinkedHashMap<>();
    List<Variant> placed = new ArrayList<>();
    for (Variant v : given) {
      Path sweepData = v.options().server().dataDir();
      DataKey key = DataKey.of(v.options().server());
      Path dir = dirs.get(key);
      if (dir == null) {
        dir = dataDirOf(sweepData, dirs.size(), v.name());
        dirs.put(key, dir);
      }
      Path groupDir = dir;
      placed.add(
          new Variant(v.name(), v.given(), v.options().withServer(s -> s.withDataDir(groupDir))));
    }
    return new Variants(placed, rounds, seed);
  }

  /** The first variant of {@code v}'s data group: the one whose data set it reads. */
  public Variant dataSetOf(Variant v) {
    return dataGroups().get(DataKey.of(v.options().server())).get(0);
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
      groups.computeIfAbsent(DataKey.of(v.options().server()), k -> new ArrayList<>()).add(v);
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

  /**
   * What decides whether two variants' servers can read the same data files: the image, and the
   * server options that shape the files ({@link ServerArgs#storageArgs}).
   */
  public record DataKey(String image, List<String> storageArgs) {
    static DataKey of(Server server) {
      return new DataKey(server.image(), ServerArgs.storageArgs(server.args()));
    }
  }
}
