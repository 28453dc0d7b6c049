package io.github.mongodbtiered.capacity;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A report's cells split into those the model can use ({@link Observation}) and those it cannot
 * explain ({@link Exclusion}, each with its reason).
 *
 * @param observations the usable cells, in the order given
 * @param exclusions the others, in the order given
 */
public record CellReadings(List<Observation> observations, List<Exclusion> exclusions) {
  /** At least this share of a cell's operations must be reads: the model knows no writes. */
  public static final double MIN_READ_SHARE = 0.95;

  public CellReadings {
    observations = List.copyOf(observations);
    exclusions = List.copyOf(exclusions);
  }

  /**
   * Reads {@code cells}; a cell's profile is its saved definition, else {@code profiles}' entry of
   * its name (a report's run.json); its threads its saved ones, else {@code defaultThreads}. With
   * {@code includeUnsteady}, cells not steady or unstable are used too.
   */
  public static CellReadings of(
      List<CellResult> cells,
      Map<String, DiskProfile> profiles,
      int defaultThreads,
      boolean includeUnsteady) {
    List<Observation> used = new ArrayList<>();
    List<Exclusion> excluded = new ArrayList<>();
    for (CellResult c : cells) {
      DiskProfile profile =
          c.settings() != null && c.settings().profile() != null
              ? c.settings().profile()
              : profiles.get(c.profile());
      String why = unusable(c, profile, includeUnsteady);
      if (why != null) {
        excluded.add(new Exclusion(c.key(), why));
      } else {
        used.add(observation(c, profile, defaultThreads));
      }
    }
    return new CellReadings(used, excluded);
  }

  /** Why the model cannot use {@code c}, or null when it can. */
  private static String unusable(CellResult c, DiskProfile profile, boolean includeUnsteady) {
    if (!c.ok()) {
      return "failed";
    }
    if (profile == null) {
      return "its profile's definition is not in the report";
    }
    if (c.settings() != null && c.settings().targetOpsPerSec() > 0) {
      return "open loop (--target): the model is a closed loop";
    }
    Double onCredits = c.metric(Metric.BURST_ON_CREDITS_S);
    if (onCredits != null && onCredits > 0) {
      return String.format(
          Locale.ROOT,
          "measured on burst credits (%.0f s above its baseline): the model knows the volume at"
              + " its baseline; --burst-credits empty measures it there",
          onCredits);
    }
    if (c.clientBound()) {
      return "client-bound: the client, not the server, set its throughput";
    }
    if (!includeUnsteady && Double.valueOf(0).equals(c.metric(Metric.STEADY_STATE))) {
      return "not steady: its warm-up ran out before the steady state";
    }
    if (!includeUnsteady && Double.valueOf(1).equals(c.metric(Metric.UNSTABLE))) {
      return "unstable: its throughput varied beyond the threshold";
    }
    LatencyStats read = c.latencies().get("READ");
    if (read == null || read.count() == 0 || c.operations() <= 0) {
      return "no READ operations measured";
    }
    if (read.count() < MIN_READ_SHARE * c.operations()) {
      return "a mixed workload (under 95% reads): the model knows no writes";
    }
    if (c.throughputOpsPerSec() <= 0) {
      return "no throughput measured";
    }
    if (readsPerOp(c) == null) {
      return "no device reads measured";
    }
    return null;
  }

  /**
   * The disk the cell really ran on: the embedded server's IOPS and bandwidth limits are labels,
   * and a latency the volume could not apply was not there.
   */
  static DiskSpec diskAsRun(CellResult c, DiskProfile profile) {
    DiskSpec asked = DiskSpec.of(profile);
    boolean throttled = !c.server().diskLimitsAreOnlyLabels();
    return new DiskSpec(
        throttled ? asked.readIops() : 0,
        c.latencyApplied() ? asked.addedLatencyMillis() : 0,
        throttled ? asked.readBytesPerSec() : 0);
  }

  private static Double readsPerOp(CellResult c) {
    Double ops = c.metric(Metric.DEVICE_READ_OPS);
    if (ops != null) {
      return ops / c.operations();
    }
    Double perSec = c.metric(Metric.DEVICE_READS_PER_SEC);
    return perSec == null || c.throughputOpsPerSec() <= 0 ? null : perSec / c.throughputOpsPerSec();
  }

  private static Observation observation(CellResult c, DiskProfile profile, int threads) {
    double readsPerOp = readsPerOp(c);
    Double fsOps = c.metric(Metric.FS_READ_OPS_REQUESTED);
    Double deviceOps = c.metric(Metric.DEVICE_READ_OPS);
    Double deviceBytes = c.metric(Metric.DEVICE_BYTES_READ);
    double bytesPerRead =
        deviceOps != null && deviceOps > 0 && deviceBytes != null ? deviceBytes / deviceOps : 0;
    Double live = c.metric(Metric.FILE_LIVE_BYTES);
    Double low = c.metric(Metric.OPS_PER_SEC_CI95_LOW);
    Double high = c.metric(Metric.OPS_PER_SEC_CI95_HIGH);
    Double cache = c.metric(Metric.WT_CACHE_MAX_BYTES);
    double ops = c.throughputOpsPerSec();
    return new Observation(
        c.recordCount(),
        c.profile(),
        diskAsRun(c, profile),
        profile.memoryBytes(),
        cache != null ? cache.longValue() : profile.effectiveCacheBytes().orElse(0),
        c.settings() != null ? c.settings().threads() : threads,
        new Band(ops, low != null ? low : ops, high != null ? high : ops),
        c.latencies().get("READ").p99Micros(),
        new Observation.Reads(
            readsPerOp, fsOps == null ? null : fsOps / c.operations(), bytesPerRead),
        live == null ? null : live.longValue());
  }
}
