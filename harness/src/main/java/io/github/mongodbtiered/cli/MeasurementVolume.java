package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.servers.DiskProbe;
import io.github.mongodbtiered.servers.OrphanContainers;
import io.github.mongodbtiered.servers.ProbeFile;
import io.github.mongodbtiered.volumes.DataVolume;
import io.github.mongodbtiered.volumes.DataVolumes;
import io.github.mongodbtiered.volumes.DelayedVolume;
import io.github.mongodbtiered.volumes.VolumeSize;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The data volume a disk measurement ({@code probe}, {@code disk-baseline}) runs on: the file is
 * written once on a mount without added latency, so filling it is fast whatever the profile, then
 * each target gets a cold mount with its own latency, so every measurement starts with nothing of
 * the file in the page cache. Closing takes the volume down and keeps its data; on Ctrl-C the
 * volume's own shutdown hook does that.
 */
final class MeasurementVolume implements AutoCloseable {
  /**
   * What one target measures on.
   *
   * @param dataDir where the file is while this mount lasts: bind it into the probe's container
   * @param latency the latency asked for and whether the volume applied it
   */
  record Mounted(Path dataDir, AppliedLatency latency) {}

  private final DataVolume volume;
  private final long fileBytes;
  private Path mountedDir;
  private ProbeFile onExit;

  private MeasurementVolume(DataVolume volume, long fileBytes) {
    this.volume = volume;
    this.fileBytes = fileBytes;
  }

  /**
   * Opens the volume {@code --latency} asks for under {@code dataDir}, sized by {@code
   * --volume-size} or else for the file ({@link VolumeSize#forFile}). Containers a killed earlier
   * run left on it are removed first, since they would hold its mount. Each container removed, and
   * each thing the volume cleaned up or created, is one note.
   *
   * @throws IllegalArgumentException when the method asked for is missing, another run holds the
   *     volume, or it would not fit
   */
  static MeasurementVolume open(
      VolumeOptions options, Path dataDir, long fileBytes, MeasurementOutput out)
      throws IOException {
    // Such a container binds the volume's directory, or with no volume the data directory itself.
    OrphanContainers.removeStale(DelayedVolume.serverDir(dataDir), out::note);
    OrphanContainers.removeStale(dataDir, out::note);
    long size =
        options.volumeSizeBytes() > 0 ? options.volumeSizeBytes() : VolumeSize.forFile(fileBytes);
    return new MeasurementVolume(
        DataVolumes.open(options.latency, dataDir, size, out::note), fileBytes);
  }

  /**
   * Mounts the volume without added latency and writes the measured file there unless it is already
   * whole.
   *
   * @return whether this call created the file (it did not exist before)
   */
  boolean prepareFile() throws IOException {
    return prepareFile(false);
  }

  /**
   * As {@link #prepareFile()}; with {@code removeOnExit}, a file this call creates is removed on
   * Ctrl-C from the moment its writing starts until {@link #removeFile}.
   */
  boolean prepareFile(boolean removeOnExit) throws IOException {
    mountedDir = volume.mount(0).dataDir();
    boolean existed = Files.exists(mountedDir.resolve(DiskBaseline.FILE_NAME));
    if (!existed && removeOnExit) {
      onExit = ProbeFile.removedOnExit(mountedDir);
    }
    DiskProbe.prepareFile(mountedDir, fileBytes);
    return !existed;
  }

  /** Remounts the volume, cold, with {@code askedMillis} added to every I/O where it can. */
  Mounted mountCold(double askedMillis) throws IOException {
    DataVolume.Mount m = volume.mount(askedMillis);
    mountedDir = m.dataDir();
    return new Mounted(m.dataDir(), AppliedLatency.of(volume, m, askedMillis));
  }

  /** Where the file is on the current mount (after {@link #prepareFile}). */
  Path dataDir() {
    return mountedDir;
  }

  /** Deletes the measured file from the current mount, if anything is mounted. */
  void removeFile() throws IOException {
    if (onExit != null) {
      onExit.close();
      onExit = null;
    }
    if (mountedDir != null) {
      Files.deleteIfExists(mountedDir.resolve(DiskBaseline.FILE_NAME));
    }
  }

  @Override
  public void close() {
    volume.close();
  }
}
