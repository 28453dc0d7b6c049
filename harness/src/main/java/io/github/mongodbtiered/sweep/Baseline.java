package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.servers.ServerImages;
import java.util.Properties;

/**
 * The disk baseline measured per profile before the cells ({@code --disk-baseline}).
 *
 * @param settings how to measure each profile's disk, or null to skip it ({@code
 *     --no-disk-baseline})
 * @param probeImage the image that carries the disk probe ({@code --probe-image})
 */
public record Baseline(DiskBaseline.Settings settings, String probeImage) {
  /**
   * 5 s steps up to 16 threads, 4-32 KiB blocks in a 1 GiB file, in the workload's kind of I/O
   * ({@link DiskBaseline#modesFor}), probed from {@link ServerImages#STANDIN_IMAGE}.
   */
  public static Baseline defaultsFor(Properties workload) {
    return new Baseline(
        DiskBaseline.Settings.defaults()
            .withMaxThreads(16)
            .withSecondsPerStep(5)
            .withModes(DiskBaseline.modesFor(workload)),
        ServerImages.STANDIN_IMAGE);
  }

  /** No baseline. */
  public Baseline off() {
    return new Baseline(null, probeImage);
  }

  public Baseline withSettings(DiskBaseline.Settings s) {
    return new Baseline(s, probeImage);
  }

  public Baseline withProbeImage(String image) {
    return new Baseline(settings, image);
  }
}
