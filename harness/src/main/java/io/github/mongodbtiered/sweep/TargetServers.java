package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.servers.DockerEnvironment;
import io.github.mongodbtiered.servers.OrphanContainers;
import io.github.mongodbtiered.servers.ServerImages;
import io.github.mongodbtiered.servers.ServerUnavailableException;
import io.github.mongodbtiered.standin.StandinServerArgs;
import io.github.mongodbtiered.volumes.DataVolume;
import io.github.mongodbtiered.volumes.DataVolumes;
import io.github.mongodbtiered.volumes.DelayedVolume;
import io.github.mongodbtiered.volumes.VolumeSize;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;

/** Picks the sweep's server: a URL if given, else Docker when usable, else the embedded one. */
public final class TargetServers {
  private TargetServers() {}

  /**
   * @param log where the choice and its reason are printed
   * @throws ServerUnavailableException when the requested server cannot be used
   * @throws IllegalArgumentException when the data volume cannot be had as asked (in use, too
   *     large, {@code --latency dm} without device-mapper)
   */
  public static TargetServer open(SweepOptions o, PrintWriter log) {
    return switch (o.server().choice()) {
      case URL ->
          UrlTarget.connect(
              o.server().mongodbUrl(), o.server().urlSource(), o.server().shardUrls());
      case EMBEDDED -> embedded(o, log);
      case DOCKER -> {
        DockerEnvironment.require();
        yield docker(o, log);
      }
      case AUTO -> {
        String why = DockerEnvironment.unavailableReason();
        if (why.isEmpty()) {
          log.println("--server auto: Docker is usable, so docker (" + o.server().image() + ")");
          yield docker(o, log);
        }
        log.println("--server auto: embedded, because " + why);
        yield embedded(o, log);
      }
    };
  }

  /**
   * The stand-in in this JVM, its options checked before the volume is built.
   *
   * @throws IllegalArgumentException for an option the stand-in does not act on
   */
  private static EmbeddedTarget embedded(SweepOptions o, PrintWriter log) {
    requireStandinArgs(o.server());
    return new EmbeddedTarget(volume(o, log), o.server().commandArgs());
  }

  /**
   * Refuses, before anything is built or loaded, a {@code --server-arg} the stand-in would ignore:
   * a variant differing only by it would measure nothing.
   */
  static void requireStandinArgs(Server s) {
    StandinServerArgs.problem(s.commandArgs())
        .ifPresent(
            p -> {
              throw new IllegalArgumentException("--server-arg: " + p);
            });
  }

  /**
   * Containers of {@code o}'s image: the stand-in's extra cost only where the image is the
   * stand-in's.
   *
   * @throws IllegalArgumentException for {@code --standin-extra-cost} on another image
   */
  private static DockerTarget docker(SweepOptions o, PrintWriter log) {
    requireDockerServer(o.server());
    return new DockerTarget(
        o.server().image(), o.server().commandArgs(), volume(o, log), o.volume().burstStart());
  }

  /**
   * Refuses, before anything is loaded, a docker server that cannot run as asked: the stand-in's
   * extra cost on another image, an option the stand-in would ignore on its image.
   */
  static void requireDockerServer(Server s) {
    boolean standin = ServerImages.isStandin(s.image());
    if (s.standinExtraCostMicros() > 0 && !standin) {
      throw new IllegalArgumentException(
          "--standin-extra-cost: "
              + s.image()
              + " is not the stand-in; the setting exists only in the stand-in (--server embedded,"
              + " or --image "
              + ServerImages.STANDIN_IMAGE
              + ")");
    }
    if (standin) {
      requireStandinArgs(s);
    }
  }

  /**
   * The data volume under {@code --data-dir}, after removing the containers a killed run left on it
   * (they would hold it mounted); sized for the largest record count unless {@code --volume-size}
   * says otherwise.
   */
  private static DataVolume volume(SweepOptions o, PrintWriter log) {
    Path dataDir = o.server().dataDir().toAbsolutePath().normalize();
    OrphanContainers.removeStale(DelayedVolume.serverDir(dataDir), log::println);
    OrphanContainers.removeStale(dataDir, log::println);
    long baselineFile = o.baseline().settings() == null ? 0 : o.baseline().settings().fileBytes();
    long size =
        o.volume().sizeBytes() > 0
            ? o.volume().sizeBytes()
            : VolumeSize.forRecords(
                o.recordCounts().get(o.recordCounts().size() - 1),
                o.workload().properties(),
                baselineFile);
    try {
      DataVolume v = DataVolumes.open(o.volume().latency(), dataDir, size, log::println);
      log.println(
          v.offReason().isEmpty()
              ? "data volume: " + v.method().id() + ", data in " + v.dataDir()
              : "data volume: none (" + v.offReason() + "), data in " + v.dataDir());
      return v;
    } catch (IOException e) {
      throw new ServerUnavailableException(
          "--data-dir " + dataDir + ": the data volume could not be set up: " + e.getMessage(), e);
    }
  }
}
