package io.github.mongodbtiered.servers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether a profile's added latency can be applied on this host. It needs device-mapper's {@code
 * delay} target between the file system and the disk; without device-mapper in the kernel (as in
 * many containers and sandboxes) it cannot be done, and every report says "latency not applied"
 * rather than pretend.
 */
public final class LatencyInjection {
  private LatencyInjection() {}

  /** Empty when latency can be applied, else the reason it cannot. */
  public static String unavailableReason() {
    if (!kernelHasDeviceMapper()) {
      return "latency not applied: this kernel has no device-mapper driver (none in /proc/misc),"
          + " so the dm-delay target that adds per-I/O latency is unavailable";
    }
    // Device-mapper exists, but building a delayed device under a running server's data
    // directory is not implemented yet: say so rather than claim the latency.
    return "latency not applied: device-mapper is present but dm-delay set-up is not implemented"
        + " by this version of the harness";
  }

  /** The driver registers a misc device; a /dev/mapper/control node alone proves nothing. */
  private static boolean kernelHasDeviceMapper() {
    try {
      return Files.readAllLines(Path.of("/proc/misc")).stream()
          .anyMatch(l -> l.trim().endsWith("device-mapper"));
    } catch (IOException e) {
      return false;
    }
  }
}
