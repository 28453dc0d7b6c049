package io.github.mongodbtiered.environment;

import io.github.mongodbtiered.environment.DiskCheck.Disk;
import io.github.mongodbtiered.metrics.ServerIdentity;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.EnvironmentFacts;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.bson.Document;

/**
 * What a sweep runs on, and where it falls short of MongoDB's production advice or of what a
 * trustworthy measurement needs. Reads {@code /proc} and {@code /sys} (roots replaceable for
 * tests); never changes anything.
 *
 * <p>The advice checked is MongoDB's production notes for WiredTiger: read-ahead of 8 to 32 sectors
 * (4-16 KiB, since WiredTiger reads whole pages at random), {@code noatime}, and XFS (ext4
 * accepted). The measurement checks are the page cache drop before each cell and the profiles'
 * added latency, and proactive reclaim: a kernel that drops page cache for being idle (DAMON) keeps
 * the filesystem cache from holding what a server's memory would.
 */
public final class EnvironmentCheck {
  private final Path proc;
  private final FileSystemCheck fileSystem;
  private final DiskCheck disks;
  private final ProactiveReclaimCheck reclaim;

  public EnvironmentCheck() {
    this(Path.of("/proc"), Path.of("/sys"));
  }

  /** Reads the given roots in place of {@code /proc} and {@code /sys}. */
  EnvironmentCheck(Path proc, Path sys) {
    this.proc = proc;
    this.fileSystem = new FileSystemCheck(proc);
    this.disks = new DiskCheck(sys);
    this.reclaim = new ProactiveReclaimCheck(sys);
  }

  /**
   * The host's facts and the data directory's file system and device.
   *
   * @param dataDir where the server keeps its files on this host, or null when the server is
   *     elsewhere (a URL target)
   * @param dockerVersion the Docker engine's version, or null when no container is used
   */
  public EnvironmentFacts host(Path dataDir, String dockerVersion) {
    List<String> warnings = new ArrayList<>();
    String dir = null;
    Optional<Mount> mount = Optional.empty();
    Optional<Disk> disk = Optional.empty();
    if (dataDir == null) {
      warnings.add(
          "the server's host was not checked (it is not this machine): check its read-ahead,"
              + " noatime and file system yourself");
    } else {
      Path real = KernelFiles.realPath(dataDir);
      dir = real.toString();
      mount = fileSystem.mount(real, warnings);
      disk = disks.disk(real, warnings);
      warnings.addAll(proactiveReclaim());
    }
    return new EnvironmentFacts(
        new EnvironmentFacts.Host(
            KernelFiles.read(proc.resolve("sys/kernel/osrelease")).orElse(null),
            cpuModel(),
            Runtime.getRuntime().availableProcessors(),
            memTotalBytes()),
        new EnvironmentFacts.DataDisk(
            dir,
            mount.map(Mount::type).orElse(null),
            mount.map(Mount::options).orElse(null),
            disk.map(Disk::name).orElse(null),
            disk.map(Disk::readAheadKb).orElse(null),
            disk.map(Disk::scheduler).orElse(null)),
        new EnvironmentFacts.Server(dockerVersion, null, null, null),
        warnings);
  }

  /** Warnings of a kernel that pages out idle page cache; see {@link ProactiveReclaimCheck}. */
  List<String> proactiveReclaim() {
    return reclaim.warnings();
  }

  /**
   * Warnings about how faithfully the profiles can be measured here.
   *
   * @param latencyUnavailable why added latency cannot be applied, or empty when it can
   * @param pageCacheNote why the page cache could not be dropped, or empty when it could
   */
  public static List<String> measurementWarnings(
      List<DiskProfile> profiles, String latencyUnavailable, String pageCacheNote) {
    List<String> w = new ArrayList<>();
    List<String> withLatency =
        profiles.stream().filter(p -> p.addedLatencyMillis() > 0).map(DiskProfile::name).toList();
    if (!withLatency.isEmpty() && !latencyUnavailable.isEmpty()) {
      w.add(
          "profiles "
              + String.join(", ", withLatency)
              + " ask for added latency that will not be applied ("
              + latencyUnavailable
              + "): their cells are faster than the disks they model");
    }
    if (!pageCacheNote.isEmpty()) {
      w.add(
          "the host page cache could not be dropped ("
              + pageCacheNote
              + "): cells start warm and the filesystem cache tier is overstated; run as root");
    }
    return w;
  }

  /**
   * {@code facts} completed with what the server reports of itself.
   *
   * @param cachePerProfile the target sets the cache per profile (the profiles record it), so the
   *     answering server's cache says nothing of the cells and is left out
   */
  public static EnvironmentFacts withServer(
      EnvironmentFacts facts, String version, Document serverStatus, boolean cachePerProfile) {
    List<String> warnings = new ArrayList<>(facts.warnings());
    String engine = null;
    Long cacheBytes = null;
    if (serverStatus.get("storageEngine") instanceof Document se) {
      engine = se.getString("name");
    }
    if (serverStatus.get("wiredTiger") instanceof Document wt
        && wt.get("cache") instanceof Document cache
        && cache.get("maximum bytes configured") instanceof Number n
        && !cachePerProfile) {
      cacheBytes = n.longValue();
    }
    if (ServerIdentity.from(serverStatus).isRouter()) {
      // A mongos reports no storage engine: saying "not wiredTiger" would mislead.
      warnings.add(
          "the server is a router (mongos): it has no WiredTiger cache and no data disk, so the"
              + " cache, filesystem and disk columns stay empty and tiers are predicted from the"
              + " sizes alone");
    } else if (!"wiredTiger".equals(engine)) {
      warnings.add(
          "the server's storage engine is "
              + (engine == null ? "not reported" : engine)
              + ", not wiredTiger: the WiredTiger cache columns stay empty and tiers are"
              + " observed from the filesystem cache alone");
    }
    return facts.withServer(version, engine, cacheBytes).withWarnings(warnings);
  }

  private String cpuModel() {
    return procLine("cpuinfo", "model name")
        .map(l -> l.substring(l.indexOf(':') + 1).trim())
        .orElse(null);
  }

  private Long memTotalBytes() {
    return procLine("meminfo", "MemTotal:")
        .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024)
        .orElse(null);
  }

  /** The first line of {@code /proc/<file>} that starts with {@code prefix}. */
  private Optional<String> procLine(String file, String prefix) {
    return KernelFiles.read(proc.resolve(file))
        .flatMap(s -> s.lines().filter(l -> l.startsWith(prefix)).findFirst());
  }

  /** Linux's encoding of st_dev (see makedev(3)); the tests build their sysfs from it. */
  static Optional<int[]> deviceNumbers(Path dir) {
    return DiskCheck.deviceNumbers(dir);
  }
}
