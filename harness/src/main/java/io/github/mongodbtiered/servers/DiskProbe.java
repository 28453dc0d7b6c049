package io.github.mongodbtiered.servers;

import io.github.mongodbtiered.profiles.BurstBucket;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.IoLatency;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Measures what a profile's throttle really delivers: random block-sized O_DIRECT reads or writes
 * on a file in the data directory, from inside a container limited exactly as the server's would
 * be. The probe program ships in the stand-in image.
 */
public final class DiskProbe {
  private DiskProbe() {}

  /**
   * What to run.
   *
   * @param write random writes instead of reads
   * @param threads concurrent I/O threads
   * @param seconds how long to measure
   * @param fileBytes size of the file the offsets are drawn from
   * @param blockBytes size of one I/O
   */
  public record Settings(
      boolean write, int threads, double seconds, long fileBytes, int blockBytes) {
    public Settings {
      if (threads < 1 || seconds <= 0 || fileBytes < (1 << 20) || blockBytes < 512) {
        throw new IllegalArgumentException(
            "probe settings: threads >= 1, seconds > 0, file >= 1 MiB, block >= 512 B");
      }
    }
  }

  /** Delivered IOPS, bandwidth and latency of one probe run. */
  public record Result(
      DiskProfile profile,
      String mode,
      int blockBytes,
      int threads,
      double seconds,
      long ops,
      double iops,
      double mibPerSec,
      IoLatency latency) {}

  /**
   * Writes the file {@code probe} and {@code disk-baseline} measure ({@code
   * mongodb-tiered-probe.dat} in {@code dataDir}) from this process, unthrottled, unless it already
   * holds {@code fileBytes}: so a slow profile's limits and latency never slow the filling.
   *
   * @return the file
   */
  public static Path prepareFile(Path dataDir, long fileBytes) throws IOException {
    Path file = dataDir.resolve(ProbeContainer.FILE_NAME);
    ProbeContainer.prepareFile(file, fileBytes);
    return file;
  }

  /** Runs the probe in a container limited by {@code profile}, with its file in {@code dataDir}. */
  public static Result run(String probeImage, DiskProfile profile, Path dataDir, Settings s)
      throws IOException {
    return run(probeImage, profile, dataDir, s, null).result();
  }

  /**
   * A probe on a burst-credit volume: its result and the bucket second by second.
   *
   * @param burst the bucket's seconds; empty for a volume without one
   */
  public record Bursting(Result result, List<BurstThrottle.Tick> burst) {}

  /**
   * As {@link #run(String, DiskProfile, Path, Settings)}, on a burst-credit volume whose bucket is
   * {@code bucket} (null: none), spent by the probe's I/O and left as the probe leaves it.
   */
  public static Bursting run(
      String probeImage, DiskProfile profile, Path dataDir, Settings s, BurstBucket bucket)
      throws IOException {
    ProbeContainer.prepareFile(dataDir.resolve(ProbeContainer.FILE_NAME), s.fileBytes());
    ProbeContainer.Ran ran =
        ProbeContainer.run(
            probeImage,
            profile,
            dataDir,
            List.of(
                ProbeContainer.MOUNTED_FILE,
                s.write() ? "write" : "read",
                Long.toString(s.fileBytes() >> 20),
                String.format(Locale.ROOT, "%.3f", s.seconds()),
                Integer.toString(s.threads()),
                Integer.toString(s.blockBytes())),
            Duration.ofSeconds((long) s.seconds() + 120),
            line -> {},
            bucket);
    return new Bursting(ProbeOutput.result(profile, ran.logs()), ran.burst());
  }
}
