package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.servers.ServerUnavailableException;
import io.github.mongodbtiered.volumes.DataVolume;
import io.github.mongodbtiered.volumes.LatencyMethod;
import java.io.IOException;
import java.util.Locale;

/** What the sweep says of its data volume, and how a target mounts it. */
final class VolumeNotes {
  private VolumeNotes() {}

  /** ", added latency by nbd" or ", no added latency (reason)", for a target's meaning. */
  static String latencyClause(DataVolume v) {
    return v.method() == LatencyMethod.OFF
        ? ", no added latency: " + v.offReason()
        : ", each profile's added latency by " + v.method().id() + " on a data volume of its own";
  }

  /** "+7 ms asked, applied by nbd" or "+7 ms asked, not applied: reason". */
  static String asked(DataVolume v, double latencyMillis) {
    String asked = String.format(Locale.ROOT, "+%s ms asked", trim(latencyMillis));
    return v.method() == LatencyMethod.OFF
        ? asked + ", not applied: " + v.offReason()
        : asked + ", applied by " + v.method().id();
  }

  private static String trim(double ms) {
    return ms == Math.rint(ms) ? Long.toString((long) ms) : Double.toString(ms);
  }

  /**
   * Mounts {@code v} cold with {@code latencyMillis}; a volume that cannot be mounted makes the
   * server unusable (exit 3), with the volume's own message.
   */
  static DataVolume.Mount mount(DataVolume v, double latencyMillis) {
    return mount(v, latencyMillis, false);
  }

  /** {@link DataVolume#mountForLoading}, failing as {@link #mount} does. */
  static DataVolume.Mount mountForLoading(DataVolume v) {
    return mount(v, 0, true);
  }

  private static DataVolume.Mount mount(DataVolume v, double latencyMillis, boolean loading) {
    try {
      return loading ? v.mountForLoading() : v.mount(latencyMillis);
    } catch (IOException e) {
      throw new ServerUnavailableException(
          "the data volume under " + v.dataDir() + " could not be mounted: " + e.getMessage(), e);
    }
  }
}
