package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.sweep.SweepOptions;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;

/** The sweep's options, as the command line gave them, into the runner's one options object. */
final class SweepOptionsFactory {
  private SweepOptionsFactory() {}

  /**
   * @param out the report directory
   * @param commandLine the command as typed, for run.json
   * @throws IllegalArgumentException naming the option whose value cannot be used
   */
  static SweepOptions create(
      CellOptions cells,
      WorkloadOptions workload,
      LoadOptions load,
      ServerOptions server,
      BaselineOptions baseline,
      VolumeOptions volume,
      Path out,
      List<String> commandLine)
      throws IOException {
    Properties properties = workload.properties();
    return new SweepOptions(
        cells.recordCounts,
        cells.profiles(),
        properties,
        workload.threads(properties),
        workload.operations,
        workload.seconds,
        workload.warmup,
        load.threads,
        load.batchSize,
        server.choice(),
        server.mongodbUrl,
        server.image,
        out.toAbsolutePath(),
        server.dataDir(out),
        load.dropExisting,
        commandLine,
        baseline.settings(),
        baseline.probeImage.image,
        volume.latency,
        volume.volumeSizeBytes(),
        workload.workload,
        cells.remeasure,
        workload.maxErrors,
        workload.repeats,
        workload.targetOpsPerSec);
  }
}
