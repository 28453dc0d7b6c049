package io.github.mongodbtiered.profiles;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

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

  private static final List<String> FIELDS =
      List.of(
          "description",
          "read-iops",
          "write-iops",
          "read-bandwidth",
          "write-bandwidth",
          "added-latency-ms",
          "memory",
          "wiredtiger-cache");

  private final Map<String, DiskProfile> byName;

  private DiskProfiles(Map<String, DiskProfile> byName) {
    this.byName = Collections.unmodifiableMap(byName);
  }

  /** The built-in profiles: {@code io1-5000}, {@code san-600}, {@code hdd-150} and {@code none}. */
  public static DiskProfiles builtIn() {
    Map<String, DiskProfile> m = new LinkedHashMap<>();
    add(
        m,
        new DiskProfile(
            "io1-5000",
            "AWS io1 volume provisioned at 5000 IOPS, no added latency (study profile 1)",
            5000,
            5000,
            0,
            0,
            0,
            STUDY_MEMORY_BYTES,
            OptionalLong.empty()));
    add(
        m,
        new DiskProfile(
            "san-600",
            "600 IOPS plus 7 ms: a RAID10 SAN of spinning disks (study profile 2)",
            600,
            600,
            0,
            0,
            7,
            STUDY_MEMORY_BYTES,
            OptionalLong.empty()));
    add(
        m,
        new DiskProfile(
            "hdd-150",
            "150 IOPS plus 7 ms: one spinning disk (study profile 3)",
            150,
            150,
            0,
            0,
            7,
            STUDY_MEMORY_BYTES,
            OptionalLong.empty()));
    add(
        m,
        new DiskProfile(
            "none",
            "no limits: the host's disk and memory as they are",
            0,
            0,
            0,
            0,
            0,
            0,
            OptionalLong.empty()));
    return new DiskProfiles(m);
  }

  /** The built-ins plus the profiles of {@code file}, which win on a name clash. */
  public static DiskProfiles builtInAnd(Path file) throws IOException {
    Map<String, DiskProfile> m = new LinkedHashMap<>(builtIn().byName);
    for (DiskProfile p : parse(file)) {
      m.put(p.name(), p);
    }
    return new DiskProfiles(m);
  }

  public List<DiskProfile> all() {
    return List.copyOf(byName.values());
  }

  /**
   * The profile called {@code name}.
   *
   * @throws IllegalArgumentException listing the known names
   */
  public DiskProfile get(String name) {
    DiskProfile p = byName.get(name);
    if (p == null) {
      throw new IllegalArgumentException(
          "unknown profile '"
              + name
              + "': known profiles are "
              + String.join(", ", byName.keySet())
              + " (add your own with --profiles-file)");
    }
    return p;
  }

  /**
   * Reads a profile file.
   *
   * @throws ProfileFileException naming the line and field of the first error
   */
  public static List<DiskProfile> parse(Path file) throws IOException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new ProfileFileException(file + ": no such file");
    }
    List<DiskProfile> result = new ArrayList<>();
    Map<String, String> fields = null;
    String name = null;
    int sectionLine = 0;
    Map<String, Integer> fieldLines = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      int lineNo = i + 1;
      String line = stripComment(lines.get(i)).trim();
      if (line.isEmpty()) {
        continue;
      }
      if (line.startsWith("[")) {
        if (!line.endsWith("]") || line.length() < 3) {
          throw new ProfileFileException(
              file + ":" + lineNo + ": a section header is [name], got '" + line + "'");
        }
        if (name != null) {
          result.add(build(file, sectionLine, name, fields, fieldLines));
        }
        name = line.substring(1, line.length() - 1).trim();
        sectionLine = lineNo;
        fields = new LinkedHashMap<>();
        fieldLines = new LinkedHashMap<>();
        for (DiskProfile earlier : result) {
          if (earlier.name().equals(name)) {
            throw new ProfileFileException(
                file + ":" + lineNo + ": profile '" + name + "' is defined twice");
          }
        }
        continue;
      }
      int eq = line.indexOf('=');
      if (eq <= 0) {
        throw new ProfileFileException(
            file + ":" + lineNo + ": expected 'field = value', got '" + line + "'");
      }
      if (name == null) {
        throw new ProfileFileException(
            file + ":" + lineNo + ": a field before any [profile-name] section");
      }
      String key = line.substring(0, eq).trim().toLowerCase(Locale.ROOT);
      if (!FIELDS.contains(key)) {
        throw new ProfileFileException(
            file
                + ":"
                + lineNo
                + ": unknown field '"
                + key
                + "'; fields are "
                + String.join(", ", FIELDS));
      }
      if (fields.put(key, line.substring(eq + 1).trim()) != null) {
        throw new ProfileFileException(
            file + ":" + lineNo + ": field '" + key + "' is set twice in [" + name + "]");
      }
      fieldLines.put(key, lineNo);
    }
    if (name != null) {
      result.add(build(file, sectionLine, name, fields, fieldLines));
    }
    if (result.isEmpty()) {
      throw new ProfileFileException(file + ": no [profile-name] section");
    }
    return result;
  }

  private static DiskProfile build(
      Path file, int sectionLine, String name, Map<String, String> f, Map<String, Integer> lines) {
    FieldReader r = new FieldReader(file, f, lines);
    OptionalLong cache =
        f.containsKey("wiredtiger-cache")
            ? OptionalLong.of(r.size("wiredtiger-cache"))
            : OptionalLong.empty();
    try {
      return new DiskProfile(
          name,
          f.getOrDefault("description", ""),
          r.count("read-iops"),
          r.count("write-iops"),
          r.size("read-bandwidth"),
          r.size("write-bandwidth"),
          r.decimal("added-latency-ms"),
          r.size("memory"),
          cache);
    } catch (ProfileFileException e) {
      throw e;
    } catch (IllegalArgumentException e) {
      throw new ProfileFileException(file + ":" + sectionLine + ": " + e.getMessage());
    }
  }

  private static String stripComment(String line) {
    int hash = line.indexOf('#');
    return hash < 0 ? line : line.substring(0, hash);
  }

  private static void add(Map<String, DiskProfile> m, DiskProfile p) {
    m.put(p.name(), p);
  }

  /** Parses one section's values, naming line and field on error. */
  private record FieldReader(Path file, Map<String, String> fields, Map<String, Integer> lines) {
    long count(String key) {
      String v = fields.get(key);
      if (v == null) {
        return 0;
      }
      try {
        long n = Long.parseLong(v);
        if (n >= 0) {
          return n;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw error(key, v, "a whole number of 0 or more (0 = unlimited)");
    }

    double decimal(String key) {
      String v = fields.get(key);
      if (v == null) {
        return 0;
      }
      try {
        double d = Double.parseDouble(v);
        if (d >= 0) {
          return d;
        }
      } catch (NumberFormatException e) {
        // reported below
      }
      throw error(key, v, "a number of milliseconds, 0 or more");
    }

    long size(String key) {
      String v = fields.get(key);
      if (v == null) {
        return 0;
      }
      try {
        return Sizes.parseBytes(v);
      } catch (IllegalArgumentException e) {
        throw error(key, v, "a size in bytes, e.g. 7634m, 3g or 500000 (k, m, g are binary)");
      }
    }

    private ProfileFileException error(String key, String value, String expected) {
      return new ProfileFileException(
          file
              + ":"
              + lines.get(key)
              + ": field '"
              + key
              + "': '"
              + value
              + "' is not "
              + expected);
    }
  }
}
