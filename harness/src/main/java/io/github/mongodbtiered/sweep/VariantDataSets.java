package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.sweep.VariantSweep.Arm;
import io.github.mongodbtiered.ycsb.PhaseException;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The data sets of a sweep of variants: one load per group of variants that read the same data set
 * ({@link Variants#keyOf}), the group's first variant loading it for them all, and a byte copy for
 * each variant whose server reads the same files as an earlier one's ({@link Variants#copyOf}),
 * made after every load step so that no two variants compare two loads.
 */
final class VariantDataSets {
  private final Variants variants;
  private final List<Arm> arms;
  private final SweepRunner.Listener listener;
  private final Map<Arm, DataSetLoader> loaders = new LinkedHashMap<>();

  VariantDataSets(Variants variants, List<Arm> arms, SweepRunner.Listener listener)
      throws IOException {
    this.variants = variants;
    this.arms = arms;
    this.listener = listener;
    Map<Variants.DataKey, DataSetLoader> byKey = new LinkedHashMap<>();
    for (Arm a : arms) {
      Variant source = variants.copyOf(a.variant());
      if (source != null) {
        // A copy has its source's load: its rates are the source's.
        loaders.put(a, loaders.get(VariantSweep.arm(arms, source)));
        continue;
      }
      DataSetLoader loader = byKey.get(variants.keyOf(a.variant()));
      if (loader == null) {
        loader = new DataSetLoader(a.options(), a.target(), listener, a.report()::warn);
        byKey.put(variants.keyOf(a.variant()), loader);
      }
      loaders.put(a, loader);
    }
  }

  /**
   * Where a variant's data set is to be a copy, its directory (on its volume, mounted for the look)
   * holds nothing the user's: checked before anything is loaded.
   */
  static void requireCopiesReplaceable(Variants variants, List<Arm> arms) throws IOException {
    for (Arm a : arms) {
      if (variants.copyOf(a.variant()) != null) {
        DataSetCopy.requireReplaceable(
            a.target().volume(),
            a.options().server().dataDir(),
            "--variant " + a.variant().name(),
            a.options().loading().dropExisting());
      }
    }
  }

  /** The loader of {@code a}'s data set (for a copy, its source's). */
  DataSetLoader loader(Arm a) {
    return loaders.get(a);
  }

  /** Each data set brought to {@code count}, the copies made; why one could not be, or null. */
  String bring(long count) throws IOException, PhaseException {
    for (DataSetLoader loader : new LinkedHashSet<>(loaders.values())) {
      Arm first = arms.stream().filter(a -> loaders.get(a) == loader).findFirst().orElseThrow();
      try {
        loader.bring(count, first.environment()::serverAnswered);
      } catch (IOException | com.mongodb.MongoServerException e) {
        return Messages.cellFailure(e, first.options().localDataDir());
      }
    }
    for (Arm a : arms) {
      Variant source = variants.copyOf(a.variant());
      if (source != null) {
        try {
          copy(count, VariantSweep.arm(arms, source), a);
        } catch (IOException e) {
          return "copying "
              + source.name()
              + "'s data set for "
              + a.variant().name()
              + ": "
              + Messages.cellFailure(e, a.options().localDataDir());
        }
      }
    }
    for (Arm a : arms) {
      // A variant that shares another's data set has not met its own server yet: its image's
      // version belongs in its report (and in what compare lists as differing).
      if (a.report().environment().storageEngine() == null) {
        try {
          a.environment().askServer();
        } catch (RuntimeException e) {
          // Its rounds start the same server and fail with the reason, cell by cell.
          a.report()
              .warn("asking " + a.variant().name() + "'s server its version: " + Messages.of(e));
        }
      }
    }
    return null;
  }

  /** {@code to}'s data set made a byte copy of {@code from}'s, both servers stopped. */
  private void copy(long count, Arm from, Arm to) throws IOException {
    DataSetCopy.Outcome c =
        DataSetCopy.replace(
            from.target().volume(),
            to.target().volume(),
            "--variant " + to.variant().name(),
            to.options().loading().dropExisting());
    listener.info(
        String.format(
            Locale.ROOT,
            "records %d: %s's data set copied for %s (%.2f GB in %.0f s)",
            count,
            from.variant().name(),
            to.variant().name(),
            c.bytes() / 1e9,
            c.seconds()));
  }
}
