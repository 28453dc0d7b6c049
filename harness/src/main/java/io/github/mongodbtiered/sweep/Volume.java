package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.volumes.LatencyMethod;

/**
 * The data volume a docker or embedded server keeps its data on.
 *
 * @param latency how profiles' added latency is applied ({@code --latency})
 * @param sizeBytes the volume's size, or 0 to size it from the data set ({@code --volume-size})
 */
public record Volume(LatencyMethod latency, long sizeBytes) {
  /** The method the host allows, sized from the data set. */
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

  public Volume withLatency(LatencyMethod method) {
    return new Volume(method, sizeBytes);
  }

  public Volume withSizeBytes(long bytes) {
    return new Volume(latency, bytes);
  }
}
