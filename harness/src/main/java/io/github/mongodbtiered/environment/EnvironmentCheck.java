package io.github.mongodbtiered.environment;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.EnvironmentFacts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
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
  /** Above this, read-ahead pulls in data random WiredTiger reads never asked for. */
  static final int READ_AHEAD_ADVISED_MAX_KB = 16;

  private final Path proc;
  private final Path sys;

  public EnvironmentCheck() {
    this(Path.of("/proc"), Path.of("/sys"));
  }

  /** Reads the given roots in place of {@code /proc} and {@code /sys}. */
  EnvironmentCheck(Path proc, Path sys) {
    this.proc = proc;
    this.sys = sys;
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
      Path real = realPath(dataDir);
      dir = real.toString();
      mount = mount(real, warnings);
      disk = disk(real, warnings);
      warnings.addAll(proactiveReclaim());
    }
    return new EnvironmentFacts(
        read(proc.resolve("sys/kernel/osrelease")).orElse(null),
        cpuModel(),
        Runtime.getRuntime().availableProcessors(),
        memTotalBytes(),
        dir,
        mount.map(Mount::type).orElse(null),
        mount.map(Mount::options).orElse(null),
        disk.map(Disk::name).orElse(null),
        disk.map(Disk::readAheadKb).orElse(null),
        disk.map(Disk::scheduler).orElse(null),
        dockerVersion,
        null,
        null,
        null,
        warnings);
  }

  /**
   * The block device under the data directory, as the facts name it, and its request queue's
   * settings; null where sysfs does not say.
   *
   * @param name "sda (8:0)"
   */
  private record Disk(String name, Integer readAheadKb, String scheduler) {}

  /** The file system holding {@code dir}; warns where MongoDB's advice is not followed. */
  private Optional<Mount> mount(Path dir, List<String> warnings) {
    Optional<Mount> mount = Mount.containing(dir, read(proc.resolve("mounts")).orElse(""));
    if (mount.isPresent()) {
      warnings.addAll(fileSystemAdvice(dir.toString(), mount.get().type(), mount.get().options()));
    } else {
      warnings.add("could not find the mount holding " + dir + " in /proc/mounts");
    }
    return mount;
  }

  /** The disk holding {@code dir}; warns of a read-ahead above MongoDB's advice. */
  private Optional<Disk> disk(Path dir, List<String> warnings) {
    Optional<int[]> dev = deviceNumbers(existingAncestor(dir));
    if (dev.isEmpty()) {
      return Optional.empty();
    }
    String majorMinor = dev.get()[0] + ":" + dev.get()[1];
    Path block = sys.resolve("dev/block").resolve(majorMinor);
    Path queue = queueOf(block);
    Disk disk =
        new Disk(
            deviceName(block) + " (" + majorMinor + ")",
            read(queue.resolve("read_ahead_kb")).map(EnvironmentCheck::parseInt).orElse(null),
            read(queue.resolve("scheduler")).map(EnvironmentCheck::activeScheduler).orElse(null));
    if (disk.readAheadKb() != null && disk.readAheadKb() > READ_AHEAD_ADVISED_MAX_KB) {
      warnings.add(
          String.format(
              Locale.ROOT,
              "read-ahead is %d KiB on %s: MongoDB advises 8-32 sectors (4-16 KiB) for"
                  + " WiredTiger's random page reads; more inflates disk reads and makes the"
                  + " byte-based filesystem cache hit ratio read low (set it with"
                  + " blockdev --setra 32 %s)",
              disk.readAheadKb(),
              disk.name(),
              "/dev/" + deviceName(block)));
    }
    return Optional.of(disk);
  }

  /**
   * DAMON schemes that page out memory idle for a while, and DAMON_RECLAIM, which does the same:
   * both drop page cache no one read lately, however much memory is free. Some VM and cloud kernels
   * run one to hand memory back to the host. Beyond the WiredTiger cache a uniform workload reads
   * each page only every few minutes, so the filesystem cache drains during a cell: its hit ratio
   * falls and throughput drifts down where the study's server kept its cache (on this project's
   * 2-core VM a scheme paging out after 60 s idle dropped 3-10 MiB/s of a container's page cache).
   */
  List<String> proactiveReclaim() {
    List<String> w = new ArrayList<>();
    Path kdamonds = sys.resolve("kernel/mm/damon/admin/kdamonds");
    for (Path kdamond : children(kdamonds)) {
      if (!read(kdamond.resolve("state")).orElse("").equals("on")) {
        continue;
      }
      for (Path context : children(kdamond.resolve("contexts"))) {
        long aggrMicros =
            read(context.resolve("monitoring_attrs/intervals/aggr_us"))
                .map(EnvironmentCheck::parseLong)
                .orElse(0L);
        for (Path scheme : children(context.resolve("schemes"))) {
          if (!read(scheme.resolve("action")).orElse("").equals("pageout")) {
            continue;
          }
          long ageMin =
              read(scheme.resolve("access_pattern/age/min"))
                  .map(EnvironmentCheck::parseLong)
                  .orElse(0L);
          w.add(
              String.format(
                  Locale.ROOT,
                  "the kernel's DAMON (kdamond %s, scheme %s) pages out memory idle for %s:"
                      + " page cache the workload has not read lately is dropped with memory"
                      + " free, so beyond the WiredTiger cache the filesystem cache drains during"
                      + " each cell, its hit ratio falls and throughput drifts down; for the"
                      + " sweep, as root: echo off > %s (and echo on after)",
                  kdamond.getFileName(),
                  scheme.getFileName(),
                  idle(ageMin * aggrMicros),
                  "/sys/kernel/mm/damon/admin/kdamonds/" + kdamond.getFileName() + "/state"));
        }
      }
    }
    Path reclaim = sys.resolve("module/damon_reclaim/parameters");
    if (read(reclaim.resolve("enabled")).orElse("N").equals("Y")) {
      long minAgeMicros =
          read(reclaim.resolve("min_age")).map(EnvironmentCheck::parseLong).orElse(0L);
      w.add(
          "the kernel's DAMON_RECLAIM pages out memory idle for "
              + idle(minAgeMicros)
              + ": page cache the workload has not read lately is dropped with memory free, so"
              + " beyond the WiredTiger cache the filesystem cache drains during each cell; for"
              + " the sweep, as root: echo N > /sys/module/damon_reclaim/parameters/enabled");
    }
    return w;
  }

  private static String idle(long micros) {
    return micros > 0 ? String.format(Locale.ROOT, "%.0f s", micros / 1e6) : "a while";
  }

  /** The numbered entries of a DAMON sysfs directory, in order; none when it is absent. */
  private static List<Path> children(Path dir) {
    try (var entries = Files.list(dir)) {
      return entries
          .filter(p -> p.getFileName().toString().matches("[0-9]+") && Files.isDirectory(p))
          .sorted(Comparator.comparingInt(EnvironmentCheck::number))
          .toList();
    } catch (IOException e) {
      return List.of();
    }
  }

  private static int number(Path p) {
    return Integer.parseInt(p.getFileName().toString());
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
    if (!"wiredTiger".equals(engine)) {
      warnings.add(
          "the server's storage engine is "
              + (engine == null ? "not reported" : engine)
              + ", not wiredTiger: the WiredTiger cache columns stay empty and tiers are"
              + " observed from the filesystem cache alone");
    }
    return facts.withServer(version, engine, cacheBytes).withWarnings(warnings);
  }

  static List<String> fileSystemAdvice(String dir, String fs, String options) {
    List<String> w = new ArrayList<>();
    if (!fs.equals("xfs") && !fs.equals("ext4")) {
      w.add(
          dir
              + " is on "
              + fs
              + ": MongoDB advises XFS (or ext4) for WiredTiger; other file systems change what"
              + " the disk sees");
    }
    if (!List.of(options.split(",")).contains("noatime")) {
      w.add(
          dir
              + " is mounted without noatime ("
              + options
              + "): MongoDB advises noatime, so that reads do not cause metadata writes");
    }
    return w;
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
    return read(proc.resolve(file))
        .flatMap(s -> s.lines().filter(l -> l.startsWith(prefix)).findFirst());
  }

  /** A partition shares its disk's request queue; sysfs puts it one level down. */
  private static Path queueOf(Path block) {
    Path real = realPath(block);
    Path queue = real.resolve("queue");
    if (!Files.isDirectory(queue) && Files.exists(real.resolve("partition"))) {
      queue = real.getParent().resolve("queue");
    }
    return queue;
  }

  /** The server may not have created its data directory yet; its parent is on the same disk. */
  private static Path existingAncestor(Path p) {
    Path a = p;
    while (a != null && !Files.exists(a)) {
      a = a.getParent();
    }
    return a == null ? p : a;
  }

  private static String deviceName(Path block) {
    return realPath(block).getFileName().toString();
  }

  /** Linux's encoding of st_dev (see makedev(3)). */
  static Optional<int[]> deviceNumbers(Path dir) {
    try {
      long dev = ((Number) Files.getAttribute(dir, "unix:dev")).longValue();
      int major = (int) (((dev >>> 8) & 0xfff) | ((dev >>> 32) & ~0xfffL));
      int minor = (int) ((dev & 0xff) | ((dev >>> 12) & ~0xffL));
      return major == 0 ? Optional.empty() : Optional.of(new int[] {major, minor});
    } catch (IOException | UnsupportedOperationException e) {
      return Optional.empty();
    }
  }

  static String activeScheduler(String line) {
    int open = line.indexOf('[');
    int close = line.indexOf(']');
    return open >= 0 && close > open ? line.substring(open + 1, close) : line.trim();
  }

  private static long parseLong(String s) {
    try {
      return Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  private static Integer parseInt(String s) {
    try {
      return Integer.parseInt(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  private static Path realPath(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize();
    }
  }

  private static Optional<String> read(Path file) {
    try {
      return Optional.of(Files.readString(file).trim());
    } catch (IOException e) {
      return Optional.empty();
    }
  }
}
