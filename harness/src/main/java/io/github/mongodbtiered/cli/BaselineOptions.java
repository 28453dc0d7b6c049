package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.sweep.Baseline;
import java.util.Properties;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The disk baseline a sweep measures per profile before its cells. */
final class BaselineOptions {
  @Option(
      names = "--disk-baseline",
      negatable = true,
      fallbackValue = "true",
      description =
          "Before the cells, measure what each profile's disk delivers (random O_DIRECT I/O"
              + " of --baseline-blocks, --baseline-mode, threads doubling to"
              + " --baseline-max-threads),"
              + " in a container limited like the profile's server (the bare disk once for"
              + " --server embedded), and keep it in run.json and index.html. A baseline an"
              + " earlier run of this report measured is kept. Default: on; a URL target is"
              + " skipped, its disk is not on this host.")
  boolean enabled;

  @Option(
      names = "--baseline-mode",
      paramLabel = "MODE",
      converter = MeasurementOptions.IoMode.Converter.class,
      description =
          "${COMPLETION-CANDIDATES}: what the baseline measures (default: read for a workload"
              + " that only reads, as the study's fio baseline did; both when it updates, inserts"
              + " or read-modify-writes).")
  MeasurementOptions.IoMode mode;

  @Option(
      names = "--baseline-seconds",
      paramLabel = "SECONDS",
      converter = Counts.MeasuredSeconds.class,
      description = "Seconds per baseline step (default: ${DEFAULT-VALUE}).")
  double seconds;

  @Option(
      names = "--baseline-max-threads",
      paramLabel = "N",
      converter = Counts.BaselineThreads.class,
      description = "The baseline's last thread count, a power of two (default: ${DEFAULT-VALUE}).")
  int maxThreads;

  @Option(
      names = "--baseline-blocks",
      paramLabel = "RANGE",
      converter = BlockRange.Converter.class,
      description =
          "I/O size range of the baseline, each operation a random size in it, as in the"
              + " study's fio runs (default: ${DEFAULT-VALUE}).")
  BlockRange blocks;

  @Option(
      names = "--baseline-file-size",
      paramLabel = "SIZE",
      converter = ByteSize.Converter.class,
      description =
          "Size of the baseline's file in the data directory, removed afterwards"
              + " (default: ${DEFAULT-VALUE}).")
  ByteSize fileSize;

  @Mixin ProbeImageOption probeImage;

  /**
   * The disk baseline these options give.
   *
   * @param workload the cells' workload properties, which decide the default mode
   */
  Baseline baseline(Properties workload) {
    return new Baseline(settings(workload), probeImage.image);
  }

  /**
   * The baseline's settings, or null with --no-disk-baseline.
   *
   * @param workload the cells' workload properties, which decide the default mode
   */
  private DiskBaseline.Settings settings(Properties workload) {
    if (!enabled) {
      return null;
    }
    blocks.requireFits("--baseline-file-size", fileSize);
    return new DiskBaseline.Settings(
        mode != null ? mode.modes : DiskBaseline.modesFor(workload),
        blocks.minBytes(),
        blocks.maxBytes(),
        fileSize.bytes(),
        maxThreads,
        seconds);
  }
}
