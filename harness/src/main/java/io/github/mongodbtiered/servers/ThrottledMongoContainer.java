package io.github.mongodbtiered.servers;

import com.github.dockerjava.api.DockerClient;
import com.github.dockerjava.api.command.InspectContainerResponse;
import com.github.dockerjava.api.model.Capability;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.HostConfig;
import com.github.dockerjava.api.model.PortBinding;
import com.github.dockerjava.api.model.Ports;
import io.github.mongodbtiered.profiles.BurstBucket;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.Setting;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.testcontainers.containers.BindMode;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.wait.strategy.Wait;

/**
 * A MongoDB server (the {@code mongo} image, or the stand-in) in a container whose data directory
 * sits on a host directory, with the profile's blkio limits on the disk that backs that directory,
 * its memory limit, and its WiredTiger cache size. It can restart the server on the same data with
 * a cold page cache, and says which limits the kernel really enforces.
 *
 * <p>The container is removed on {@link #close()}, and by a shutdown hook on normal exit or Ctrl-C,
 * so a failed or interrupted sweep leaves no server running.
 */
public final class ThrottledMongoContainer extends GenericContainer<ThrottledMongoContainer> {
  public static final int PORT = 27017;
  private static final String READY = ".*Waiting for connections.*";
  private static final Duration STARTUP = Duration.ofMinutes(3);

  private final DiskProfile profile;
  private final List<String> serverArgs;

  /** The profile whose disk limits the running server has: {@link #limit} changes them. */
  private volatile DiskProfile limits;

  private final BlockDevice device;
  private final String image;
  private final Thread shutdownHook = new Thread(this::stop, "mongodb-tiered-container-cleanup");
  private volatile int hostPort = -1;
  private volatile String bridgeAddress;
  private BurstBucket bucket;
  private volatile BurstThrottle burst;

  /**
   * @param image a MongoDB image ({@code mongo:7.0}) or the stand-in
   * @param profile the limits to apply
   * @param dataDir a host directory for the server's data; its disk is the one throttled
   */
  public ThrottledMongoContainer(String image, DiskProfile profile, Path dataDir) {
    this(image, profile, dataDir, List.of());
  }

  /**
   * @param image a MongoDB image ({@code mongo:7.0}) or the stand-in
   * @param profile the limits to apply
   * @param dataDir a host directory for the server's data; its disk is the one throttled
   * @param serverArgs options for the server beyond the profile's, passed as given ({@code
   *     --server-arg}); a cache size among them replaces the profile's
   */
  public ThrottledMongoContainer(
      String image, DiskProfile profile, Path dataDir, List<String> serverArgs) {
    super(ServerImages.resolve(image));
    this.image = image;
    this.profile = profile;
    this.limits = profile;
    this.device = BlockDevice.backing(dataDir);
    withImagePullPolicy(ServerImages.pullPolicy(image));
    withExposedPorts(PORT);
    withFileSystemBind(dataDir.toAbsolutePath().toString(), "/data/db", BindMode.READ_WRITE);
    this.serverArgs = List.copyOf(serverArgs);
    withCommand(command(profile, this.serverArgs).toArray(new String[0]));
    withLabel("io.github.mongodbtiered.profile", profile.name());
    // Owner and data directory: a later run finds this container if this JVM is killed outright.
    withLabels(ContainerLabels.ownedBy(dataDir));
    boolean standin = ServerImages.isStandin(image);
    if (standin && !StandinHeap.usesH2(this.serverArgs)) {
      withEnv("JAVA_TOOL_OPTIONS", StandinHeap.javaOptions(profile.memoryBytes()));
    }
    withCreateContainerCmdModifier(
        cmd -> {
          Throttle.apply(cmd.getHostConfig(), limits, device);
          if (standin) {
            // The stand-in raises its JIT compiler's priority (scripts/build-standin-image).
            cmd.getHostConfig().withCapAdd(Capability.SYS_NICE);
          }
          publishOnLoopback(cmd.getHostConfig(), getHost());
        });
    waitingFor(Wait.forLogMessage(READY, 1).withStartupTimeout(STARTUP));
  }

  /**
   * Publishes the server's port on 127.0.0.1 alone, at a port Docker picks. Testcontainers
   * publishes every exposed port on all interfaces (0.0.0.0 and [::]): an unauthenticated server
   * open to the network for the whole sweep, and after a SIGKILL until the next run cleans up. Only
   * this host connects, through the loopback or the container's own address; a remote Docker host
   * ({@code DOCKER_HOST=tcp://...}), reached through its published port, keeps the default.
   */
  static void publishOnLoopback(HostConfig host, String dockerHost) {
    if (!isLocal(dockerHost)) {
      return;
    }
    host.withPublishAllPorts(false)
        .withPortBindings(new PortBinding(Ports.Binding.bindIp(LOOPBACK), ExposedPort.tcp(PORT)));
  }

  static final String LOOPBACK = "127.0.0.1";

  /** Whether Testcontainers reaches the Docker host as this machine. */
  static boolean isLocal(String dockerHost) {
    return "localhost".equals(dockerHost) || dockerHost.startsWith("127.");
  }

  /**
   * Whether a server started for {@code a} is the server {@code b} would start: the same memory
   * limit and command line, as no setting that needs a new server ({@link
   * Setting.Scope#NEW_SERVER}) differs, so that only the disk's limits and latency tell the two
   * apart.
   */
  public static boolean sameServer(DiskProfile a, DiskProfile b) {
    return !a.changesTo(b).contains(Setting.Scope.NEW_SERVER);
  }

  /** mongod's options: all interfaces, and the profile's cache when it has a size for it. */
  static List<String> command(DiskProfile profile) {
    return command(profile, List.of());
  }

  /**
   * mongod's options: all interfaces, the profile's cache when it has a size for it and {@code
   * serverArgs} set none (mongod refuses an option given twice), then {@code serverArgs} as given.
   */
  static List<String> command(DiskProfile profile, List<String> serverArgs) {
    List<String> args = new ArrayList<>(List.of("--bind_ip_all"));
    if (!setsCacheSize(serverArgs)) {
      profile
          .effectiveCacheBytes()
          .ifPresent(
              bytes -> {
                args.add("--wiredTigerCacheSizeGB");
                args.add(String.format(Locale.ROOT, "%.3f", bytes / (double) (1L << 30)));
              });
    }
    args.addAll(serverArgs);
    return args;
  }

  /** Whether {@code serverArgs} size WiredTiger's cache themselves. */
  public static boolean setsCacheSize(List<String> serverArgs) {
    return serverArgs.stream()
        .anyMatch(a -> a.equals(CACHE_OPTION) || a.startsWith(CACHE_OPTION + "="));
  }

  private static final String CACHE_OPTION = "--wiredTigerCacheSizeGB";

  /**
   * Adds WiredTiger settings to the server's command line before {@link #start}, as {@code
   * --wiredTigerEngineConfigString}, which mongod and the stand-in both take.
   */
  public ThrottledMongoContainer withEngineConfig(String config) {
    List<String> args = new ArrayList<>(command(profile, serverArgs));
    args.add("--wiredTigerEngineConfigString");
    args.add(config);
    return withCommand(args.toArray(new String[0]));
  }

  /**
   * Runs the server on a burst-credit volume: created at the limits {@code bucket} is at, then
   * switched as it empties and fills ({@link BurstThrottle}). Before {@link #start}; the bucket
   * goes on from where it is and is left as the server leaves it, for the next server of the
   * profile.
   */
  public ThrottledMongoContainer withBurst(BurstBucket bucket) {
    if (!profile.bursts()) {
      throw new IllegalArgumentException(profile.name() + " has no burst bucket");
    }
    this.bucket = bucket;
    this.limits = BurstThrottle.limitsOf(profile, bucket);
    return this;
  }

  /** The burst bucket's record while it runs, or null for a volume without one. */
  public BurstThrottle burst() {
    return burst;
  }

  @Override
  public void start() {
    Runtime.getRuntime().addShutdownHook(shutdownHook);
    super.start();
    hostPort = mappedPort();
    bridgeAddress = bridgeAddress();
    if (bucket != null) {
      burst = BurstThrottle.start(bucket, profile, device, serverPid());
    }
  }

  @Override
  public void stop() {
    BurstThrottle b = burst;
    if (b != null) {
      b.close(); // its last second counted while the server still runs
    }
    try {
      // Testcontainers removes a container with SIGKILL: a server then loses what it had not yet
      // synced (the stand-in its last second of writes; mongod its clean shutdown). SIGTERM first.
      String id = getContainerId();
      if (id != null && isRunning()) {
        try {
          getDockerClient().stopContainerCmd(id).withTimeout(60).exec();
        } catch (RuntimeException e) {
          // already stopped or gone: removal below still runs
        }
      }
      super.stop();
    } finally {
      if (Thread.currentThread() != shutdownHook) {
        try {
          Runtime.getRuntime().removeShutdownHook(shutdownHook);
        } catch (IllegalStateException | IllegalArgumentException e) {
          // already shutting down, or never started
        }
      }
    }
  }

  /**
   * The profile whose disk limits the server has now (the one it started with until {@link
   * #limit}).
   */
  public DiskProfile profile() {
    return limits;
  }

  /**
   * Gives the running server {@code next}'s disk limits in place, by its cgroup, for a cell that
   * goes on with this server; its memory and command line must be the same ({@link #sameServer}).
   *
   * @throws IOException when the limits cannot be written (needs root and a local Docker host)
   */
  public void limit(DiskProfile next) throws IOException {
    if (!sameServer(profile, next)) {
      throw new IllegalArgumentException(
          next.name() + " needs another server than " + profile.name() + "'s");
    }
    Cgroups.writeDiskLimits(
        serverPid(),
        device,
        next.readIops(),
        next.writeIops(),
        next.readBytesPerSec(),
        next.writeBytesPerSec());
    limits = next;
  }

  public String image() {
    return image;
  }

  /** The ID ({@code sha256:...}) of the image the started container runs, as Docker says. */
  public String imageId() {
    return getContainerInfo().getImageId();
  }

  public BlockDevice device() {
    return device;
  }

  /**
   * A connection string for {@code database} on this server, valid until the next restart: the
   * container's own address where this host reaches it, else the published port. Through the port,
   * every request passes Docker's userland proxy, which kept 0.7 of a core busy on a 2-core host in
   * an in-cache cell: client and server lost it, and the throughput its noise.
   */
  public String connectionString(String database) {
    String direct = bridgeAddress;
    return direct != null
        ? "mongodb://" + direct + ":" + PORT + "/" + database
        : "mongodb://" + getHost() + ":" + hostPort + "/" + database;
  }

  /**
   * The container's address on its Docker network when the Docker host is this machine and that
   * address answers on the server's port within a second, else null.
   */
  private String bridgeAddress() {
    if (!isLocal(getHost())) {
      return null;
    }
    InspectContainerResponse info = getDockerClient().inspectContainerCmd(getContainerId()).exec();
    String ip = info.getNetworkSettings().getIpAddress();
    if ((ip == null || ip.isBlank()) && info.getNetworkSettings().getNetworks() != null) {
      ip =
          info.getNetworkSettings().getNetworks().values().stream()
              .map(n -> n.getIpAddress())
              .filter(a -> a != null && !a.isBlank())
              .findFirst()
              .orElse(null);
    }
    if (ip == null || ip.isBlank()) {
      return null;
    }
    try (Socket probe = new Socket()) {
      probe.connect(new InetSocketAddress(ip, PORT), 1_000);
      return ip;
    } catch (IOException e) {
      return null; // Docker Desktop, or a network this host does not route to
    }
  }

  /**
   * Stops the server cleanly, drops the host page cache (when permitted), and starts it again on
   * the same data, waiting until it accepts connections. Nothing of the data set is then in memory:
   * the next reads come from disk.
   *
   * @return whether the page cache could be dropped
   */
  public HostCache.Drop restartCold() {
    DockerClient docker = getDockerClient();
    String id = getContainerId();
    int readyBefore = readyLines();
    docker.stopContainerCmd(id).withTimeout(60).exec();
    HostCache.Drop drop = HostCache.drop();
    docker.startContainerCmd(id).exec();
    if (burst != null) {
      burst.follow(serverPid());
    }
    awaitReadyLines(readyBefore + 1);
    hostPort = mappedPort();
    bridgeAddress = bridgeAddress();
    return drop;
  }

  /**
   * The limits the kernel holds for the running container, read back from its cgroup.
   *
   * @param latencyApplied whether the data volume adds the profile's latency
   * @param whyNot why it does not, when the profile asks for some
   */
  public Enforcement enforcement(boolean latencyApplied, String whyNot) {
    InspectContainerResponse info = getDockerClient().inspectContainerCmd(getContainerId()).exec();
    Long pid = info.getState().getPidLong();
    String note = limits.addedLatencyMillis() > 0 && !latencyApplied ? whyNot : "";
    return Cgroups.read(pid == null ? -1 : pid, device, latencyApplied, note);
  }

  /**
   * Lifts the disk limits until the returned handle is closed, which puts the profile's limits
   * back. For warming caches after a cold start: at 150 IOPS, reading a data set into memory takes
   * hours; unthrottled it takes seconds, and the memory limit, which decides what the caches can
   * hold, stays in force throughout.
   *
   * @throws IOException when the limits cannot be changed (needs root and a local Docker host)
   */
  public AutoCloseable diskLimitsLifted() throws IOException {
    long pid = serverPid();
    BurstThrottle b = burst;
    if (b != null) {
      b.pause();
    }
    Cgroups.writeDiskLimits(pid, device, 0, 0, 0, 0);
    return () -> {
      if (!Files.exists(Path.of("/proc", Long.toString(pid)))) {
        throw new IOException(
            "the server's process (" + pid + ") is gone during the warm-up: " + howItEnded());
      }
      if (b != null) {
        b.resume(); // writes the limits the bucket is at
        return;
      }
      DiskProfile back = limits;
      Cgroups.writeDiskLimits(
          pid,
          device,
          back.readIops(),
          back.writeIops(),
          back.readBytesPerSec(),
          back.writeBytesPerSec());
    };
  }

  /**
   * How the container's server ended, as Docker saw it: killed for its memory limit, or its exit
   * code and the last lines it printed (the container is removed with the cell, its log with it).
   */
  String howItEnded() {
    try {
      InspectContainerResponse.ContainerState state =
          getDockerClient().inspectContainerCmd(getContainerId()).exec().getState();
      if (Boolean.TRUE.equals(state.getOOMKilled())) {
        return "the kernel killed it for the container's memory limit ("
            + profile.memoryBytes() / (1 << 20)
            + " MiB): the server's memory and the page cache it needs did not fit";
      }
      Long code = state.getExitCodeLong();
      return "it exited"
          + (code == null ? "" : " with code " + code)
          + "; its log ends with:\n"
          + tail(getLogs(), 5);
    } catch (RuntimeException e) {
      return "it exited or was killed, and Docker cannot say how (" + e.getMessage() + ")";
    }
  }

  /** The server's process id on the Docker host. */
  public long serverPid() {
    Long pid =
        getDockerClient().inspectContainerCmd(getContainerId()).exec().getState().getPidLong();
    if (pid == null || pid <= 0) {
      throw new IllegalStateException("container " + getContainerId() + " is not running");
    }
    return pid;
  }

  /** The host port of 27017, read afresh: Docker may assign a new one on restart. */
  private int mappedPort() {
    InspectContainerResponse info = getDockerClient().inspectContainerCmd(getContainerId()).exec();
    Ports.Binding[] bindings =
        info.getNetworkSettings().getPorts().getBindings().get(ExposedPort.tcp(PORT));
    if (bindings == null || bindings.length == 0) {
      throw new IllegalStateException("container " + getContainerId() + " publishes no port");
    }
    return Integer.parseInt(bindings[0].getHostPortSpec());
  }

  private int readyLines() {
    int n = 0;
    for (String line : getLogs().split("\n")) {
      if (line.matches(READY)) {
        n++;
      }
    }
    return n;
  }

  /** Polls the log until the server has said it is ready {@code count} times in all. */
  private void awaitReadyLines(int count) {
    long deadline = System.nanoTime() + STARTUP.toNanos();
    while (readyLines() < count) {
      if (!isRunning()) {
        throw new ServerUnavailableException(
            "the server exited during restart; its log ends with:\n" + tail(getLogs(), 20));
      }
      if (System.nanoTime() > deadline) {
        throw new ServerUnavailableException(
            "the server was not ready " + STARTUP.toSeconds() + " s after restart");
      }
      try {
        Thread.sleep(100); // poll interval of a readiness check
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted waiting for the server", e);
      }
    }
  }

  private static String tail(String text, int lines) {
    String[] all = text.split("\n");
    return String.join("\n", List.of(all).subList(Math.max(0, all.length - lines), all.length));
  }
}
