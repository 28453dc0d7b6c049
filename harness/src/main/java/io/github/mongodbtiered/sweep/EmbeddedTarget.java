package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.servers.BlockDevice;
import io.github.mongodbtiered.servers.HostCache;
import io.github.mongodbtiered.standin.StandinServer;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * The stand-in (mongo-java-server on WiredTiger) inside this JVM: needs nothing installed beyond
 * Debian's WiredTiger, throttles nothing. It is restarted for every cell with that profile's
 * WiredTiger cache (as a container would get), so that the cache starts cold and the cache tier
 * moves with the profile; disk and memory limits are labels.
 */
final class EmbeddedTarget implements TargetServer {
  private final Path dataDir;
  private StandinServer.Running running;

  EmbeddedTarget(Path dataDir) {
    this.dataDir = dataDir;
  }

  @Override
  public ServerKind kind() {
    return ServerKind.EMBEDDED;
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
        + ". Nothing is throttled: each cell's WiredTiger cache is the profile's, but its disk"
        + " and memory limits are labels only, and client and server share this machine's CPU."
        + " Use it to try the tool; use --server docker or --mongodb-url for numbers about"
        + " MongoDB.";
  }

  @Override
  public Endpoint startLoading() throws IOException {
    return start(false, List.of(), -1); // the engine's default cache: loading is not measured
  }

  @Override
  public void stopLoading() {
    stop();
  }

  @Override
  public Endpoint startCell(DiskProfile profile) throws IOException {
    HostCache.Drop drop = HostCache.drop();
    List<String> notes = new ArrayList<>();
    // Without a memory limit or a cache size, the profile leaves the cache to the engine's default.
    OptionalLong cacheBytes = profile.effectiveCacheBytes();
    int cacheMb = cacheBytes.isPresent() ? (int) Math.max(1, cacheBytes.getAsLong() >> 20) : -1;
    notes.add(
        "embedded stand-in: the WiredTiger cache is the profile's"
            + (cacheMb > 0 ? " (" + cacheMb + " MiB)" : " (engine default)")
            + "; its disk and memory limits are labels, nothing throttled");
    if (!drop.dropped()) {
      notes.add("page cache not dropped: " + drop.note());
    }
    return start(drop.dropped(), notes, cacheMb);
  }

  @Override
  public void stopCell() {
    stop();
  }

  private Endpoint start(boolean dropped, List<String> notes, int cacheMb) throws IOException {
    stop();
    running = StandinServer.start("127.0.0.1", 0, dataDir, cacheMb);
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
