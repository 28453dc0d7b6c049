package io.github.mongodbtiered.capacity;

import io.github.mongodbtiered.profiles.DiskProfile;

/**
 * A disk as the model sees it: how many reads a second it allows, how long each takes on top of the
 * device's own time, and how many bytes a second it allows.
 *
 * @param readIops reads per second allowed; 0 for no limit
 * @param addedLatencyMillis latency added to every read
 * @param readBytesPerSec read bandwidth allowed; 0 for no limit
 */
public record DiskSpec(double readIops, double addedLatencyMillis, long readBytesPerSec) {
  public DiskSpec {
    if (readIops < 0 || addedLatencyMillis < 0 || readBytesPerSec < 0) {
      throw new IllegalArgumentException("a disk's IOPS, latency and bandwidth cannot be negative");
    }
  }

  /** The read side of {@code profile}. */
  public static DiskSpec of(DiskProfile profile) {
    return new DiskSpec(
        profile.readIops(), profile.addedLatencyMillis(), profile.readBytesPerSec());
  }

  /** This disk with another IOPS limit. */
  public DiskSpec withReadIops(double iops) {
    return new DiskSpec(iops, addedLatencyMillis, readBytesPerSec);
  }

  /**
   * Reads per second the limits allow for reads of {@code bytesPerRead} (unknown: 0), or infinity
   * when nothing limits them.
   */
  public double readCap(double bytesPerRead) {
    double cap = readIops > 0 ? readIops : Double.POSITIVE_INFINITY;
    if (readBytesPerSec > 0 && bytesPerRead > 0) {
      cap = Math.min(cap, readBytesPerSec / bytesPerRead);
    }
    return cap;
  }

  /** "600 IOPS + 7 ms", for tables. */
  public String label() {
    String iops = readIops > 0 ? Math.round(readIops) + " IOPS" : "unlimited IOPS";
    String latency = addedLatencyMillis > 0 ? " + " + trim(addedLatencyMillis) + " ms" : "";
    String bandwidth = readBytesPerSec > 0 ? ", " + (readBytesPerSec >> 20) + " MiB/s" : "";
    return iops + latency + bandwidth;
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? String.valueOf((long) v) : String.valueOf(v);
  }
}
