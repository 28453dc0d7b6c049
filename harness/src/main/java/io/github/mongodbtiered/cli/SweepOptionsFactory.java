package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.sweep.SweepOptions;
import io.github.mongodbtiered.sweep.SweepOptionsBuilder;
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
    SweepOptionsBuilder options =
        SweepOptions.builder()
            .recordCounts(cells.recordCounts())
            .profiles(cells.profiles())
            .workload(properties)
            .workloadName(workload.workload)
            .threads(workload.threads(properties))
            .runOperations(workload.operations)
            .runSeconds(workload.seconds)
            .warmupSeconds(workload.warmup)
            .runMinSeconds(workload.minSeconds)
            .precision(workload.precision)
            .targetOpsPerSec(workload.targetOpsPerSec)
            .maxErrors(workload.maxErrors)
            .loadThreads(load.threads)
            .loadBatchSize(load.batchSize)
            .dropExisting(load.dropExisting)
            .server(server.choice())
            .mongodbUrl(server.mongodbUrl)
            .shardUrls(server.shardUrls())
            .image(server.image)
            .outDir(out.toAbsolutePath())
            .dataDir(server.dataDir(out))
            .commandLine(commandLine)
            .diskBaseline(baseline.settings(properties))
            .probeImage(baseline.probeImage.image)
            .latency(volume.latency)
            .volumeSizeBytes(volume.volumeSizeBytes())
            .remeasure(cells.remeasure)
            .coldCells(workload.coldCells);
    Counts.RepeatCount.Value repeats = workload.repeats;
    return (repeats.auto() ? options.repeatsAuto(repeats.runs()) : options.repeats(repeats.runs()))
        .build();
  }
}
