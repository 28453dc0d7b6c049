package io.github.mongodbtiered.volumes;

import io.github.mongodbtiered.results.VolumeFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** {@code --latency off}, or no way to add latency: the data directory itself. */
final class PlainDirectory implements DataVolume {
  private final Path dataDir;
  private final String offReason;

  PlainDirectory(Path dataDir, String offReason) {
    this.dataDir = dataDir.toAbsolutePath().normalize();
    this.offReason = offReason;
  }

  @Override
  public Path dataDir() {
    return dataDir;
  }

  @Override
  public LatencyMethod method() {
    return LatencyMethod.OFF;
  }

  @Override
  public String offReason() {
    return offReason;
  }

  @Override
  public Mount mount(double latencyMillis) throws IOException {
    Files.createDirectories(dataDir);
    return new Mount(dataDir, false, 0);
  }

  @Override
  public void unmount() {}

  @Override
  public VolumeFacts facts() {
    return VolumeFacts.off(dataDir, offReason);
  }

  @Override
  public void close() {}
}
