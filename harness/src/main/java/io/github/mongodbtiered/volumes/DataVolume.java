package io.github.mongodbtiered.volumes;

import io.github.mongodbtiered.results.VolumeFacts;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Where a server's data lives on this host, and the latency each I/O to it pays. A sweep mounts it
 * when a server starts cold (with that cell's latency) and unmounts it when the server stops, so
 * every cell starts on an empty page cache and profiles differ only by their limits.
 */
public interface DataVolume extends AutoCloseable {
  /** What a mount gives the server. */
  record Mount(Path dataDir, boolean latencyApplied, double latencyMillis) {}

  /** The directory servers keep their data in (on the volume, once mounted). */
  Path dataDir();

  /** How latency is added: {@code dm}, {@code nbd}, or {@code off}. */
  LatencyMethod method();

  /** Why latency is not applied ({@code off}), or empty. */
  String offReason();

  /**
   * Makes the data directory available with {@code latencyMillis} added to every read and write,
   * after unmounting what was mounted. The directory then exists.
   */
  Mount mount(double latencyMillis) throws IOException;

  /**
   * Like {@link #mount} with no latency, for loading: the host may cache the volume's file under
   * its device, which makes writing a large data set several times faster. Never for a measured
   * server: the next {@link #mount} starts the device afresh without it.
   */
  default Mount mountForLoading() throws IOException {
    return mount(0);
  }

  /**
   * Changes the latency of the volume {@link #mount}ed for measuring, keeping it mounted: for a
   * cell that goes on with the server of the one before ({@code TargetServer.continueCell}), whose
   * page cache must stay. A volume without latency has nothing to change.
   *
   * @throws IOException when the latency cannot change in place (see {@link #changesLatency})
   */
  default Mount changeLatency(double latencyMillis) throws IOException {
    throw new IOException("this volume's latency cannot change while it is mounted");
  }

  /** Whether {@link #changeLatency} can work here. */
  default boolean changesLatency() {
    return false;
  }

  /** Releases what {@link #mount} set up; the data stays. Safe to call when nothing is mounted. */
  void unmount() throws IOException;

  /** The facts for run.json and the page: file system, device, read-ahead, size. */
  VolumeFacts facts();

  /** Unmounts and removes every device, mount and process this volume created; keeps the data. */
  @Override
  void close();

  /** The data directory as it is: no volume, no latency. */
  static DataVolume plain(Path dataDir, String offReason) {
    return new PlainDirectory(dataDir, offReason);
  }
}
