package io.github.mongodbtiered.sweep;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.environment.EnvironmentCheck;
import io.github.mongodbtiered.profiles.Sizes;
import io.github.mongodbtiered.results.EnvironmentFacts;
import io.github.mongodbtiered.results.ServerKind.Capability;
import io.github.mongodbtiered.servers.HostCache;
import io.github.mongodbtiered.servers.ServerUnavailableException;
import io.github.mongodbtiered.volumes.DataVolume;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.bson.Document;

/**
 * The sweep's environment check: the host's, file system's and device's facts with their warnings,
 * printed and kept before anything is measured; the server's own facts are added when it first
 * answers.
 */
final class EnvironmentStep {
  private final SweepOptions options;
  private final TargetServer server;
  private final SweepRunner.Listener listener;
  private final SweepReport report;

  EnvironmentStep(SweepContext sweep) {
    this.options = sweep.options();
    this.server = sweep.server();
    this.listener = sweep.listener();
    this.report = sweep.report();
  }

  void checkHost() {
    DataVolume volume = server.volume();
    if (volume != null) {
      // The check reads the data directory's file system and device: the volume's, so mounted.
      VolumeNotes.mount(volume, 0);
      report.volume(volume.facts());
    }
    EnvironmentFacts host =
        new EnvironmentCheck().host(server.hostDataDir(), server.dockerVersion());
    String pageCacheNote = server.hostDataDir() == null ? "" : HostCache.dropUnavailableReason();
    List<String> warnings = new ArrayList<>(host.warnings());
    warnings.addAll(
        EnvironmentCheck.measurementWarnings(
            volume != null ? options.profiles() : List.of(),
            volume == null ? "" : volume.offReason(),
            pageCacheNote));
    report.environment(host.withWarnings(warnings));
    listener.info(summary(host));
    warnings.forEach(line -> listener.info("warning: " + line));
  }

  /**
   * Starts the server for loading only to learn what it says of itself (its version above all), for
   * a resume that must compare it before reusing any cell.
   *
   * @throws ServerUnavailableException when that server cannot be started
   */
  void askServer() {
    Endpoint e = Messages.startLoading(server, "to ask its version", options.localDataDir());
    try (MongoClient client = MongoClients.create(e.url())) {
      serverAnswered(client.getDatabase(Endpoint.databaseOf(e.url())));
    } finally {
      try {
        server.stopLoading();
      } catch (Exception ex) {
        report.warn("stopping the server asked for its version: " + Messages.of(ex));
      }
    }
  }

  /** Adds what the server says of itself, the first time one answers. */
  void serverAnswered(MongoDatabase db) {
    if (report.environment().storageEngine() != null) {
      return;
    }
    String version = String.valueOf(db.runCommand(new Document("buildInfo", 1)).get("version"));
    Document status = db.runCommand(new Document("serverStatus", 1));
    EnvironmentFacts facts =
        EnvironmentCheck.withServer(
            report.environment(), version, status, server.has(Capability.LIMITS_DISK));
    report.environment(facts);
    String cache =
        server.has(Capability.LIMITS_DISK)
            ? ", cache set per profile"
            : facts.cacheBytes() == null ? "" : ", cache " + Sizes.format(facts.cacheBytes());
    listener.info("server: " + version + ", storage engine " + facts.storageEngine() + cache);
    facts.warnings().stream()
        .filter(w -> w.contains("storage engine"))
        .forEach(w -> listener.info("warning: " + w));
  }

  private static String summary(EnvironmentFacts host) {
    String data =
        host.dataDir() == null
            ? ""
            : String.format(
                Locale.ROOT,
                "; data %s on %s (%s), device %s, read-ahead %s KiB, scheduler %s",
                host.dataDir(),
                host.filesystem(),
                host.mountOptions(),
                host.device(),
                host.readAheadKb(),
                host.scheduler());
    return String.format(
        Locale.ROOT,
        "environment: kernel %s, %d CPUs (%s), %s RAM%s%s",
        host.kernel(),
        host.cpus(),
        host.cpuModel(),
        host.memoryBytes() == null ? "?" : Sizes.format(host.memoryBytes()),
        host.dockerVersion() == null ? "" : ", Docker " + host.dockerVersion(),
        data);
  }
}
