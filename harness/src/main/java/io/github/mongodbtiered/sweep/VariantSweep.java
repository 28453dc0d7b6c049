package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.compare.EarlyStop;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.ycsb.PhaseException;
import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A sweep of variants measured side by side ({@link Variants}): every variant's report in its own
 * directory, as a sweep of its options alone would write it, but measured in interleaved rounds.
 * Per record count, each group of variants that shares a data set loads it once; per cell, each
 * round runs every variant once from a cold start, in that round's order, so that the host's drift
 * falls on all variants alike and the rounds pair their runs. A variant's cell is saved once its
 * last round ran; one whose run failed fails, naming the round, and the others go on.
 */
public final class VariantSweep {
  private final Variants variants;
  private final Map<String, TargetServer> targets;
  private final SweepRunner.Listener listener;
  private final CellsDone cellsDone;

  /** Told when every variant's cell of a record count and profile is saved. */
  @FunctionalInterface
  public interface CellsDone {
    void after(long recordCount, String profile) throws IOException;
  }

  /**
   * @param targets each variant's server by name, those of one data group sharing their volume
   * @param cellsDone told after each cell's variants are saved (the report's top is rewritten)
   */
  public VariantSweep(
      Variants variants,
      Map<String, TargetServer> targets,
      SweepRunner.Listener listener,
      CellsDone cellsDone) {
    this.variants = variants;
    this.targets = targets;
    this.listener = listener;
    this.cellsDone = cellsDone;
  }

  static Arm arm(List<Arm> arms, Variant v) {
    return arms.stream().filter(a -> a.variant() == v).findFirst().orElseThrow();
  }

  /** One variant's part of the sweep: its server, its report, its resume plan, its cells. */
  record Arm(
      Variant variant,
      TargetServer target,
      ResumePlan plan,
      SweepReport report,
      EnvironmentStep environment,
      CellRunner runner) {
    SweepOptions options() {
      return variant.options();
    }

    /** The variant's own version of {@code profile} (its disk figures may differ). */
    DiskProfile profile(DiskProfile profile) {
      return options().profiles().stream()
          .filter(p -> p.name().equals(profile.name()))
          .findFirst()
          .orElseThrow();
    }
  }

  /**
   * @return each variant's cells (this run's and earlier runs'), by name
   */
  public Map<String, SweepRunner.Outcome> run() throws IOException, PhaseException {
    List<Arm> arms = new ArrayList<>();
    for (Variant v : variants.all()) {
      arms.add(arm(v));
    }
    VariantDataSets.requireCopiesReplaceable(variants, arms);
    environment(arms);
    if (variants.alternate()) {
      warnOfMemoryTogether(arms);
    }
    Arm base = arms.get(0);
    new DiskBaselineStep(new SweepContext(base.options(), base.target(), listener, base.report()))
        .run();
    for (Arm a : arms.subList(1, arms.size())) {
      a.report().diskBaselines().putAll(base.report().diskBaselines());
    }
    Rounds rounds = new Rounds(arms, new VariantDataSets(variants, arms, listener));
    for (long count : base.options().recordCounts()) {
      rounds.measure(count);
    }
    Map<String, SweepRunner.Outcome> outcomes = new LinkedHashMap<>();
    for (Arm a : arms) {
      a.report().write();
      outcomes.put(
          a.variant().name(),
          new SweepRunner.Outcome(
              a.report().cells(),
              rounds.measured.getOrDefault(a, 0),
              rounds.failed.getOrDefault(a, 0)));
    }
    return outcomes;
  }

  /** A variant's part, its resume checked before anything is loaded or written. */
  private Arm arm(Variant v) throws IOException {
    SweepOptions o = v.options();
    TargetServer target = targets.get(v.name());
    Files.createDirectories(o.outDir());
    ResumePlan plan =
        ResumePlan.check(
            o,
            new RunSettings(o, target.kind(), target.image()),
            target.imageIds(),
            new CellStore(o.outDir()));
    SweepReport report = new SweepReport(o, target, listener, plan::shown);
    report.warn(target.meaning());
    SweepContext context = new SweepContext(o, target, listener, report);
    return new Arm(v, target, plan, report, new EnvironmentStep(context), new CellRunner(context));
  }

  /**
   * The host checked once per data set (each its own volume), each variant's server asked its
   * version where a resume needs it, and the cells measured under other settings discarded.
   */
  private void environment(List<Arm> arms) throws IOException {
    Map<Variants.DataKey, Arm> checked = new LinkedHashMap<>();
    for (Arm a : arms) {
      Arm first = checked.get(variants.keyOf(a.variant()));
      if (first == null) {
        a.environment().checkHost();
        checked.put(variants.keyOf(a.variant()), a);
      } else {
        a.report().environment(first.report().environment());
        a.report().volume(first.report().volume());
      }
      if (a.plan().needsServerVersion()) {
        a.environment().askServer();
        a.plan().serverVersion(a.report().environment().serverVersion());
      }
      String discarded = a.plan().discardStale(a.report().store());
      if (!discarded.isEmpty()) {
        listener.info(a.variant().name() + ": " + discarded);
      }
    }
  }

  /**
   * Alternating variants' servers run at once: where a profile's memory limits together exceed the
   * host's memory (or it sets none), they compete for the page cache, and a cell may land in
   * another tier than it would alone. Said in every variant's report, before anything is loaded.
   */
  private void warnOfMemoryTogether(List<Arm> arms) {
    Long host = arms.get(0).report().environment().memoryBytes();
    for (DiskProfile p : arms.get(0).options().profiles()) {
      List<Long> limits = arms.stream().map(a -> a.profile(p).memoryBytes()).toList();
      long together = limits.stream().mapToLong(Long::longValue).sum();
      String why =
          limits.contains(0L)
              ? "sets no memory limit, so the servers running at once share this host's page cache"
              : host != null && together > host
                  ? String.format(
                      "gives each server its memory, %.1f GiB together at once, more than this"
                          + " host's %.1f GiB",
                      together / (double) (1L << 30), host / (double) (1L << 30))
                  : null;
      if (why != null) {
        String said =
            "--alternate: profile "
                + p.name()
                + " "
                + why
                + ": a cell whose data fits one server's memory may not fit beside the others'."
                + " Give the profile less memory, or run the variants back to back";
        listener.info("warning: " + said);
        arms.forEach(a -> a.report().warn(said));
      }
    }
  }

  /** The cells of every record count, round by round. */
  private final class Rounds {
    private final List<Arm> arms;
    private final VariantDataSets dataSets;
    private final Map<Arm, Integer> measured = new LinkedHashMap<>();
    private final Map<Arm, Integer> failed = new LinkedHashMap<>();
    private boolean clientWarm;

    Rounds(List<Arm> arms, VariantDataSets dataSets) {
      this.arms = arms;
      this.dataSets = dataSets;
    }

    /** Every profile of {@code count} some variant has not measured under its settings. */
    void measure(long count) throws IOException, PhaseException {
      List<DiskProfile> todo = new ArrayList<>();
      for (DiskProfile p : arms.get(0).options().profiles()) {
        if (arms.stream().anyMatch(a -> !a.plan().reusable(count, p.name()))) {
          todo.add(p);
        }
      }
      if (todo.isEmpty()) {
        listener.info("records " + count + ": all profiles measured earlier, skipped");
        return;
      }
      String broken = dataSets.bring(count);
      for (DiskProfile p : todo) {
        cell(count, p, broken);
      }
    }

    /**
     * One run of the first round's first variant, not measured, before this JVM's first round: the
     * client's code is still compiling through it. Measured here (docker stand-in, 20,000 records
     * in cache, 20 s warm-ups), that first run came out 30% and 45% below the variant's other
     * rounds in two sweeps of two, its warm-up judged steady on a plateau the client later left; as
     * a round's run it decides the comparison alone.
     */
    private void warmClient(long count, DiskProfile profile, Variant first) {
      clientWarm = true;
      listener.info(
          String.format(
              "records %d x %s: a run of %s to warm this JVM's client first, not measured",
              count, profile.name(), first.name()));
      Arm a = arm(first);
      CellRun run = a.runner().measureRun(count, a.profile(profile), 1);
      if (!run.cell().ok()) {
        listener.info("the run to warm the client failed: " + run.cell().error());
      }
    }

    /** The rounds of one cell, then each variant's cell from its runs, saved. */
    private void cell(long count, DiskProfile profile, String broken) throws IOException {
      CellRounds cell = new CellRounds(count, profile, broken);
      EarlyStop stop = variants.earlyStop();
      String stoppedEarly = null;
      for (int round = 1; round <= variants.rounds() && !cell.allFailed(); round++) {
        cell.run(round);
        String decided =
            stop != null && cell.failures.isEmpty() && stop.looksAfter(round)
                ? cell.decided(stop)
                : null;
        if (decided != null) {
          stoppedEarly =
              String.format(
                  "rounds stopped after round %d of %d: %s", round, variants.rounds(), decided);
          listener.info("records " + count + " x " + profile.name() + ": " + stoppedEarly);
          break;
        }
      }
      for (Arm a : arms) {
        save(
            a,
            count,
            profile,
            cell.runs.get(a),
            cell.positions.get(a),
            cell.failures.get(a),
            stoppedEarly);
      }
      cellsDone.after(count, profile.name());
    }

    /** One cell's rounds so far: each variant's runs, its places in the orders, its failure. */
    private final class CellRounds {
      private final long count;
      private final DiskProfile profile;
      private final Map<Arm, List<CellRun>> runs = new LinkedHashMap<>();
      private final Map<Arm, List<Integer>> positions = new LinkedHashMap<>();
      private final Map<Arm, CellResult> failures = new LinkedHashMap<>();

      /**
       * @param broken why the cell's data set could not be brought to its count, or null
       */
      CellRounds(long count, DiskProfile profile, String broken) {
        this.count = count;
        this.profile = profile;
        for (Arm a : arms) {
          runs.put(a, new ArrayList<>());
          positions.put(a, new ArrayList<>());
          if (broken != null) {
            failures.put(a, CellResult.failed(count, profile.name(), a.target().kind(), broken));
          }
        }
      }

      boolean allFailed() {
        return failures.size() == arms.size();
      }

      /** Round {@code round}: every variant not failed runs once, in the round's order. */
      void run(int round) {
        List<Variant> order = variants.order(count, profile.name(), round);
        if (!clientWarm) {
          warmClient(count, profile, order.get(0));
        }
        announce(count, profile, round, order);
        List<Arm> going = new ArrayList<>();
        order.stream()
            .map(Rounds.this::arm)
            .filter(a -> !failures.containsKey(a))
            .forEach(going::add);
        Map<Arm, CellRun> together =
            variants.alternate()
                ? new AlternatedRound(listener, variants.sliceMillis(), count, profile, round)
                    .run(going)
                : null;
        for (Arm a : going) {
          CellRun run =
              together != null
                  ? together.get(a)
                  : a.runner().measureRun(count, a.profile(profile), round);
          if (!run.cell().ok()) {
            String why = "round " + round + " of " + variants.rounds() + ": " + run.cell().error();
            failures.put(a, run.cell().toBuilder().failed(why).build());
          }
          runs.get(a).add(run);
          positions.get(a).add(order.indexOf(a.variant()) + 1);
        }
      }

      /** What decided every verdict after the rounds so far ({@link EarlyStop}), or null. */
      String decided(EarlyStop stop) {
        List<EarlyStop.Named> others = new ArrayList<>();
        for (Arm a : arms.subList(1, arms.size())) {
          others.add(new EarlyStop.Named(a.variant().name(), soFar(a)));
        }
        return stop.decided(soFar(arms.get(0)), others);
      }

      private CellResult soFar(Arm a) {
        return CellRepeats.inRounds(runs.get(a), positions.get(a));
      }
    }

    private void announce(long count, DiskProfile profile, int round, List<Variant> order) {
      listener.info(
          String.format(
              "records %d x %s: round %d of %d%s: %s",
              count,
              profile.name(),
              round,
              variants.rounds(),
              variants.alternate() ? ", alternating every " + variants.sliceMillis() + " ms" : "",
              String.join(", ", order.stream().map(Variant::name).toList())));
    }

    private Arm arm(Variant v) {
      return VariantSweep.arm(arms, v);
    }

    private void save(
        Arm a,
        long count,
        DiskProfile profile,
        List<CellRun> runs,
        List<Integer> positions,
        CellResult failure,
        String stoppedEarly)
        throws IOException {
      CellResult cell = failure != null ? failure : CellRepeats.inRounds(runs, positions);
      if (stoppedEarly != null && cell.ok()) {
        cell = cell.toBuilder().note(stoppedEarly).build();
      }
      DataSetLoader loader = dataSets.loader(a);
      if (loader.loadRate(count) != null) {
        cell = cell.withMetric(Metric.LOAD_RECORDS_PER_SEC, loader.loadRate(count));
      }
      if (loader.loadSeconds(count) != null) {
        cell = cell.withMetric(Metric.LOAD_S, loader.loadSeconds(count));
      }
      cell = a.plan().measured(cell, a.profile(profile), a.report().environment().serverVersion());
      a.report().save(cell);
      measured.merge(a, 1, Integer::sum);
      failed.merge(a, cell.ok() ? 0 : 1, Integer::sum);
      a.report().write();
      listener.cellFinished(a.variant().name(), cell);
    }
  }
}
