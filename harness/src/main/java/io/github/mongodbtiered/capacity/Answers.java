package io.github.mongodbtiered.capacity;

import java.util.List;

/**
 * The answers to a {@link Target}, each with its band and the cells it rests on.
 *
 * @param profiles per record count asked and measured profile: does it meet the target?
 * @param leastIops per record count and latency: the least read IOPS that would
 * @param largestCounts per measured profile: the largest record count that meets the target
 * @param memory per record count and profile: the memory at which the files stay in the filesystem
 *     cache
 */
public record Answers(
    List<ProfileAnswer> profiles,
    List<IopsAnswer> leastIops,
    List<CountAnswer> largestCounts,
    List<MemoryAnswer> memory,
    List<VolumeAnswer> volumes) {
  public Answers {
    profiles = List.copyOf(profiles);
    leastIops = List.copyOf(leastIops);
    largestCounts = List.copyOf(largestCounts);
    memory = List.copyOf(memory);
    volumes = List.copyOf(volumes);
  }

  /** No answers: a report the model cannot explain. */
  static Answers none() {
    return new Answers(List.of(), List.of(), List.of(), List.of(), List.of());
  }

  /**
   * The smallest volume of a shipped cloud type ({@code profiles/cloud.profiles}) that meets the
   * target at a record count: its provisioned IOPS or its size, with the type's own bandwidth and
   * latency class; for the fixed tiers (Azure Premium SSD) the smallest tier. Null where none of
   * the type does.
   *
   * @param type the type, e.g. {@code gp3}; {@code azure-p10..p50} for the fixed tiers
   * @param spec at the model's figure, e.g. {@code gp3:4200iops}
   * @param best at the band's best end (the smallest that may do)
   * @param worst at its worst end (the smallest that surely does)
   */
  public record VolumeAnswer(
      long recordCount,
      String type,
      String spec,
      String best,
      String worst,
      boolean extrapolated,
      boolean edge,
      List<String> cells) {
    public VolumeAnswer {
      cells = List.copyOf(cells);
    }
  }

  /** "model" or "extrapolated", with ", tier edge" where the cells it rests on disagree. */
  static String basis(boolean extrapolated, boolean edge) {
    return (extrapolated ? "extrapolated" : "model") + (edge ? ", tier edge" : "");
  }

  /** Whether a figure meets the target, its band considered. */
  public enum Verdict {
    /** Even the band's worst end meets it. */
    YES("yes"),
    /** Even the band's best end misses it. */
    NO("no"),
    /** The band straddles it. */
    UNSURE("unsure");

    private final String word;

    Verdict(String word) {
      this.word = word;
    }

    public String word() {
      return word;
    }

    static Verdict of(boolean worstMeets, boolean bestMeets) {
      return worstMeets ? YES : bestMeets ? UNSURE : NO;
    }
  }

  /**
   * A measured profile at a record count.
   *
   * @param basis {@code measured} (the cell itself, its throughput's 95% interval as the band),
   *     {@code model} or {@code extrapolated} (the leave-one-out band)
   * @param opsPerSec the throughput and its band
   * @param p99Micros READ's p99 and its band (a measured cell's has none)
   * @param cells the cells the figures rest on
   * @param pricePerMonth the profile's {@code price-per-month}, or null when none was given
   */
  public record ProfileAnswer(
      long recordCount,
      String profile,
      String basis,
      Band opsPerSec,
      Band p99Micros,
      Verdict verdict,
      List<String> cells,
      Double pricePerMonth) {
    public ProfileAnswer {
      cells = List.copyOf(cells);
    }
  }

  /**
   * The least read IOPS meeting the target at a record count and added latency; null where no IOPS
   * would (the in-memory rate or the latency itself misses it), {@link #ANY_IOPS} where any would
   * (the count reads next to nothing from the device).
   *
   * @param iops with the model's figures
   * @param iopsLow with the band's best end
   * @param iopsHigh with the band's worst end
   * @param extrapolated the record count lies beyond the measured points
   * @param edge the cells it rests on disagree on reads per operation ({@link TierEdge}): the band
   *     runs from the lowest's reads to the highest's
   */
  public record IopsAnswer(
      long recordCount,
      double latencyMillis,
      Double iops,
      Double iopsLow,
      Double iopsHigh,
      boolean extrapolated,
      boolean edge,
      List<String> cells) {
    /** Any read IOPS meets the target: even one read a second does. */
    public static final double ANY_IOPS = 0;

    public IopsAnswer {
      cells = List.copyOf(cells);
    }
  }

  /**
   * The largest record count meeting the target on a profile, searched from the smallest measured
   * count to {@link Advisor#SEARCH_BEYOND_LARGEST} times the largest; null when the smallest
   * already misses.
   *
   * @param atSearchEnd true when the search's end still met it: the answer is "at least"
   * @param beyondMeasured true when the answer lies beyond the largest measured count
   */
  public record CountAnswer(
      String profile,
      Long largest,
      Long low,
      Long high,
      boolean atSearchEnd,
      boolean beyondMeasured) {}

  /**
   * The memory at which the record count's files stay in the filesystem cache, with the profile's
   * WiredTiger cache: live bytes + that cache + the allowance the tier rule keeps.
   *
   * @param liveBytes the files' live bytes (measured, or scaled from the nearest measured count)
   * @param low with the lowest cell's live bytes
   * @param high with the highest cell's
   */
  public record MemoryAnswer(
      long recordCount,
      String profile,
      double liveBytes,
      long wtCacheBytes,
      double memoryBytes,
      double low,
      double high,
      List<String> cells) {
    public MemoryAnswer {
      cells = List.copyOf(cells);
    }
  }
}
