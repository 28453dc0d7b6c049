package io.github.mongodbtiered.capacity;

import io.github.mongodbtiered.capacity.Answers.CountAnswer;
import io.github.mongodbtiered.capacity.Answers.IopsAnswer;
import io.github.mongodbtiered.capacity.Answers.MemoryAnswer;
import io.github.mongodbtiered.capacity.Answers.ProfileAnswer;
import io.github.mongodbtiered.capacity.Answers.Verdict;
import io.github.mongodbtiered.capacity.Answers.VolumeAnswer;
import io.github.mongodbtiered.metrics.TierClassifier;
import io.github.mongodbtiered.profiles.CloudVolumes;
import io.github.mongodbtiered.profiles.DiskProfile;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The answers to a {@link Target} from a fitted model, its leave-one-out band and the measured
 * cells: a measured cell answers for itself; anything else is the model's, within the band.
 */
final class Advisor {
  /** The largest-count search goes up to this multiple of the largest measured count. */
  static final int SEARCH_BEYOND_LARGEST = 4;

  private static final int SEARCH_STEPS = 240;
  private static final double MAX_IOPS = 1e7;

  private final CapacityModel model;
  private final ErrorBand band;
  private final List<Observation> cells;
  private final Target target;
  private final Map<String, Observation> profiles = new LinkedHashMap<>();

  /** What each profile costs a month where the user priced it. */
  private final Map<String, Double> prices;

  Advisor(
      CapacityModel model,
      ErrorBand band,
      List<Observation> cells,
      Target target,
      Map<String, Double> prices) {
    this.prices = Map.copyOf(prices);
    this.model = model;
    this.band = band;
    this.cells = cells;
    this.target = target;
    cells.forEach(o -> profiles.putIfAbsent(o.profile(), o));
  }

  Answers answers() {
    List<ProfileAnswer> perProfile = new ArrayList<>();
    List<IopsAnswer> iops = new ArrayList<>();
    List<MemoryAnswer> memory = new ArrayList<>();
    for (long count : target.recordCounts()) {
      profiles.values().forEach(p -> perProfile.add(profileAnswer(count, p)));
      target.latenciesMillis().forEach(l -> iops.add(leastIops(count, l)));
      profiles.values().forEach(p -> memoryAnswer(count, p).ifPresent(memory::add));
    }
    List<CountAnswer> counts = profiles.values().stream().map(this::largestCount).toList();
    List<VolumeAnswer> volumes = new ArrayList<>();
    for (long count : target.recordCounts()) {
      volumes.addAll(volumeAnswers(count));
    }
    return new Answers(perProfile, iops, counts, memory, volumes);
  }

  /**
   * The smallest volume of each shipped cloud type that meets the target at {@code count}: a
   * provisioned or sized type searched over its range, the fixed tiers tried smallest first.
   */
  private List<VolumeAnswer> volumeAnswers(long count) {
    CloudVolumes cloud = CloudVolumes.shipped();
    Observation shape = profiles.values().iterator().next();
    CapacityModel.Prediction any =
        model.predict(count, new DiskSpec(0, 0, 0), shape.memoryBytes(), threads(shape));
    List<VolumeAnswer> out = new ArrayList<>();
    List<String> tiers = new ArrayList<>();
    for (String type : cloud.typeNames()) {
      if (cloud.sizedBy(type).equals("tier")) {
        tiers.add(type);
        continue;
      }
      String[] smallest = new String[3];
      for (int end = -1; end <= 1; end++) {
        smallest[end + 1] = smallestOf(cloud, type, count, shape, end);
      }
      out.add(volumeAnswer(count, type, smallest, any));
    }
    if (!tiers.isEmpty()) {
      String[] smallest = new String[3];
      for (int end = -1; end <= 1; end++) {
        int e = end;
        smallest[end + 1] =
            tiers.stream()
                .filter(t -> meetsOn(cloud.profile(t), count, shape, e))
                .findFirst()
                .orElse(null);
      }
      String group = tiers.get(0) + ".." + tiers.get(tiers.size() - 1).replaceAll(".*-", "");
      out.add(volumeAnswer(count, group, smallest, any));
    }
    return out;
  }

  private static VolumeAnswer volumeAnswer(
      long count, String type, String[] smallest, CapacityModel.Prediction any) {
    return new VolumeAnswer(
        count,
        type,
        smallest[1],
        smallest[2],
        smallest[0],
        any.extrapolated(),
        any.reads().edge(),
        any.reads().cells());
  }

  /** The smallest spec of {@code type} meeting the target at the band's {@code end}, or null. */
  private String smallestOf(
      CloudVolumes cloud, String type, long count, Observation shape, int end) {
    long[] range = cloud.sizeRange(type);
    long lo = range[0];
    long hi = range[1];
    Double live = model.curve().liveBytes(count);
    if (cloud.sizedBy(type).equals("size") && live != null) {
      // A volume sized by its size holds the data: twice the live bytes, room to grow and compact.
      lo = Math.max(lo, (long) Math.ceil(2 * live / (1L << 30)));
      hi = Math.max(hi, lo);
    }
    if (!meetsOn(cloud.profile(cloud.spec(type, hi)), count, shape, end)) {
      return null;
    }
    if (meetsOn(cloud.profile(cloud.spec(type, lo)), count, shape, end)) {
      return cloud.spec(type, lo);
    }
    while (hi - lo > 1) {
      long mid = lo + (hi - lo) / 2;
      if (meetsOn(cloud.profile(cloud.spec(type, mid)), count, shape, end)) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return cloud.spec(type, hi);
  }

  private boolean meetsOn(DiskProfile volume, long count, Observation shape, int end) {
    return meets(
        model.predict(count, DiskSpec.of(volume), shape.memoryBytes(), threads(shape)), end);
  }

  private int threads(Observation profile) {
    return target.threads() != null ? target.threads() : profile.threads();
  }

  private ProfileAnswer profileAnswer(long count, Observation profile) {
    Optional<Observation> cell =
        cells.stream()
            .filter(o -> o.recordCount() == count && o.profile().equals(profile.profile()))
            .filter(o -> target.threads() == null || o.threads() == target.threads())
            .findFirst();
    if (cell.isPresent()) {
      Observation o = cell.get();
      Band ops = o.opsPerSec();
      Verdict v =
          Verdict.of(target.met(ops.low(), o.p99Micros()), target.met(ops.high(), o.p99Micros()));
      return new ProfileAnswer(
          count,
          o.profile(),
          "measured",
          ops,
          Band.exact(o.p99Micros()),
          v,
          List.of(o.key()),
          prices.get(o.profile()));
    }
    CapacityModel.Prediction p =
        model.predict(count, profile.disk(), profile.memoryBytes(), threads(profile));
    Band ops = new Band(p.opsPerSec(), opsAt(p, -1), opsAt(p, 1));
    Band p99 = new Band(p.p99Micros(), p99At(p, 1), p99At(p, -1));
    Verdict v = Verdict.of(target.met(ops.low(), p99.high()), target.met(ops.high(), p99.low()));
    return new ProfileAnswer(
        count,
        profile.profile(),
        Answers.basis(p.extrapolated(), p.reads().edge()),
        ops,
        p99,
        v,
        p.reads().cells(),
        prices.get(profile.profile()));
  }

  /**
   * Throughput at the band's worst end (-1), the model's figure (0) or its best end (1): the
   * leave-one-out band around the figures at the worst or best reads per operation.
   */
  private double opsAt(CapacityModel.Prediction p, int end) {
    return end < 0
        ? band.opsLow(p.worst().opsPerSec())
        : end > 0 ? band.opsHigh(p.best().opsPerSec()) : p.opsPerSec();
  }

  /** READ p99 at the band's worst end (-1), the model's figure (0) or its best end (1). */
  private double p99At(CapacityModel.Prediction p, int end) {
    return end < 0
        ? band.p99High(p.worst().p99Micros())
        : end > 0 ? band.p99Low(p.best().p99Micros()) : p.p99Micros();
  }

  /** Meets the target at the band's worst end (-1), the model's figure (0) or its best end (1). */
  private boolean meets(CapacityModel.Prediction p, int end) {
    return target.met(opsAt(p, end), p99At(p, end));
  }

  private IopsAnswer leastIops(long count, double latencyMillis) {
    Observation shape = profiles.values().iterator().next();
    DiskSpec disk = new DiskSpec(0, latencyMillis, 0);
    CapacityModel.Prediction unlimited =
        model.predict(count, disk, shape.memoryBytes(), threads(shape));
    Double[] least = new Double[3];
    for (int end = -1; end <= 1; end++) {
      least[end + 1] = leastIops(count, disk, shape, end);
    }
    return new IopsAnswer(
        count,
        latencyMillis,
        least[1],
        least[2],
        least[0],
        unlimited.extrapolated(),
        unlimited.reads().edge(),
        unlimited.reads().cells());
  }

  private Double leastIops(long count, DiskSpec disk, Observation shape, int end) {
    if (!meets(model.predict(count, disk, shape.memoryBytes(), threads(shape)), end)) {
      return null;
    }
    double lo = 1;
    double hi = MAX_IOPS;
    if (meets(
        model.predict(count, disk.withReadIops(lo), shape.memoryBytes(), threads(shape)), end)) {
      return IopsAnswer.ANY_IOPS;
    }
    for (int i = 0; i < 60; i++) {
      double mid = Math.sqrt(lo * hi);
      boolean ok =
          meets(
              model.predict(count, disk.withReadIops(mid), shape.memoryBytes(), threads(shape)),
              end);
      if (ok) {
        hi = mid;
      } else {
        lo = mid;
      }
    }
    return Math.ceil(hi);
  }

  private CountAnswer largestCount(Observation profile) {
    long smallest = cells.stream().mapToLong(Observation::recordCount).min().orElseThrow();
    long largestMeasured = cells.stream().mapToLong(Observation::recordCount).max().orElseThrow();
    long end = largestMeasured * SEARCH_BEYOND_LARGEST;
    Long[] found = new Long[3];
    boolean atEnd = false;
    for (int e = -1; e <= 1; e++) {
      Long last = null;
      for (int i = 0; i <= SEARCH_STEPS; i++) {
        long count =
            Math.round(smallest * Math.pow((double) end / smallest, (double) i / SEARCH_STEPS));
        CapacityModel.Prediction p =
            model.predict(count, profile.disk(), profile.memoryBytes(), threads(profile));
        if (!meets(p, e)) {
          break;
        }
        last = count;
        atEnd |= e == 0 && i == SEARCH_STEPS;
      }
      found[e + 1] = last;
    }
    return new CountAnswer(
        profile.profile(),
        found[1],
        found[0],
        found[2],
        atEnd,
        found[1] != null && found[1] > largestMeasured);
  }

  private Optional<MemoryAnswer> memoryAnswer(long count, Observation profile) {
    Double live = model.curve().liveBytes(count);
    if (live == null || profile.wtCacheBytes() <= 0) {
      return Optional.empty();
    }
    List<Observation> at =
        cells.stream().filter(o -> o.recordCount() == count && o.liveBytes() != null).toList();
    double low = at.stream().mapToDouble(o -> o.liveBytes()).min().orElse(live);
    double high = at.stream().mapToDouble(o -> o.liveBytes()).max().orElse(live);
    long fixed = profile.wtCacheBytes() + TierClassifier.FS_CACHE_ALLOWANCE_BYTES;
    return Optional.of(
        new MemoryAnswer(
            count,
            profile.profile(),
            live,
            profile.wtCacheBytes(),
            live + fixed,
            low + fixed,
            high + fixed,
            at.stream().map(Observation::key).toList()));
  }
}
