package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.ServerKind.Capability;
import io.github.mongodbtiered.servers.BurstThrottle;
import io.github.mongodbtiered.servers.HostCache;
import java.util.List;
import java.util.function.Consumer;

/**
 * Where the sweep's server comes from: throttled containers, an existing deployment, or the
 * stand-in inside this JVM. One data set serves every profile: it is loaded once per record count
 * and then measured under each profile in turn.
 */
public interface TargetServer extends AutoCloseable {
  /** The report's "server" column; what the server can do is its kind's. */
  ServerKind kind();

  /**
   * Whether this target's servers can do {@code capability}: whether profiles' disk limits apply
   * ({@link Capability#LIMITS_DISK}), whether the servers are the sweep's own, started and
   * configured by it, so that loading tunes their engine and compacts their files ({@link
   * Capability#STARTS_SERVERS}, {@link BulkLoad}), and so on.
   */
  default boolean has(Capability capability) {
    return kind().has(capability);
  }

  /** What this choice means for the numbers, printed before the sweep and kept in run.json. */
  String meaning();

  /** The image the server runs, or a description for servers that are not containers. */
  String image();

  /**
   * Per image name, the ID ({@code sha256:...}) of the image this target's servers run: what a tag
   * such as {@code :latest} stands for in this run. Empty where servers are not containers (an
   * embedded server is the tool's own build, a URL's server is known by its version) or the ID is
   * not known yet.
   */
  default java.util.Map<String, String> imageIds() {
    return java.util.Map.of();
  }

  /** A server to load data into (unthrottled where the target controls that). */
  Endpoint startLoading() throws Exception;

  void stopLoading() throws Exception;

  /** A server under {@code profile} on the loaded data, started cold where the target can. */
  Endpoint startCell(DiskProfile profile) throws Exception;

  /**
   * A server as {@link #startCell(DiskProfile)} starts it, the host's page cache not dropped again:
   * {@code dropped} is what the drop before the first of the servers that start together did
   * ({@link AlternatedRound}). A second drop would empty what the first server's start had read
   * into its cache, and that server alone would warm up without it. Targets that never drop ignore
   * it.
   */
  default Endpoint startCell(DiskProfile profile, HostCache.Drop dropped) throws Exception {
    return startCell(profile);
  }

  void stopCell() throws Exception;

  /**
   * Whether the server of the cell just measured under {@code running} can go on as {@code next}'s
   * without a cold start: the same server, memory and data, only the disk's limits or latency
   * different, changed in place. Targets whose cells cannot be told apart that way say no.
   */
  default boolean canContinue(DiskProfile running, DiskProfile next) {
    return false;
  }

  /**
   * Gives the running cell's server {@code next}'s disk limits and latency, keeping its caches,
   * after {@link #canContinue} said yes; the endpoint says which cell it continues.
   *
   * @throws Exception when the change failed: the caller then starts the cell cold
   */
  default Endpoint continueCell(DiskProfile next) throws Exception {
    throw new UnsupportedOperationException("this target starts every cell cold");
  }

  /**
   * Lifts the running cell server's disk limits until the handle is closed, for a fast warm-up; a
   * no-op where the target throttles nothing.
   */
  /**
   * The running cell's burst bucket, second by second, or null when its volume has none (or this
   * target throttles nothing).
   */
  default BurstThrottle burst() {
    return null;
  }

  default AutoCloseable diskLimitsLifted() throws Exception {
    return () -> {};
  }

  /**
   * Takes the data volume's added latency off until the handle is closed, for a fast preload (the
   * workload never runs without it); a no-op where the target adds none or cannot change it while
   * the server runs.
   *
   * @param notes told why the latency stayed on, where it could not come off and was put back
   * @throws Exception when it could neither come off nor be put back: the cell must fail
   */
  default AutoCloseable latencyLifted(Consumer<String> notes) throws Exception {
    return () -> {};
  }

  /**
   * The volume the server's data lives on, mounted by the target per server start; null when the
   * server runs elsewhere.
   */
  default io.github.mongodbtiered.volumes.DataVolume volume() {
    return null;
  }

  /**
   * The server's data directory on this host, or null when the server runs elsewhere (its kind
   * lacks {@link Capability#DATA_ON_THIS_HOST}).
   */
  default java.nio.file.Path hostDataDir() {
    return null;
  }

  /** The Docker engine's version, or null when this target uses no containers. */
  default String dockerVersion() {
    return null;
  }

  /**
   * Starts this target's servers from now on with {@code image} and {@code args} (beyond each
   * profile's options), on the same data volume: the server of {@code variant}, another variant
   * that reads the same data files ({@link VariantTargets}).
   *
   * @throws IllegalArgumentException when this target cannot start such a server
   */
  default void configure(String variant, String image, List<String> args) {
    throw new IllegalArgumentException(
        "this target starts no servers of its own: variants need --server docker or embedded");
  }

  @Override
  void close();
}
