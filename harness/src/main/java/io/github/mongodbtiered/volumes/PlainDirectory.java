package io.github.mongodbtiered.volumes;

import io.github.mongodbtiered.locks.DirectoryLock;
import io.github.mongodbtiered.results.VolumeFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Consumer;

/** {@code --latency off}, or no way to add latency: the data directory itself. */
final class PlainDirectory implements DataVolume {
  private final Path dataDir;
  private final String offReason;
  private final DirectoryLock lock;

  PlainDirectory(Path dataDir, String offReason) {
    this(dataDir, offReason, null);
  }

  private PlainDirectory(Path dataDir, String offReason, DirectoryLock lock) {
    this.dataDir = dataDir.toAbsolutePath().normalize();
    this.offReason = offReason;
    this.lock = lock;
  }

  /**
   * The directory, held by this run until {@link #close}: two sweeps in one data directory would
   * load into and measure each other's data set.
   *
   * @throws IllegalArgumentException when another run holds it, naming that run
   */
  static PlainDirectory locked(Path dataDir, String offReason, Consumer<String> log)
      throws IOException {
    return new PlainDirectory(dataDir, offReason, DataDirLock.take(dataDir, log));
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

  /** No latency is ever applied here, so there is none to change. */
  @Override
  public Mount changeLatency(double latencyMillis) {
    return new Mount(dataDir, false, 0);
  }

  @Override
  public boolean changesLatency() {
    return true;
  }

  @Override
  public void unmount() {}

  @Override
  public VolumeFacts facts() {
    return VolumeFacts.off(dataDir, offReason);
  }

  @Override
  public void close() {
    if (lock != null) {
      lock.close();
    }
  }
}
