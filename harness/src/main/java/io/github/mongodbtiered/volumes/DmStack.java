package io.github.mongodbtiered.volumes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Latency with device-mapper: a loop device in direct-I/O mode over the sparse file, under a {@code
 * delay} mapping that holds every read and write for the profile's latency. The mapping's name is
 * derived from the volume's path, so a later run finds what a killed one left.
 */
final class DmStack implements DeviceStack {
  private final Path layer;
  private final HostCommands commands;
  private final HostObjects host;
  private boolean directIo;
  private String loop;

  DmStack(Path layer, HostCommands commands, HostObjects host) {
    this.layer = layer;
    this.commands = commands;
    this.host = host;
  }

  @Override
  public LatencyMethod method() {
    return LatencyMethod.DM;
  }

  Path image() {
    return layer.resolve(DelayedVolume.IMAGE);
  }

  /** e.g. {@code mongodb-tiered-3fa9c2d1e0b4}: one per volume directory. */
  String name() {
    return "mongodb-tiered-" + DelayedVolume.pathHash(layer, 6);
  }

  @Override
  public String up(double latencyMillis, boolean hostCache) throws IOException {
    // The loop device reads the file with direct I/O either way: nothing for the host to cache.
    down();
    loop = commands.run("losetup", "--find", "--show", "--direct-io=on", image().toString());
    directIo = DelayedVolume.loopDirectIo(loop);
    String sectors = commands.run("blockdev", "--getsz", loop).strip();
    commands.run("dmsetup", "create", name(), "--table", table(sectors, loop, latencyMillis));
    return "/dev/mapper/" + name();
  }

  /**
   * Loads a table with the new delay and swaps it in: device-mapper's own way to change a live
   * mapping, which holds I/O only while the device is suspended (in-flight requests finish first).
   */
  @Override
  public void changeLatency(double latencyMillis) throws IOException {
    if (loop == null) {
      throw new IOException("device-mapper device " + name() + " is not up");
    }
    String sectors = commands.run("blockdev", "--getsz", loop).strip();
    commands.run("dmsetup", "suspend", name());
    try {
      commands.run("dmsetup", "reload", name(), "--table", table(sectors, loop, latencyMillis));
    } finally {
      commands.run("dmsetup", "resume", name());
    }
  }

  @Override
  public boolean changesLatency() {
    return true;
  }

  /** dm-delay's table: the same delay for reads and for writes, in whole milliseconds. */
  static String table(String sectors, String device, double latencyMillis) {
    long ms = Math.round(latencyMillis);
    return "0 " + sectors + " delay " + device + " 0 " + ms + " " + device + " 0 " + ms;
  }

  @Override
  public List<String> down() throws IOException {
    List<String> removed = new ArrayList<>();
    if (Files.exists(Path.of("/dev/mapper", name()))) {
      commands.run("dmsetup", "remove", "--retry", name());
      removed.add("removed device-mapper device " + name());
    }
    for (String l : host.loopsBackedBy(image())) {
      commands.run("losetup", "-d", l);
      removed.add("detached " + l);
    }
    loop = null;
    return removed;
  }

  @Override
  public boolean directIo() {
    return directIo;
  }
}
