package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.servers.DockerEnvironment;
import io.github.mongodbtiered.servers.ServerUnavailableException;
import java.io.PrintWriter;

/** Picks the sweep's server: a URL if given, else Docker when usable, else the embedded one. */
public final class TargetServers {
  private TargetServers() {}

  /**
   * @param log where the choice and its reason are printed
   * @throws ServerUnavailableException when the requested server cannot be used
   */
  public static TargetServer open(SweepOptions o, PrintWriter log) {
    return switch (o.server()) {
      case URL -> new UrlTarget(o.mongodbUrl());
      case EMBEDDED -> new EmbeddedTarget(o.dataDir());
      case DOCKER -> {
        DockerEnvironment.require();
        yield new DockerTarget(o.image(), o.dataDir());
      }
      case AUTO -> {
        String why = DockerEnvironment.unavailableReason();
        if (why.isEmpty()) {
          log.println("--server auto: Docker is usable, so docker (" + o.image() + ")");
          yield new DockerTarget(o.image(), o.dataDir());
        }
        log.println("--server auto: embedded, because " + why);
        yield new EmbeddedTarget(o.dataDir());
      }
    };
  }
}
