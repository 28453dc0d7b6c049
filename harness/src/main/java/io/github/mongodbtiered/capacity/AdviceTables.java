package io.github.mongodbtiered.capacity;

import io.github.mongodbtiered.capacity.Answers.CountAnswer;
import io.github.mongodbtiered.capacity.Answers.IopsAnswer;
import io.github.mongodbtiered.capacity.Answers.MemoryAnswer;
import io.github.mongodbtiered.capacity.Answers.ProfileAnswer;
import io.github.mongodbtiered.capacity.Answers.VolumeAnswer;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** A {@link Capacity} as the tables every format shows, in order. */
public final class AdviceTables {
  private AdviceTables() {}

  /** The check, the cells not fitted, then the answers. */
  public static List<Table> of(Capacity c, Target target) {
    List<Table> t = new ArrayList<>();
    t.add(validation(c.validation()));
    t.add(notFitted(c));
    t.add(profiles(c.answers().profiles(), target, c.validation().band()));
    t.add(leastIops(c.answers().leastIops(), target));
    t.add(volumes(c.answers().volumes(), target));
    t.add(largestCounts(c.answers().largestCounts(), target));
    t.add(memory(c.answers().memory()));
    return t;
  }

  /** The check and the cells not fitted: what a report's own page shows, with no target. */
  public static List<Table> check(Capacity c) {
    return List.of(validation(c.validation()), notFitted(c));
  }

  static Table validation(LeaveOneOut v) {
    List<List<String>> rows = new ArrayList<>();
    for (LeaveOneOut.Check k : v.checks()) {
      rows.add(
          List.of(
              k.cell(),
              k.diskBound() ? "yes" : "no",
              fixed(k.measuredOpsPerSec(), 0),
              fixed(k.predictedOpsPerSec(), 0),
              Format.percent(k.opsError()),
              fixed(k.measuredP99Micros() / 1000, 1),
              fixed(k.predictedP99Micros() / 1000, 1),
              Format.percent(k.p99Error())
                  + (k.extrapolated() ? " (extrapolated)" : "")
                  + (k.ownReads() ? " (tier edge: its own reads)" : "")));
    }
    return new Table(
        "validation",
        "Leave one profile out: each profile's cells predicted from the other profiles' reads per"
            + " operation and its own disk",
        List.of(
            "cell",
            "disk-bound",
            "measured ops/s",
            "predicted ops/s",
            "error",
            "measured p99 ms",
            "predicted p99 ms",
            "p99 error"),
        rows,
        summary("all " + v.checks().size() + " cells", ErrorBand.of(v.checks()))
            + "; "
            + summary("the " + v.diskBound().size() + " disk-bound", ErrorBand.of(v.diskBound()))
            + edges(v.edges()));
  }

  /**
   * "; tier edge at 4000000 records: ..." for each count whose cells disagree on reads per
   * operation, or nothing.
   */
  static String edges(List<TierEdge> edges) {
    StringBuilder b = new StringBuilder();
    for (TierEdge e : edges) {
      b.append(
          String.format(
              Locale.ROOT,
              "; tier edge at %d records: its cells read %.3f to %.3f device reads per operation"
                  + " (the page cache held different amounts), so each was checked with its own"
                  + " and answers resting on this count span the range",
              e.recordCount(),
              e.low(),
              e.high()));
    }
    return b.toString();
  }

  /**
   * Several sweeps' checks side by side, one row each: the disk-bound cells' errors (what the model
   * is for), all cells' errors, how often the band drawn without a cell's profile held it, and the
   * record counts on a tier's edge.
   *
   * @param sweeps each sweep's name
   * @param checks each sweep's check, null where its model could not be built
   * @param why why not, for those
   */
  public static Table sweeps(List<String> sweeps, List<LeaveOneOut> checks, List<String> why) {
    List<List<String>> rows = new ArrayList<>();
    for (int i = 0; i < sweeps.size(); i++) {
      LeaveOneOut v = checks.get(i);
      if (v == null) {
        rows.add(
            List.of(sweeps.get(i), "0", "", "", "", "", "", "", "not modelled: " + why.get(i)));
        continue;
      }
      ErrorBand disk = ErrorBand.of(v.diskBound());
      ErrorBand all = ErrorBand.of(v.checks());
      rows.add(
          List.of(
              sweeps.get(i),
              Integer.toString(v.checks().size()),
              Integer.toString(v.diskBound().size()),
              errors(disk.checks(), disk.opsMedianAbsError(), disk.opsWorstAbsError()),
              errors(disk.checks(), disk.p99MedianAbsError(), disk.p99WorstAbsError()),
              errors(all.checks(), all.opsMedianAbsError(), all.opsWorstAbsError()),
              errors(all.checks(), all.p99MedianAbsError(), all.p99WorstAbsError()),
              v.heldOutCovered() + " of " + v.checks().size(),
              String.join(
                  " ", v.edges().stream().map(e -> Long.toString(e.recordCount())).toList())));
    }
    return new Table(
        "sweeps",
        "Leave one profile out, sweep by sweep: absolute errors, median / worst",
        List.of(
            "sweep",
            "cells",
            "disk-bound",
            "disk-bound ops error",
            "disk-bound p99 error",
            "all ops error",
            "all p99 error",
            "band held",
            "tier edges"),
        rows,
        "band held: the cells whose measured throughput and p99 lay within the band drawn from"
            + " the other profiles' checks alone; tier edges: record counts whose cells disagree on"
            + " reads per operation, checked on their own");
  }

  private static String errors(int checks, double median, double worst) {
    return checks == 0
        ? "-"
        : String.format(Locale.ROOT, "%.1f%% / %.1f%%", median * 100, worst * 100);
  }

  /** "disk-bound: throughput error median 4.1%, worst 12.0%; p99 median 9.0%, worst 30.2%". */
  public static String summary(String which, ErrorBand b) {
    if (b.checks() == 0) {
      return which + ": none";
    }
    return String.format(
        Locale.ROOT,
        "%s: throughput error median %.1f%%, worst %.1f%%; p99 error median %.1f%%, worst %.1f%%",
        which,
        b.opsMedianAbsError() * 100,
        b.opsWorstAbsError() * 100,
        b.p99MedianAbsError() * 100,
        b.p99WorstAbsError() * 100);
  }

  static Table notFitted(Capacity c) {
    List<List<String>> rows = new ArrayList<>();
    c.readings().exclusions().forEach(e -> rows.add(List.of(e.key(), e.reason())));
    c.validation()
        .unchecked()
        .forEach(e -> rows.add(List.of(e.key(), "not checked: " + e.reason())));
    return new Table(
        "not-fitted",
        "Cells the model cannot explain: named, not fitted",
        List.of("cell", "why"),
        rows,
        "");
  }

  static Table profiles(List<ProfileAnswer> answers, Target target, ErrorBand band) {
    boolean priced = answers.stream().anyMatch(a -> a.pricePerMonth() != null);
    List<ProfileAnswer> ordered = answers;
    if (priced) {
      // Within a record count, cheapest first: the first that meets is the answer to buy.
      ordered =
          answers.stream()
              .sorted(
                  java.util.Comparator.comparingLong(ProfileAnswer::recordCount)
                      .thenComparing(
                          a -> a.pricePerMonth() == null ? Double.MAX_VALUE : a.pricePerMonth()))
              .toList();
    }
    List<List<String>> rows = new ArrayList<>();
    for (ProfileAnswer a : ordered) {
      List<String> row =
          new ArrayList<>(
              List.of(
                  Long.toString(a.recordCount()),
                  a.profile(),
                  a.verdict().word(),
                  Format.band(a.opsPerSec()),
                  Format.msBand(a.p99Micros()),
                  a.basis(),
                  String.join(" ", a.cells())));
      if (priced) {
        row.add(3, a.pricePerMonth() == null ? "-" : Format.number(a.pricePerMonth()));
      }
      rows.add(row);
    }
    List<String> header =
        new ArrayList<>(
            List.of(
                "records",
                "profile",
                "meets",
                "ops/s (band)",
                "READ p99 ms (band)",
                "basis",
                "rests on"));
    if (priced) {
      header.add(3, "price/month");
    }
    return new Table(
        "profiles",
        "Which measured profiles meet " + target.label(),
        header,
        rows,
        "band: a measured cell's throughput 95% interval; a modelled one's the leave-one-out"
            + " error range (throughput x"
            + fixed(1 / Math.max(band.opsRatioHigh(), 1), 2)
            + " to x"
            + fixed(1 / Math.max(Math.min(band.opsRatioLow(), 1), 1e-9), 2)
            + "); unsure: the band straddles the target"
            + (priced
                ? "; priced profiles (price-per-month) cheapest first within a record count"
                : ""));
  }

  static Table leastIops(List<IopsAnswer> answers, Target target) {
    List<List<String>> rows = new ArrayList<>();
    for (IopsAnswer a : answers) {
      rows.add(
          List.of(
              Long.toString(a.recordCount()),
              Format.number(a.latencyMillis()),
              iops(a.iops()),
              iops(a.iopsLow()) + " - " + iops(a.iopsHigh()),
              Answers.basis(a.extrapolated(), a.edge()),
              String.join(" ", a.cells())));
    }
    return new Table(
        "least-iops",
        "The least read IOPS that would meet " + target.label(),
        List.of("records", "added latency ms", "least IOPS", "band", "basis", "rests on"),
        rows,
        "none: no IOPS would (the in-memory rate or the latency itself misses the target); any:"
            + " even 1 read/s would (the count reads next to nothing from the device)");
  }

  static Table volumes(List<VolumeAnswer> answers, Target target) {
    List<List<String>> rows = new ArrayList<>();
    for (VolumeAnswer a : answers) {
      rows.add(
          List.of(
              Long.toString(a.recordCount()),
              a.type(),
              none(a.spec()),
              none(a.best()) + " - " + none(a.worst()),
              Answers.basis(a.extrapolated(), a.edge()),
              String.join(" ", a.cells())));
    }
    return new Table(
        "cloud-volumes",
        "The smallest cloud volume of each type that would meet " + target.label(),
        List.of("records", "type", "smallest", "band", "basis", "rests on"),
        rows,
        "each type's IOPS, bandwidth and latency class as profiles/cloud.profiles sizes it"
            + " (docs/profiles.md), at its baseline: a burst bucket's credits run out; a type"
            + " sized by its size at least twice the data's live bytes; none: no volume of the type"
            + " would; band: the smallest at the band's best and worst ends");
  }

  private static String none(String spec) {
    return spec == null ? "none" : spec;
  }

  private static String iops(Double v) {
    return v == null ? "none" : v == IopsAnswer.ANY_IOPS ? "any" : fixed(v, 0);
  }

  static Table largestCounts(List<CountAnswer> answers, Target target) {
    List<List<String>> rows = new ArrayList<>();
    for (CountAnswer a : answers) {
      rows.add(
          List.of(
              a.profile(),
              count(a.largest()) + (a.atSearchEnd() ? " or more" : ""),
              count(a.low()) + " - " + count(a.high()),
              a.beyondMeasured() ? "extrapolated" : "model"));
    }
    return new Table(
        "largest-count",
        "The largest record count that meets " + target.label(),
        List.of("profile", "largest records", "band", "basis"),
        rows,
        "searched up to "
            + Advisor.SEARCH_BEYOND_LARGEST
            + "x the largest measured count; none: the smallest measured count already misses");
  }

  private static String count(Long v) {
    return v == null ? "none" : Long.toString(v);
  }

  static Table memory(List<MemoryAnswer> answers) {
    List<List<String>> rows = new ArrayList<>();
    for (MemoryAnswer m : answers) {
      rows.add(
          List.of(
              Long.toString(m.recordCount()),
              m.profile(),
              Format.mib(m.liveBytes()),
              Format.mib(m.wtCacheBytes()),
              Format.mib(m.memoryBytes()),
              Format.mib(m.low()) + " - " + Format.mib(m.high()),
              m.cells().isEmpty() ? "scaled from the nearest count" : String.join(" ", m.cells())));
    }
    return new Table(
        "memory",
        "The memory at which the files stay in the filesystem cache",
        List.of("records", "profile", "live", "WiredTiger cache", "memory", "band", "rests on"),
        rows,
        "live bytes + the profile's WiredTiger cache + 256 MiB for the server and kernel (the"
            + " tier rule's); band: the cells' live bytes' range");
  }

  private static String fixed(double v, int decimals) {
    return String.format(Locale.ROOT, "%." + decimals + "f", v);
  }
}
