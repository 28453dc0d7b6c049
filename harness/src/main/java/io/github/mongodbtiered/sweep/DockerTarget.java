package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.BurstBucket;
import io.github.mongodbtiered.profiles.BurstStart;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.Setting;
import io.github.mongodbtiered.profiles.Sizes;
import io.github.mongodbtiered.results.BuildIds;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.servers.BurstThrottle;
import io.github.mongodbtiered.servers.Enforcement;
import io.github.mongodbtiered.servers.HostCache;
import io.github.mongodbtiered.servers.ServerImages;
import io.github.mongodbtiered.servers.ThrottledMongoContainer;
import io.github.mongodbtiered.volumes.DataVolume;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;
import org.testcontainers.DockerClientFactory;

/**
 * Throttled containers on one data volume: an unthrottled container loads, then a container started
 * on the volume freshly mounted with the profile's latency, after the page cache is dropped,
 * measures under its profile; the next cell goes on with it where only the disk's limits and
 * latency differ ({@link #continueCell}), else starts cold in a container of its own.
 */
final class DockerTarget implements TargetServer {
  static final String DATABASE = "ycsb";

  private String image;
  private List<String> serverArgs;
  private final DataVolume volume;
  private final BurstStart burstStart;

  /**
   * Each burst-credit profile's bucket, kept from cell to cell as one volume's would be; per
   * variant, as each variant would have its own volume (a shared one would hand one variant's
   * credits to the next in a round).
   */
  private final Map<String, BurstBucket> buckets = new HashMap<>();

  /** The variant whose servers start now ({@link #configure}); "" for a sweep without variants. */
  private String variant = "";

  private ThrottledMongoContainer running;

  /** The image's ID, pinned when first known: every server of the sweep runs that build. */
  private String imageId;

  /** The volume's mount under a running cell's server; null while loading or stopped. */
  private DataVolume.Mount measured;

  /**
   * @param serverArgs options every server starts with beyond its profile's ({@link
   *     Server#commandArgs}), loading included: a storage option applies to the files the load
   *     writes
   */
  DockerTarget(String image, List<String> serverArgs, DataVolume volume) {
    this(image, serverArgs, volume, BurstStart.FULL);
  }

  /**
   * @param burstStart how full each burst-credit profile's bucket is at its first cell
   */
  DockerTarget(String image, List<String> serverArgs, DataVolume volume, BurstStart burstStart) {
    this.image = image;
    this.serverArgs = List.copyOf(serverArgs);
    this.volume = volume;
    this.burstStart = burstStart;
  }

  @Override
  public ServerKind kind() {
    return ServerKind.DOCKER;
  }

  @Override
  public String image() {
    return image;
  }

  /**
   * The image's ID as first known: asked of the local Docker, else (an image not pulled yet) read
   * from the first server's container.
   */
  @Override
  public Map<String, String> imageIds() {
    if (imageId == null) {
      imageId = ServerImages.localId(image);
    }
    return imageId == null ? Map.of() : Map.of(image, imageId);
  }

  @Override
  public void configure(String variantName, String serverImage, List<String> args) {
    this.variant = variantName;
    this.image = serverImage;
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
  public String dockerVersion() {
    try {
      return DockerClientFactory.instance().client().versionCmd().exec().getVersion();
    } catch (RuntimeException e) {
      return null; // the sweep fails on its own with a clearer message when Docker is missing
    }
  }

  @Override
  public String meaning() {
    return "docker: "
        + image
        + (serverArgs.isEmpty() ? "" : " " + String.join(" ", serverArgs))
        + " in containers limited by each profile (blkio IOPS/bandwidth on the data disk, memory,"
        + " WiredTiger cache"
        + VolumeNotes.latencyClause(volume)
        + "); data in "
        + volume.dataDir();
  }

  @Override
  public Endpoint startLoading() throws IOException {
    // Loading is not what is measured: no disk limits and no latency, so big data sets load fast.
    DiskProfile loader = DiskProfile.named("load").description("loading").build();
    return start(loader, false);
  }

  private DataVolume.Mount mountFor(DiskProfile profile, boolean cold) {
    return cold
        ? VolumeNotes.mount(volume, profile.addedLatencyMillis())
        : VolumeNotes.mountForLoading(volume);
  }

  @Override
  public void stopLoading() throws IOException {
    stop();
  }

  @Override
  public Endpoint startCell(DiskProfile profile) throws IOException {
    return start(profile, true);
  }

  @Override
  public Endpoint startCell(DiskProfile profile, HostCache.Drop dropped) throws IOException {
    return start(profile, true, dropped);
  }

  /**
   * Yes when the running cell's server is {@code runningProfile}'s and it can become {@code next}'s
   * in place.
   */
  @Override
  public boolean canContinue(DiskProfile runningProfile, DiskProfile next) {
    // A burst bucket is its profile's: a server goes on under no other profile's limits.
    return running != null
        && measured != null
        && !runningProfile.bursts()
        && !next.bursts()
        && running.profile().equals(runningProfile)
        && changesInPlace(runningProfile, next, volume.changesLatency());
  }

  /**
   * Whether a server under {@code from} can be given {@code to}'s settings in place: every setting
   * that differs is a cgroup limit or a label, or the volume's latency where the volume can change
   * it while mounted; none needs a new server ({@link ThrottledMongoContainer#sameServer}).
   */
  static boolean changesInPlace(DiskProfile from, DiskProfile to, boolean volumeChangesLatency) {
    Set<Setting.Scope> changes = from.changesTo(to);
    return !changes.contains(Setting.Scope.NEW_SERVER)
        && (volumeChangesLatency || !changes.contains(Setting.Scope.VOLUME));
  }

  @Override
  public Endpoint continueCell(DiskProfile next) throws IOException {
    DiskProfile from = running.profile();
    if (!canContinue(from, next)) {
      throw new IllegalStateException(
          next.name() + " cannot go on with " + from.name() + "'s server");
    }
    measured = volume.changeLatency(next.addedLatencyMillis());
    running.limit(next);
    return endpoint(next, measured, null, from.name());
  }

  @Override
  public BurstThrottle burst() {
    ThrottledMongoContainer r = running;
    return r == null ? null : r.burst();
  }

  @Override
  public AutoCloseable diskLimitsLifted() throws IOException {
    return running.diskLimitsLifted();
  }

  @Override
  public AutoCloseable latencyLifted(Consumer<String> notes) throws IOException {
    double latencyMillis = running.profile().addedLatencyMillis();
    boolean delayed = measured != null && latencyMillis > 0 && volume.changesLatency();
    return delayed ? withLatencyLifted(volume, latencyMillis, m -> measured = m, notes) : () -> {};
  }

  /**
   * Takes {@code volume}'s added latency off; the handle puts {@code latencyMillis} back. A latency
   * that will not come off is put back at once (a swap that failed half-way may have left the
   * device without it) and said in {@code notes}: the preload then runs at the profile's latency.
   * One that will go back neither then nor when the handle closes is thrown: the cell fails, and
   * the next one starts cold on a volume mounted afresh.
   *
   * @param mounted told the volume's mount after each change
   */
  static AutoCloseable withLatencyLifted(
      DataVolume volume,
      double latencyMillis,
      Consumer<DataVolume.Mount> mounted,
      Consumer<String> notes)
      throws IOException {
    String added = "the volume's added " + Sizes.trim(latencyMillis) + " ms";
    try {
      mounted.accept(volume.changeLatency(0));
    } catch (IOException | RuntimeException e) {
      try {
        mounted.accept(volume.changeLatency(latencyMillis));
      } catch (IOException | RuntimeException back) {
        back.addSuppressed(e);
        throw new IOException(
            added + " could be neither lifted nor put back: " + Messages.of(back), back);
      }
      notes.accept(
          "the preload ran at the profile's added latency: "
              + added
              + " could not be lifted: "
              + Messages.of(e));
      return () -> {};
    }
    return () -> {
      try {
        mounted.accept(volume.changeLatency(latencyMillis));
      } catch (IOException | RuntimeException e) {
        throw new IOException(added + " could not be put back: " + Messages.of(e), e);
      }
    };
  }

  @Override
  public void stopCell() throws IOException {
    stop();
  }

  /**
   * The bucket of {@code profile}'s volume for the variant configured last, as a cell's server
   * starts cold: the one kept from the cells before, or a new empty one each cell ({@link
   * BurstStart#everyCell}).
   */
  BurstBucket bucket(DiskProfile profile) {
    String key = variant + "\0" + profile.name();
    if (burstStart.everyCell()) {
      buckets.remove(key);
    }
    return buckets.computeIfAbsent(key, n -> burstStart.bucketFor(profile));
  }

  private Endpoint start(DiskProfile profile, boolean cold) throws IOException {
    return start(profile, cold, null);
  }

  /**
   * @param dropped the page cache's drop this start goes without, or null to drop it (cold)
   */
  private Endpoint start(DiskProfile profile, boolean cold, HostCache.Drop dropped)
      throws IOException {
    stop();
    DataVolume.Mount mount = mountFor(profile, cold);
    HostCache.Drop drop = cold ? HostCache.dropUnless(dropped) : null;
    running = new ThrottledMongoContainer(image, profile, mount.dataDir(), serverArgs);
    if (cold && profile.bursts()) {
      running.withBurst(bucket(profile));
    }
    if (!cold) {
      running.withEngineConfig(BulkLoad.ENGINE_CONFIG);
    }
    running.start();
    imageId = sameImage(image, imageId, running.imageId());
    measured = cold ? mount : null;
    return endpoint(profile, mount, drop, "");
  }

  /**
   * The image's ID the sweep goes on with once a server {@code started} on it: the pinned one, or
   * the server's where none was pinned yet. A server on another build than the pinned one (its tag
   * rebuilt meanwhile) is refused: one report would hold cells of two builds under one name.
   */
  static String sameImage(String image, String pinned, String started) throws IOException {
    if (pinned == null || started == null || started.equals(pinned)) {
      return pinned == null ? started : pinned;
    }
    throw new IOException(
        "image "
            + image
            + " changed during the sweep (ID "
            + BuildIds.shortId(pinned)
            + " → "
            + BuildIds.shortId(started)
            + "): its cells would mix two builds under one name. Run the sweep again: it refuses"
            + " the cells of the earlier build (--remeasure replaces them)");
  }

  /** What the cell's server is, with the limits read back from its cgroup. */
  private Endpoint endpoint(
      DiskProfile profile, DataVolume.Mount mount, HostCache.Drop drop, String continuedFrom) {
    Enforcement enforced = running.enforcement(mount.latencyApplied(), volume.offReason());
    // A burst-credit volume's limits are the bucket's: its burst rate while it has credits.
    List<String> notes = new ArrayList<>(enforced.shortfalls(running.profile()));
    if (drop != null && !drop.dropped()) {
      notes.add("page cache not dropped: " + drop.note());
    }
    return new Endpoint(
        running.connectionString(DATABASE),
        running.serverPid(),
        running.device(),
        enforced,
        drop != null && drop.dropped(),
        notes,
        mount.latencyApplied(),
        mount.latencyApplied() ? volume.method().id() : "",
        continuedFrom);
  }

  /** Stops the server, then releases the volume it held, so the next start is cold. */
  private void stop() throws IOException {
    measured = null;
    if (running != null) {
      try {
        running.stop();
      } finally {
        running = null;
      }
    }
    volume.unmount();
  }

  @Override
  public void close() {
    try {
      stop();
    } catch (IOException | RuntimeException e) {
      System.err.println("warning: " + Messages.of(e));
    } finally {
      volume.close();
    }
  }
}
