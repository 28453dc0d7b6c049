package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.servers.BlockDevice;
import io.github.mongodbtiered.servers.HostCache;
import io.github.mongodbtiered.standin.StandinServer;
import io.github.mongodbtiered.standin.StandinServerArgs;
import io.github.mongodbtiered.standin.WiredTigerOptions;
import io.github.mongodbtiered.volumes.DataVolume;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.function.Consumer;

/**
 * The stand-in (mongo-java-server on WiredTiger) inside this JVM: needs nothing installed beyond
 * Debian's WiredTiger, throttles nothing. It is restarted for every cell with that profile's
 * WiredTiger cache (as a container would get), so that the cache starts cold and the cache tier
 * moves with the profile; disk and memory limits are labels.
 */
final class EmbeddedTarget implements TargetServer {
  private final DataVolume volume;
  private List<String> serverArgs;
  private StandinServer.Running running;
  private boolean shuttingDown;
  private final Thread shutdownHook = new Thread(this::stopQuietly, "mongodb-tiered-embedded-stop");

  /**
   * @param serverArgs the stand-in's own options every server starts with ({@link
   *     Server#commandArgs}), loading included
   * @throws IllegalArgumentException for an option the stand-in does not act on
   */
  EmbeddedTarget(DataVolume volume, List<String> serverArgs) {
    configure("", null, serverArgs);
    this.volume = volume;
    // Ctrl-C: the server's files must close before the volume's own hook can unmount it.
    Runtime.getRuntime().addShutdownHook(shutdownHook);
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
  public void configure(String variant, String image, List<String> args) {
    StandinServerArgs.problem(args)
        .ifPresent(
            p -> {
              throw new IllegalArgumentException("--server-arg: " + p);
            });
    this.serverArgs = List.copyOf(args);
  }

  @Override
  public Path hostDataDir() {
    return volume.dataDir();
  }

  @Override
  public DataVolume volume() {
    return volume;
  }

  @Override
  public String meaning() {
    return "embedded: the stand-in server (mongo-java-server on WiredTiger, not MongoDB) in this"
        + " JVM, data in "
        + volume.dataDir()
        + ". Nothing is throttled: each cell's WiredTiger cache is the profile's, but its disk"
        + " and memory limits are labels only (a cell's tier is predicted from its profile's"
        + " memory as if it held, so an observed tier that differs is not flagged)"
        + VolumeNotes.latencyClause(volume)
        + ", and client and server share this machine's CPU."
        + " Use it to try the tool; use --server docker or --mongodb-url for numbers about"
        + " MongoDB.";
  }

  @Override
  public Endpoint startLoading() throws IOException {
    // The engine's default cache, no latency: loading is not measured.
    return start(
        0,
        false,
        null,
        List.of(),
        StandinServerArgs.applyTo(
            WiredTigerOptions.defaults().withEngineConfig(BulkLoad.ENGINE_CONFIG), serverArgs));
  }

  @Override
  public void stopLoading() throws IOException {
    stop();
  }

  @Override
  public Endpoint startCell(DiskProfile profile) throws IOException {
    return startCell(profile, null);
  }

  @Override
  public Endpoint startCell(DiskProfile profile, HostCache.Drop dropped) throws IOException {
    // Without a memory limit or a cache size, the profile leaves the cache to the engine's default.
    // That nothing else of the profile applies holds for every cell: the run's meaning says it
    // once.
    OptionalLong cacheBytes = profile.effectiveCacheBytes();
    WiredTigerOptions engine = WiredTigerOptions.defaults();
    if (cacheBytes.isPresent()) {
      // The engine sizes its cache in whole MB, at least one.
      engine = engine.withCacheBytes(Math.max(1L << 20, cacheBytes.getAsLong() >> 20 << 20));
    }
    return start(
        profile.addedLatencyMillis(),
        true,
        dropped,
        List.of(),
        StandinServerArgs.applyTo(engine, serverArgs));
  }

  @Override
  public void stopCell() throws IOException {
    stop();
  }

  /**
   * Synchronized with the shutdown hook: a server started after the hook had closed the last one
   * would hold the volume's files open and keep it from being unmounted.
   *
   * @param dropped the page cache's drop this start goes without, or null to drop it (cold)
   */
  private synchronized Endpoint start(
      double latencyMillis,
      boolean cold,
      HostCache.Drop dropped,
      List<String> notes,
      WiredTigerOptions engine)
      throws IOException {
    if (shuttingDown) {
      throw new IOException("shutting down: no server started");
    }
    stop();
    DataVolume.Mount mount =
        cold ? VolumeNotes.mount(volume, latencyMillis) : VolumeNotes.mountForLoading(volume);
    HostCache.Drop drop = cold ? HostCache.dropUnless(dropped) : null;
    running = StandinServer.startWiredTiger("127.0.0.1", 0, mount.dataDir(), engine);
    BlockDevice device = null;
    List<String> all = new ArrayList<>(notes);
    if (drop != null && !drop.dropped()) {
      all.add("page cache not dropped: " + drop.note());
    }
    try {
      device = BlockDevice.backing(mount.dataDir());
    } catch (IllegalStateException e) {
      all.add(e.getMessage());
    }
    // Applied latency is in the cell's own columns (and the run's meaning); only a shortfall is
    // news.
    if (latencyMillis > 0 && !mount.latencyApplied()) {
      all.add("latency " + VolumeNotes.asked(volume, latencyMillis));
    }
    return new Endpoint(
        "mongodb://127.0.0.1:" + running.port() + "/" + DockerTarget.DATABASE,
        ProcessHandle.current().pid(),
        device,
        null,
        drop != null && drop.dropped(),
        all,
        mount.latencyApplied(),
        mount.latencyApplied() ? volume.method().id() : "");
  }

  /** Stops the server, then releases the volume it held, so the next start is cold. */
  private synchronized void stop() throws IOException {
    if (running != null) {
      try {
        running.close();
      } finally {
        running = null;
      }
    }
    volume.unmount();
  }

  /**
   * The shutdown hook: the server's files close first, then the volume is unmounted and taken down,
   * in that order (the volume's own hook, running beside this one, would otherwise wait for a busy
   * mount).
   */
  private void stopQuietly() {
    boolean closed = true;
    synchronized (this) {
      shuttingDown = true;
      if (running != null) {
        StandinServer.Running r = running;
        running = null;
        closed = closeWithin(r, CLOSE_LIMIT, System.err::println);
      }
    }
    if (closed) {
      volume.close();
    } else {
      // Its files are still open: an unmount would only fail ("target is busy").
      System.err.println(
          "warning: the data volume stays mounted; the next run of the same command takes it"
              + " down and checks the data set");
    }
  }

  /** How long a Ctrl-C waits for the stand-in's files to close before the process exits. */
  static final Duration CLOSE_LIMIT = Duration.ofSeconds(60);

  /**
   * Closes {@code server} on a thread of its own, waiting at most {@code limit}: WiredTiger's close
   * once spun for ten minutes after a Ctrl-C during loading, with the process unkillable by another
   * Ctrl-C. Past the limit the process exits without it; the data set's marker then decides on the
   * next run whether it is reused.
   *
   * @return whether it closed in time
   */
  static boolean closeWithin(AutoCloseable server, Duration limit, Consumer<String> warn) {
    Thread closer =
        new Thread(
            () -> {
              try {
                server.close();
              } catch (Exception e) {
                warn.accept("warning: stopping the embedded server: " + Messages.of(e));
              }
            },
            "mongodb-tiered-embedded-close");
    closer.setDaemon(true); // never keeps the JVM from exiting
    closer.start();
    try {
      closer.join(limit.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    if (closer.isAlive()) {
      warn.accept(
          "warning: the embedded server's files did not close within "
              + limit.toSeconds()
              + " s (WiredTiger still busy); exiting without a clean close");
      return false;
    }
    return true;
  }

  @Override
  public void close() {
    try {
      stop();
    } catch (IOException | RuntimeException e) {
      System.err.println("warning: " + Messages.of(e));
    } finally {
      volume.close();
      try {
        Runtime.getRuntime().removeShutdownHook(shutdownHook);
      } catch (IllegalStateException e) {
        // already shutting down
      }
    }
  }
}
