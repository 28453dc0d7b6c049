package io.github.mongodbtiered.profiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The built-in profiles of the study, plus any a user defines in a file of sections:
 *
 * <pre>
 * # comments start with '#'
 * [nvme-20k]
 * description = local NVMe capped at 20k IOPS
 * read-iops = 20000
 * write-iops = 20000
 * read-bandwidth = 400m      # bytes per second; k, m, g suffixes are binary (KiB, MiB, GiB)
 * added-latency-ms = 0
 * memory = 8g
 * wiredtiger-cache = 3g      # omit for MongoDB's default, 50% of (memory - 1 GB)
 * </pre>
 *
 * A file's profile may replace a built-in of the same name. Errors name the file, line and field.
 */
public final class DiskProfiles {
  /** The study's server: 7634 MB of RAM. */
  public static final long STUDY_MEMORY_BYTES = 7634 * DiskProfile.MIB;

  private final Map<String, DiskProfile> byName;

  private DiskProfiles(Map<String, DiskProfile> byName) {
    this.byName = Collections.unmodifiableMap(byName);
  }

  /** The built-in profiles: {@code io1-5000}, {@code san-600}, {@code hdd-150} and {@code none}. */
  public static DiskProfiles builtIn() {
    Map<String, DiskProfile> m = new LinkedHashMap<>();
    for (DiskProfile p :
        List.of(
            study(
                "io1-5000",
                "AWS io1 volume provisioned at 5000 IOPS, no added latency (study profile 1)",
                5000,
                0),
            study(
                "san-600",
                "600 IOPS plus 7 ms: a RAID10 SAN of spinning disks (study profile 2)",
                600,
                7),
            study("hdd-150", "150 IOPS plus 7 ms: one spinning disk (study profile 3)", 150, 7),
            DiskProfile.named("none")
                .description("no limits: the host's disk and memory as they are")
                .build())) {
      m.put(p.name(), p);
    }
    return new DiskProfiles(m);
  }

  /**
   * A study profile: one IOPS cap for reads and writes, the study server's memory, MongoDB's cache.
   */
  private static DiskProfile study(
      String name, String description, long iops, double latencyMillis) {
    return DiskProfile.named(name)
        .description(description)
        .iops(iops)
        .addedLatencyMillis(latencyMillis)
        .memoryBytes(STUDY_MEMORY_BYTES)
        .build();
  }

  /** The built-ins plus the profiles of {@code file}, which may not reuse a built-in name. */
  public static DiskProfiles builtInAnd(Path file) throws IOException {
    Map<String, DiskProfile> m = new LinkedHashMap<>(builtIn().byName);
    for (DiskProfile p : ProfileFile.parse(file)) {
      m.put(p.name(), p);
    }
    return new DiskProfiles(m);
  }

  public List<DiskProfile> all() {
    return List.copyOf(byName.values());
  }

  /**
   * The profile called {@code name}: a built-in, one of the file's, or a shipped cloud volume sized
   * by the name itself ({@code gp2:500GiB}, {@link CloudVolumes}).
   *
   * @throws IllegalArgumentException listing the known names, or saying how the cloud volume is
   *     sized
   */
  public DiskProfile get(String name) {
    DiskProfile p = byName.get(name);
    if (p != null) {
      return p;
    }
    CloudVolumes cloud = CloudVolumes.shipped();
    if (cloud.knows(name)) {
      return cloud.profile(name);
    }
    throw new IllegalArgumentException(
        "unknown profile '"
            + name
            + "': known profiles are "
            + String.join(", ", byName.keySet())
            + ", and cloud volumes "
            + String.join(", ", cloud.usage())
            + " (add your own with --profiles-file)");
  }

  /**
   * {@code profile} as a section of a profiles file, which {@link #builtInAnd} reads back as the
   * same profile: sizes in bytes, an unset WiredTiger cache left out (MongoDB's default).
   */
  public static String section(DiskProfile p) {
    StringBuilder b = new StringBuilder("[").append(p.name()).append("]\n");
    if (!p.description().isEmpty()) {
      b.append("description = ")
          .append(p.description().replace('\n', ' ').replace('#', ' '))
          .append('\n');
    }
    for (Setting s : Setting.values()) {
      if (s != Setting.DESCRIPTION
          && !(s == Setting.WIREDTIGER_CACHE && p.wiredTigerCacheBytes().isEmpty())) {
        b.append(s.fileKey()).append(" = ").append(p.show(s)).append('\n');
      }
    }
    return b.toString();
  }
}
