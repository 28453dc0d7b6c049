package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.servers.Enforcement;
import io.github.mongodbtiered.servers.HostCache;
import io.github.mongodbtiered.servers.ServerUnavailableException;
import io.github.mongodbtiered.servers.ThrottledMongoContainer;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import org.testcontainers.DockerClientFactory;

/**
 * Throttled containers on one host data directory: an unthrottled container loads, then one
 * container per cell, started after the page cache is dropped, measures under its profile.
 */
final class DockerTarget implements TargetServer {
  static final String DATABASE = "ycsb";

  private final String image;
  private final Path dataDir;
  private ThrottledMongoContainer running;

  DockerTarget(String image, Path dataDir) {
    this.image = image;
    this.dataDir = dataDir;
  }

  @Override
  public ServerKind kind() {
    return ServerKind.DOCKER;
  }

  @Override
  public String image() {
    return image;
  }

  @Override
  public Path hostDataDir() {
    return dataDir;
  }

  @Override
  public String dockerVersion() {
    try {
      return DockerClientFactory.instance().client().versionCmd().exec().getVersion();
    } catch (RuntimeException e) {
      return null; // the sweep fails on its own with a clearer message when Docker is missing
    }
  }

  @Override
  public boolean throttles() {
    return true;
  }

  @Override
  public String meaning() {
    return "docker: "
        + image
        + " in containers limited by each profile (blkio IOPS/bandwidth on the data disk, memory,"
        + " WiredTiger cache); data in "
        + dataDir;
  }

  @Override
  public Endpoint startLoading() {
    // Loading is not what is measured: no disk limits, so big data sets load in reasonable time.
    DiskProfile loader = new DiskProfile("load", "loading", 0, 0, 0, 0, 0, 0, OptionalLong.empty());
    return start(loader, false);
  }

  @Override
  public void stopLoading() {
    stop();
  }

  @Override
  public Endpoint startCell(DiskProfile profile) {
    HostCache.Drop drop = HostCache.drop();
    Endpoint e = start(profile, drop.dropped());
    if (!drop.dropped()) {
      List<String> notes = new ArrayList<>(e.notes());
      notes.add("page cache not dropped: " + drop.note());
      return new Endpoint(e.url(), e.serverPid(), e.device(), e.enforcement(), false, notes);
    }
    return e;
  }

  @Override
  public AutoCloseable diskLimitsLifted() throws IOException {
    return running.diskLimitsLifted();
  }

  @Override
  public void stopCell() {
    stop();
  }

  private Endpoint start(DiskProfile profile, boolean dropped) {
    stop();
    try {
      Files.createDirectories(dataDir);
    } catch (IOException e) {
      throw new ServerUnavailableException(
          "--data-dir: cannot create " + dataDir + " (" + e.getMessage() + ")", e);
    }
    running = new ThrottledMongoContainer(image, profile, dataDir);
    running.start();
    Enforcement enforced = running.enforcement();
    List<String> notes = new ArrayList<>(enforced.shortfalls(profile));
    long pid = running.serverPid();
    return new Endpoint(
        running.connectionString(DATABASE), pid, running.device(), enforced, dropped, notes);
  }

  private void stop() {
    if (running != null) {
      try {
        running.stop();
      } finally {
        running = null;
      }
    }
  }

  @Override
  public void close() {
    stop();
  }
}
