package io.github.mongodbtiered.sweep;

/**
 * How the sweep loads the records each count needs.
 *
 * @param threads client threads while loading ({@code --load-threads})
 * @param batchSize records per insert batch ({@code --load-batch-size})
 * @param dropExisting replace a data set the harness did not load, loaded with another shape, or
 *     holding more records than the smallest count, instead of stopping ({@code --drop-existing})
 */
public record Loading(int threads, int batchSize, boolean dropExisting) {
  /** 16 threads inserting batches of 100, keeping a data set found. */
  public static Loading defaults() {
    return new Loading(16, 100, false);
  }

  /**
   * @throws IllegalArgumentException naming the option whose value cannot be used
   */
  void check() {
    if (threads < 1) {
      throw new IllegalArgumentException("--threads and --load-threads must be at least 1");
    }
    if (batchSize < 1) {
      throw new IllegalArgumentException("--load-batch-size: give 1 or more records per batch");
    }
  }

  public Loading withThreads(int n) {
    return new Loading(n, batchSize, dropExisting);
  }

  public Loading withBatchSize(int n) {
    return new Loading(threads, n, dropExisting);
  }

  public Loading withDropExisting(boolean drop) {
    return new Loading(threads, batchSize, drop);
  }
}
