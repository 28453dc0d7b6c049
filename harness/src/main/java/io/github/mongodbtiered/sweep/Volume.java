package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.BurstStart;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.volumes.LatencyMethod;
import java.util.List;
import java.util.Locale;

/**
 * The data volume a docker or embedded server keeps its data on.
 *
 * @param latency how profiles' added latency is applied ({@code --latency})
 * @param sizeBytes the volume's size, or 0 to size it from the data set ({@code --volume-size})
 * @param burstStart how full a burst-credit profile's bucket is when the sweep begins ({@code
 *     --burst-credits}); each such profile keeps its bucket from cell to cell
 */
public record Volume(LatencyMethod latency, long sizeBytes, BurstStart burstStart) {
  public Volume {
    burstStart = burstStart == null ? BurstStart.FULL : burstStart;
  }

  public Volume(LatencyMethod latency, long sizeBytes) {
    this(latency, sizeBytes, BurstStart.FULL);
  }

  /** The method the host allows, sized from the data set, buckets full. */
  public static Volume defaults() {
    return new Volume(LatencyMethod.AUTO, 0);
  }

  /**
   * @throws IllegalArgumentException naming the option whose value cannot be used
   */
  void check() {
    if (sizeBytes < 0) {
      throw new IllegalArgumentException("--volume-size cannot be negative");
    }
  }

  /**
   * As {@link #check()}, and each profile's added latency one the volume can add.
   *
   * @param mounted whether the servers' data sits on this volume (not a deployment at a URL)
   * @throws IllegalArgumentException naming the profile and the fix
   */
  public void check(List<DiskProfile> profiles, boolean mounted) {
    check();
    if (mounted && latency != LatencyMethod.OFF) {
      profiles.forEach(Volume::checkLatency);
    }
    profiles.stream().filter(DiskProfile::bursts).forEach(burstStart::creditsFor);
  }

  /**
   * Refuses an added latency with a fraction of a millisecond: nbdkit's delay filter (1.32) drops
   * the fraction without a word and dm-delay takes whole milliseconds, so 7.5 ms would run as 7.
   *
   * @throws IllegalArgumentException naming the profile and the fix
   */
  private static void checkLatency(DiskProfile profile) {
    double ms = profile.addedLatencyMillis();
    if (ms != Math.rint(ms)) {
      throw new IllegalArgumentException(
          String.format(
              Locale.ROOT,
              "profile %s asks +%s ms of added latency: the delayed volume adds whole"
                  + " milliseconds; give %d or %d as its added-latency-ms, or --latency off to run"
                  + " it without added latency",
              profile.name(),
              Double.toString(ms).replaceAll("0+$", ""),
              (long) Math.floor(ms),
              (long) Math.ceil(ms)));
    }
  }

  public Volume withLatency(LatencyMethod method) {
    return new Volume(method, sizeBytes, burstStart);
  }

  public Volume withSizeBytes(long bytes) {
    return new Volume(latency, bytes, burstStart);
  }

  public Volume withBurstStart(BurstStart start) {
    return new Volume(latency, sizeBytes, start);
  }
}
