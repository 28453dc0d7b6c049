package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.sweep.Loading;
import picocli.CommandLine.Option;

/** How the sweep loads the records each cell's count needs. */
final class LoadOptions {
  @Option(
      names = "--load-threads",
      paramLabel = "N",
      converter = Counts.Threads.class,
      description = "Client threads while loading (default: ${DEFAULT-VALUE}).")
  int threads;

  @Option(
      names = "--load-batch-size",
      paramLabel = "N",
      converter = Counts.AtLeastOne.class,
      description = "Records per insert batch while loading (default: ${DEFAULT-VALUE}).")
  int batchSize;

  @Option(
      names = "--drop-existing",
      description =
          "Replace the data set found instead of stopping: one the harness did not load, loaded"
              + " with another shape, or holding more records than the smallest count.")
  boolean dropExisting;

  /** The loading these options give. */
  Loading loading() {
    return new Loading(threads, batchSize, dropExisting);
  }
}
