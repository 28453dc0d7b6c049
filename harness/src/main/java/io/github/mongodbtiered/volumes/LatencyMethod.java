package io.github.mongodbtiered.volumes;

import java.util.Locale;

/** How a profile's added disk latency is put under the server's data ({@code --latency}). */
public enum LatencyMethod {
  /** device-mapper where the kernel has it, else nbd, else off with the reason. */
  AUTO,
  /** A loop device over a sparse file, under a device-mapper {@code delay} mapping. */
  DM,
  /** nbdkit's {@code delay} filter over a sparse file, seen through nbdfuse and a loop device. */
  NBD,
  /** No volume: the data directory as it is, and no latency added. */
  OFF;

  @Override
  public String toString() {
    return id();
  }

  /** "dm", "nbd", ... as the option, the CSV and run.json write it. */
  public String id() {
    return name().toLowerCase(Locale.ROOT);
  }
}
