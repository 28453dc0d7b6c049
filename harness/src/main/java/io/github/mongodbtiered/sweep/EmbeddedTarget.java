package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.servers.BlockDevice;
import io.github.mongodbtiered.servers.HostCache;
import io.github.mongodbtiered.standin.StandinServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The stand-in (mongo-java-server on WiredTiger) inside this JVM: needs nothing installed beyond
 * Debian's WiredTiger, throttles nothing. It is restarted for every cell so that its WiredTiger
 * cache starts cold.
 */
final class EmbeddedTarget implements TargetServer {
  private final Path dataDir;
  private StandinServer.Running running;

  EmbeddedTarget(Path dataDir) {
    this.dataDir = dataDir;
  }

  @Override
  public String kind() {
    return "embedded";
  }

  @Override
  public String image() {
    return "embedded stand-in (mongo-java-server on WiredTiger)";
  }

  @Override
  public Path hostDataDir() {
    return dataDir;
  }

  @Override
  public String meaning() {
    return "embedded: the stand-in server (mongo-java-server on WiredTiger, not MongoDB) in this"
        + " JVM, data in "
        + dataDir
        + ". Nothing is throttled: profiles are labels only, the WiredTiger cache follows this"
        + " host's memory, not the profile's, and client and server share this machine's CPU."
        + " Use it to try the tool; use --server docker or --mongodb-url for numbers about"
        + " MongoDB.";
  }

  @Override
  public Endpoint startLoading() throws IOException {
    return start(false, List.of());
  }

  @Override
  public void stopLoading() {
    stop();
  }

  @Override
  public Endpoint startCell(DiskProfile profile) throws IOException {
    HostCache.Drop drop = HostCache.drop();
    List<String> notes = new ArrayList<>();
    notes.add("embedded stand-in: profile " + profile.name() + " is a label, nothing throttled");
    if (!drop.dropped()) {
      notes.add("page cache not dropped: " + drop.note());
    }
    return start(drop.dropped(), notes);
  }

  @Override
  public void stopCell() {
    stop();
  }

  private Endpoint start(boolean dropped, List<String> notes) throws IOException {
    stop();
    running = StandinServer.start("127.0.0.1", 0, dataDir, -1);
    BlockDevice device = null;
    List<String> all = new ArrayList<>(notes);
    try {
      device = BlockDevice.backing(dataDir);
    } catch (IllegalStateException e) {
      all.add(e.getMessage());
    }
    return new Endpoint(
        "mongodb://127.0.0.1:" + running.port() + "/" + DockerTarget.DATABASE,
        ProcessHandle.current().pid(),
        device,
        null,
        dropped,
        all);
  }

  private void stop() {
    if (running != null) {
      try {
        running.close();
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
