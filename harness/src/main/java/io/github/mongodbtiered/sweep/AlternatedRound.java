package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.servers.HostCache;
import io.github.mongodbtiered.ycsb.Progress;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One round of a cell's variants at once ({@code sweep --alternate}): every server started cold
 * first, the host's page cache dropped once before the first start and not again (a drop at each
 * start emptied what the servers started before had read: at 300,000 records the first server's
 * container held 28 MiB of page cache at its warm-up where the second's held the 112 MiB its start
 * had read, 101 MiB of it active), each warmed up in turn, then one client switching between them
 * every turn ({@link MeasuredRun#measureAlternating}); each server stopped after, whatever ended
 * the round. A variant that fails on the way fails alone; a single one left is measured by itself.
 * Each run's {@code cell_s} is its own part of the round.
 */
final class AlternatedRound {
  private final SweepRunner.Listener listener;
  private final long sliceMillis;
  private final long count;
  private final DiskProfile profile;
  private final int round;
  private final Map<VariantSweep.Arm, CellRun> runs = new LinkedHashMap<>();
  private final Map<VariantSweep.Arm, CellRunner.Started> started = new LinkedHashMap<>();
  private final Map<VariantSweep.Arm, CellPipeline> pipelines = new LinkedHashMap<>();
  private final Map<VariantSweep.Arm, CellPipeline.Warmed> warmed = new LinkedHashMap<>();

  /** Each run's own part of the round's time: its start, its warm-up, its share of the run. */
  private final Map<VariantSweep.Arm, Long> own = new LinkedHashMap<>();

  AlternatedRound(
      SweepRunner.Listener listener, long sliceMillis, long count, DiskProfile profile, int round) {
    this.listener = listener;
    this.sliceMillis = sliceMillis;
    this.count = count;
    this.profile = profile;
    this.round = round;
  }

  /** Each variant's run of the round, {@code arms} taking their turns in that order. */
  Map<VariantSweep.Arm, CellRun> run(List<VariantSweep.Arm> arms) {
    try {
      HostCache.Drop dropped = null;
      for (VariantSweep.Arm a : arms) {
        CellRunner.Started s = a.runner().startRun(count, a.profile(profile), round, dropped);
        if (s.failed() != null) {
          runs.put(a, s.failed());
        } else {
          started.put(a, s);
          own.put(a, s.upNanos() - s.startedNanos());
          if (dropped == null) {
            dropped =
                new HostCache.Drop(
                    s.endpoint().pageCacheDropped(),
                    "not dropped before " + a.variant().name() + "'s server, this round's first");
          }
        }
      }
      started.keySet().forEach(this::warm);
      long t0 = System.nanoTime();
      measureTogether();
      long share = warmed.isEmpty() ? 0 : (System.nanoTime() - t0) / warmed.size();
      warmed.keySet().forEach(a -> own.merge(a, share, Long::sum));
    } finally {
      warmed.values().forEach(CellPipeline.Warmed::close);
      stopAll();
    }
    return runs;
  }

  /** Warms {@code a}'s server up: its pipeline ready for the run, or its run failed. */
  private void warm(VariantSweep.Arm a) {
    long t0 = System.nanoTime();
    try {
      CellPipeline p = a.runner().pipeline(started.get(a), count, a.profile(profile), round);
      CellPipeline.Warmed w =
          p.warm(
              listener.preloadProgress(count, profile), listener.runProgress(count, profile, true));
      if (w.done() != null) {
        runs.put(a, w.done());
        w.close();
      } else {
        pipelines.put(a, p);
        warmed.put(a, w);
      }
    } catch (IOException | RuntimeException e) {
      runs.put(a, failedRun(a, e));
    }
    own.merge(a, System.nanoTime() - t0, Long::sum);
  }

  /** The warmed servers' measured runs, alternating (one alone if one is left), each finished. */
  private void measureTogether() {
    List<VariantSweep.Arm> ready = new ArrayList<>(warmed.keySet());
    if (ready.isEmpty()) {
      return;
    }
    Progress progress = listener.runProgress(count, profile, false);
    List<MeasuredRun.Readings> readings;
    try {
      readings =
          ready.size() == 1
              ? List.of(
                  MeasuredRun.measure(
                      pipelines.get(ready.get(0)).context(),
                      warmed.get(ready.get(0)).db(),
                      progress))
              : MeasuredRun.measureAlternating(
                  ready.stream().map(a -> pipelines.get(a).context()).toList(),
                  ready.stream().map(a -> warmed.get(a).db()).toList(),
                  sliceMillis,
                  progress);
    } catch (IOException | RuntimeException e) {
      ready.forEach(a -> runs.put(a, failedRun(a, e)));
      return;
    }
    for (int i = 0; i < ready.size(); i++) {
      VariantSweep.Arm a = ready.get(i);
      try {
        runs.put(a, pipelines.get(a).finish(warmed.get(a), readings.get(i)));
      } catch (IOException | RuntimeException e) {
        runs.put(a, failedRun(a, e));
      }
    }
  }

  /** Every server started is stopped, whatever ended the round early. */
  private void stopAll() {
    for (Map.Entry<VariantSweep.Arm, CellRunner.Started> e : started.entrySet()) {
      VariantSweep.Arm a = e.getKey();
      CellRun run = runs.get(a);
      if (run == null) {
        run = failedRun(a, new IOException("the round ended before this run"));
      }
      runs.put(a, a.runner().stopRun(e.getValue(), run, own.getOrDefault(a, 0L)));
    }
  }

  private CellRun failedRun(VariantSweep.Arm a, Exception e) {
    return new CellRun(
        CellResult.failed(count, profile.name(), a.target().kind(), Messages.of(e)), null);
  }
}
