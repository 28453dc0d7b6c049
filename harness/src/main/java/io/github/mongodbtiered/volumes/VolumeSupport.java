package io.github.mongodbtiered.volumes;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Which way of adding latency this host allows, and if none, why: the answer to {@code --latency
 * auto}. Each method needs root (loop devices and mounts), loop devices, and its own tools.
 */
public final class VolumeSupport {
  /** The host facts the choice rests on: a seam for tests. */
  public interface Host {
    boolean root();

    boolean exists(String path);

    boolean onPath(String tool);

    /**
     * /proc/misc lists device-mapper: the kernel has the driver (a /dev node alone proves none).
     */
    boolean kernelHasDeviceMapper();
  }

  /**
   * The method to use, or {@link LatencyMethod#OFF} with the reason.
   *
   * @param method never {@code AUTO}
   * @param reason empty unless {@code method} is OFF although latency was wanted
   */
  public record Choice(LatencyMethod method, String reason) {}

  private final Host host;

  public VolumeSupport(Host host) {
    this.host = host;
  }

  public static VolumeSupport ofThisHost() {
    return new VolumeSupport(new SystemHost());
  }

  /**
   * What {@code asked} comes to here.
   *
   * @throws IllegalArgumentException when {@code dm} or {@code nbd} was asked for by name and is
   *     not available, naming what is missing and the other choices
   */
  public Choice choose(LatencyMethod asked) {
    return switch (asked) {
      case OFF -> new Choice(LatencyMethod.OFF, "--latency off");
      case DM, NBD -> {
        List<String> missing = missing(asked);
        if (!missing.isEmpty()) {
          throw new IllegalArgumentException(
              "--latency "
                  + asked.id()
                  + ": not available on this host ("
                  + String.join("; ", missing)
                  + "); use --latency auto to take what works, or --latency off");
        }
        yield new Choice(asked, "");
      }
      case AUTO -> {
        List<String> dm = missing(LatencyMethod.DM);
        if (dm.isEmpty()) {
          yield new Choice(LatencyMethod.DM, "");
        }
        List<String> nbd = missing(LatencyMethod.NBD);
        if (nbd.isEmpty()) {
          yield new Choice(LatencyMethod.NBD, "");
        }
        yield new Choice(
            LatencyMethod.OFF,
            "latency not applied: no way to add it on this host (dm: "
                + String.join("; ", dm)
                + "; nbd: "
                + String.join("; ", nbd)
                + ")");
      }
    };
  }

  /** What {@code method} lacks here; empty when it can be used. */
  List<String> missing(LatencyMethod method) {
    List<String> m = new ArrayList<>();
    if (!host.root()) {
      m.add("not root: loop devices and mounts need root");
    }
    if (!host.exists("/dev/loop-control")) {
      m.add("no loop devices (/dev/loop-control missing)");
    }
    List<String> tools = new ArrayList<>(List.of("losetup", "mount", "umount", "blockdev"));
    if (method == LatencyMethod.DM) {
      if (!host.kernelHasDeviceMapper()) {
        m.add("no device-mapper driver in this kernel (none in /proc/misc)");
      }
      tools.add("dmsetup");
    } else {
      if (!host.exists("/dev/fuse")) {
        m.add("no FUSE (/dev/fuse missing)");
      }
      // setsid keeps nbdkit and nbdfuse out of the signals sent to this run's process group.
      tools.addAll(List.of("nbdkit", "nbdfuse", "fusermount3", "setsid"));
    }
    if (!host.onPath("mkfs.xfs") && !host.onPath("mkfs.ext4")) {
      m.add("neither mkfs.xfs (xfsprogs) nor mkfs.ext4 (e2fsprogs) installed");
    }
    List<String> absent = tools.stream().filter(Predicate.not(host::onPath)).toList();
    if (!absent.isEmpty()) {
      m.add(
          "not installed: "
              + String.join(", ", absent)
              + (method == LatencyMethod.NBD ? " (Debian: nbdkit libnbd-bin fuse3)" : ""));
    }
    return m;
  }

  private static final class SystemHost implements Host {
    @Override
    public boolean root() {
      try {
        // "Uid:\treal\teffective\t...": the effective uid decides.
        return Files.readAllLines(Path.of("/proc/self/status")).stream()
            .filter(l -> l.startsWith("Uid:"))
            .map(l -> l.split("\\s+")[2])
            .anyMatch("0"::equals);
      } catch (IOException | RuntimeException e) {
        return false;
      }
    }

    @Override
    public boolean exists(String path) {
      return Files.exists(Path.of(path));
    }

    @Override
    public boolean onPath(String tool) {
      String path = System.getenv("PATH");
      List<String> dirs =
          new ArrayList<>(List.of((path == null ? "" : path).split(java.io.File.pathSeparator)));
      dirs.addAll(List.of("/usr/sbin", "/sbin", "/usr/bin", "/bin"));
      return dirs.stream()
          .filter(d -> !d.isEmpty())
          .anyMatch(d -> Files.isExecutable(Path.of(d, tool)));
    }

    @Override
    public boolean kernelHasDeviceMapper() {
      try {
        return Files.readAllLines(Path.of("/proc/misc")).stream()
            .anyMatch(l -> l.trim().endsWith("device-mapper"));
      } catch (IOException e) {
        return false;
      }
    }
  }
}
