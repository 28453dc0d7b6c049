package io.github.mongodbtiered.servers;

import com.github.dockerjava.api.model.BlkioRateDevice;
import com.github.dockerjava.api.model.HostConfig;
import io.github.mongodbtiered.profiles.DiskProfile;
import java.util.List;

/** Puts a profile's disk and memory limits into a container's host configuration. */
final class Throttle {
  private Throttle() {}

  static void apply(HostConfig host, DiskProfile profile, BlockDevice device) {
    if (profile.readIops() > 0) {
      host.withBlkioDeviceReadIOps(rate(device, profile.readIops()));
    }
    if (profile.writeIops() > 0) {
      host.withBlkioDeviceWriteIOps(rate(device, profile.writeIops()));
    }
    if (profile.readBytesPerSec() > 0) {
      host.withBlkioDeviceReadBps(rate(device, profile.readBytesPerSec()));
    }
    if (profile.writeBytesPerSec() > 0) {
      host.withBlkioDeviceWriteBps(rate(device, profile.writeBytesPerSec()));
    }
    if (profile.memoryBytes() > 0) {
      // Swap equal to memory: no swap, so an outgrown working set meets the disk, not swap.
      host.withMemory(profile.memoryBytes()).withMemorySwap(profile.memoryBytes());
    }
  }

  private static List<BlkioRateDevice> rate(BlockDevice device, long rate) {
    return List.of(new BlkioRateDevice().withPath(device.path()).withRate(rate));
  }
}
