package io.github.mongodbtiered.volumes;

import java.io.IOException;
import java.util.List;

/**
 * The block device under the volume's file system, with the latency in it. {@link #up} builds it
 * over the volume's sparse file; {@link #down} removes whatever of it exists, also what a killed
 * run left, and only what this volume's paths name.
 */
interface DeviceStack {
  LatencyMethod method();

  /**
   * Builds the device with {@code latencyMillis} added to every read and write.
   *
   * @param hostCache whether the host may cache the sparse file under the device: only for loading,
   *     which is not measured and goes much faster so; a measured server never gets it
   * @return the device node the file system goes on, e.g. {@code /dev/loop3}
   */
  String up(double latencyMillis, boolean hostCache) throws IOException;

  /**
   * Removes what exists of the device (the file system must be unmounted); says what it removed.
   */
  List<String> down() throws IOException;

  /**
   * Changes the added latency of a device {@link #up} for measuring (not for loading) in place: the
   * file system on it stays mounted, so the page cache above keeps what it holds.
   *
   * @throws IOException when it cannot; the device then still has its old latency
   */
  void changeLatency(double latencyMillis) throws IOException;

  /** Whether {@link #changeLatency} works on this kind of device. */
  boolean changesLatency();

  /** Whether the bottom loop device reads its file with direct I/O, after {@link #up}. */
  boolean directIo();
}
