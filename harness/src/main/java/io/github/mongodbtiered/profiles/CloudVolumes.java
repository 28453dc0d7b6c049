package io.github.mongodbtiered.profiles;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cloud volume types shipped in {@code profiles/cloud.profiles} (a resource: each type's
 * figures with the vendor's document and the day they were read), and the profile a spec on the
 * command line sizes from one: {@code gp3}, {@code gp3:6000iops}, {@code gp3:6000iops:250mibps},
 * {@code gp2:500GiB}, {@code io2:20000iops}, {@code pd-ssd:1TiB}, {@code azure-p30}.
 *
 * <p>A volume's IOPS limit is both its read and its write cap, its bandwidth both bandwidths, its
 * latency class an added latency ({@code [latency-classes]}: an assumption the file states), and
 * its server the study's (7634 MB, MongoDB's default cache), as the built-in profiles have.
 */
public final class CloudVolumes {
  private static final String RESOURCE = "/profiles/cloud.profiles";
  private static final double GIB = 1L << 30;
  private static final Pattern PART =
      Pattern.compile("([0-9]+(?:\\.[0-9]+)?)(iops|mibps|mbps|gib|tib|gb|tb)");

  private final Map<String, Map<String, String>> types;
  private final Map<String, Double> latencyClasses;

  private CloudVolumes(Map<String, Map<String, String>> sections) {
    Map<String, Map<String, String>> t = new LinkedHashMap<>(sections);
    Map<String, String> classes = t.remove("latency-classes");
    this.types = t;
    this.latencyClasses = new LinkedHashMap<>();
    if (classes != null) {
      classes.forEach((k, v) -> latencyClasses.put(k, Double.parseDouble(v)));
    }
  }

  /** The types shipped with the tool. */
  public static CloudVolumes shipped() {
    return Shipped.VOLUMES;
  }

  private static final class Shipped {
    static final CloudVolumes VOLUMES = read();

    private static CloudVolumes read() {
      try (InputStream in = CloudVolumes.class.getResourceAsStream(RESOURCE)) {
        if (in == null) {
          throw new IllegalStateException(RESOURCE + " is missing from the tool's jar");
        }
        return new CloudVolumes(sections(new String(in.readAllBytes(), StandardCharsets.UTF_8)));
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** {@code [name]} sections of {@code key = value} lines; '#' starts a comment. */
  static Map<String, Map<String, String>> sections(String text) {
    Map<String, Map<String, String>> sections = new LinkedHashMap<>();
    Map<String, String> current = null;
    for (String raw : text.split("\n")) {
      int hash = raw.indexOf('#');
      String line = (hash < 0 ? raw : raw.substring(0, hash)).trim();
      if (line.startsWith("[") && line.endsWith("]")) {
        current = new LinkedHashMap<>();
        sections.put(line.substring(1, line.length() - 1).trim(), current);
      } else if (!line.isEmpty() && current != null && line.contains("=")) {
        int eq = line.indexOf('=');
        current.put(line.substring(0, eq).trim(), line.substring(eq + 1).trim());
      }
    }
    return sections;
  }

  /** The type names, in the file's order. */
  public List<String> typeNames() {
    return List.copyOf(types.keySet());
  }

  /** Whether {@code spec} names a shipped type (its part before the first ':'). */
  public boolean knows(String spec) {
    return types.containsKey(typeOf(spec));
  }

  /** The type's own fields: its source, the day read, its figures. */
  public Map<String, String> type(String name) {
    Map<String, String> t = types.get(name);
    if (t == null) {
      throw new IllegalArgumentException("no cloud volume type '" + name + "'");
    }
    return Map.copyOf(t);
  }

  /** The added latency {@code type}'s latency class maps to ({@code [latency-classes]}). */
  public double latencyMillis(String type) {
    return latencyClasses.getOrDefault(type(type).get("latency-class"), 0.0);
  }

  /**
   * How a type is sized: {@code iops} (provisioned IOPS), {@code size} (GiB) or {@code tier} (a
   * fixed volume).
   */
  public String sizedBy(String type) {
    return type(type).get("sized-by");
  }

  /**
   * The smallest and largest figure a type is sized by: its provisionable IOPS, or its size in GiB
   * from 1 to where its IOPS stop growing (its ceiling, else 64 TiB); a tier has none.
   */
  public long[] sizeRange(String type) {
    Map<String, String> t = type(type);
    return switch (sizedBy(type)) {
      case "iops" ->
          new long[] {longOr(t, "min-iops", longOr(t, "included-iops", 1)), whole(t, "max-iops")};
      case "size" -> {
        long top = 65_536;
        if (t.containsKey("max-iops")) {
          double perGib = Double.parseDouble(t.get("iops-per-gib"));
          top = (long) Math.ceil((whole(t, "max-iops") - longOr(t, "included-iops", 0)) / perGib);
        }
        yield new long[] {1, top};
      }
      default -> new long[0];
    };
  }

  /** The spec of {@code type} at {@code figure}: {@code gp3:4200iops}, {@code gp2:700GiB}. */
  public String spec(String type, long figure) {
    return switch (sizedBy(type)) {
      case "iops" -> type + ":" + figure + "iops";
      case "size" -> type + ":" + figure + "GiB";
      default -> type;
    };
  }

  /** How each type is sized on the command line: "gp3[:IOPSiops[:MiBpsmibps]]", ... */
  public List<String> usage() {
    List<String> out = new ArrayList<>();
    types.forEach(
        (name, t) ->
            out.add(
                switch (t.get("sized-by")) {
                  case "iops" -> name + (t.containsKey("included-iops") ? "[:Niops]" : ":Niops");
                  case "size" -> name + ":SIZE (e.g. 500GiB)";
                  default -> name;
                }));
    return out;
  }

  /**
   * The profile {@code spec} sizes, named after it ({@code gp2:500GiB} is {@code gp2-500gib}).
   *
   * @throws IllegalArgumentException naming the spec, what is wrong and what would do
   */
  public DiskProfile profile(String spec) {
    String name = typeOf(spec);
    Map<String, String> t = types.get(name);
    if (t == null) {
      throw new IllegalArgumentException(
          "'" + spec + "' is no cloud volume; types are " + String.join(", ", usage()));
    }
    Sizing s = sizing(spec, name, t);
    double latency = latencyMillis(name);
    boolean bursts = s.burstIops > s.iops;
    long credits = bursts ? burstCredits(t, s) : 0;
    String burst =
        bursts
            ? String.format(
                Locale.ROOT,
                "; bursts to %d IOPS from a bucket of %d I/O credits",
                s.burstIops,
                credits)
            : "";
    String description =
        String.format(
            Locale.ROOT,
            "%s%s: %d IOPS, %d MiB/s, +%s ms (%s, assumed)%s; figures from %s, read %s",
            t.get("description"),
            s.label,
            s.iops,
            s.bandwidthBytes >> 20,
            trim(latency),
            t.get("latency-class"),
            burst,
            t.get("source"),
            t.get("read"));
    return DiskProfile.named(spec.toLowerCase(Locale.ROOT).replace(':', '-'))
        .description(description)
        .iops(s.iops)
        .readBytesPerSec(s.bandwidthBytes)
        .writeBytesPerSec(s.bandwidthBytes)
        .addedLatencyMillis(latency)
        .memoryBytes(DiskProfiles.STUDY_MEMORY_BYTES)
        .burst(
            bursts ? s.burstIops : 0,
            bursts && t.containsKey("burst-bandwidth") ? bytes(t, "burst-bandwidth") : 0,
            credits)
        .build();
  }

  /**
   * The bucket: as stated (gp2's 5.4 million), else what the burst rate spends above the baseline
   * in the stated minutes from full (Azure's 30).
   */
  private static long burstCredits(Map<String, String> t, Sizing s) {
    if (t.containsKey("burst-credits")) {
      return whole(t, "burst-credits");
    }
    return (s.burstIops - s.iops) * whole(t, "burst-minutes") * 60;
  }

  /** A volume's limits as sized, and the words that say how. */
  private record Sizing(long iops, long bandwidthBytes, long burstIops, String label) {}

  private static Sizing sizing(String spec, String name, Map<String, String> t) {
    Map<String, Double> parts = parts(spec, name);
    return switch (t.get("sized-by")) {
      case "iops" -> byIops(spec, name, t, parts);
      case "size" -> bySize(spec, name, t, parts);
      default -> {
        if (!parts.isEmpty()) {
          throw new IllegalArgumentException(
              "'" + spec + "': " + name + " is a fixed tier; give it alone, as '" + name + "'");
        }
        yield new Sizing(whole(t, "iops"), bytes(t, "bandwidth"), longOr(t, "burst-iops", 0), "");
      }
    };
  }

  private static Sizing byIops(
      String spec, String name, Map<String, String> t, Map<String, Double> parts) {
    only(spec, name, parts, "iops", "mibps", "mbps");
    Double asked = parts.get("iops");
    if (asked == null && !t.containsKey("included-iops")) {
      throw new IllegalArgumentException(
          "'"
              + spec
              + "': "
              + name
              + " is provisioned: give its IOPS, e.g. "
              + name
              + ":20000iops");
    }
    long iops = asked != null ? Math.round(asked) : whole(t, "included-iops");
    long low = longOr(t, "min-iops", longOr(t, "included-iops", 1));
    long high = whole(t, "max-iops");
    if (iops < low || iops > high) {
      throw new IllegalArgumentException(
          String.format(
              Locale.ROOT,
              "'%s': %s is provisioned from %d to %d IOPS; give a number in that range",
              spec,
              name,
              low,
              high));
    }
    long max = bytes(t, "max-bandwidth");
    Double mib = parts.containsKey("mibps") ? parts.get("mibps") : null;
    Double mb = parts.get("mbps");
    long bandwidth;
    if (mib != null || mb != null) {
      bandwidth = Math.round(mib != null ? mib * (1 << 20) : mb * 1e6);
      long included = t.containsKey("included-bandwidth") ? bytes(t, "included-bandwidth") : 0;
      if (bandwidth < included || bandwidth > max) {
        throw new IllegalArgumentException(
            String.format(
                Locale.ROOT,
                "'%s': %s's bandwidth is provisioned from %d to %d MiB/s",
                spec,
                name,
                included >> 20,
                max >> 20));
      }
    } else if (t.containsKey("bandwidth-per-iops")) {
      bandwidth = Math.min(max, iops * bytes(t, "bandwidth-per-iops"));
    } else {
      bandwidth = bytes(t, "included-bandwidth");
    }
    return new Sizing(iops, bandwidth, 0, asked == null ? "" : " at " + iops + " IOPS");
  }

  private static Sizing bySize(
      String spec, String name, Map<String, String> t, Map<String, Double> parts) {
    only(spec, name, parts, "gib", "tib", "gb", "tb");
    double gib = 0;
    gib += parts.getOrDefault("gib", 0.0) + parts.getOrDefault("tib", 0.0) * 1024;
    gib += (parts.getOrDefault("gb", 0.0) + parts.getOrDefault("tb", 0.0) * 1000) * 1e9 / GIB;
    if (gib <= 0) {
      throw new IllegalArgumentException(
          "'" + spec + "': " + name + " is sized by its size: give it, e.g. " + name + ":500GiB");
    }
    long iops =
        Math.round(longOr(t, "included-iops", 0) + Double.parseDouble(t.get("iops-per-gib")) * gib);
    iops = Math.max(iops, longOr(t, "min-iops", 1));
    if (t.containsKey("max-iops")) {
      iops = Math.min(iops, whole(t, "max-iops"));
    }
    long bandwidth;
    if (t.containsKey("bandwidth-per-gib")) {
      bandwidth =
          Math.round(bytes(t, "included-bandwidth") + exactBytes(t, "bandwidth-per-gib") * gib);
    } else {
      bandwidth = gib < 170 ? bytes(t, "bandwidth-below-170gib") : bytes(t, "max-bandwidth");
    }
    if (t.containsKey("max-bandwidth")) {
      bandwidth = Math.min(bandwidth, bytes(t, "max-bandwidth"));
    }
    return new Sizing(iops, bandwidth, longOr(t, "burst-iops", 0), " of " + trim(gib) + " GiB");
  }

  /** The spec's {@code :N<unit>} parts by unit; an unknown or repeated one is refused. */
  private static Map<String, Double> parts(String spec, String name) {
    Map<String, Double> parts = new LinkedHashMap<>();
    String rest = spec.substring(name.length());
    for (String part : rest.isEmpty() ? new String[0] : rest.substring(1).split(":", -1)) {
      Matcher m = PART.matcher(part.toLowerCase(Locale.ROOT));
      if (!m.matches()) {
        throw new IllegalArgumentException(
            "'"
                + spec
                + "': '"
                + part
                + "' is not a size or rate; write e.g. 500GiB, 1TiB, 6000iops or 250MiBps");
      }
      if (parts.put(m.group(2), Double.parseDouble(m.group(1))) != null) {
        throw new IllegalArgumentException("'" + spec + "': " + m.group(2) + " given twice");
      }
    }
    return parts;
  }

  private static void only(String spec, String name, Map<String, Double> parts, String... units) {
    for (String unit : parts.keySet()) {
      if (!List.of(units).contains(unit)) {
        throw new IllegalArgumentException(
            "'" + spec + "': " + name + " takes " + String.join(", ", units) + ", not " + unit);
      }
    }
  }

  private static String typeOf(String spec) {
    int colon = spec.indexOf(':');
    return (colon < 0 ? spec : spec.substring(0, colon)).toLowerCase(Locale.ROOT);
  }

  private static long whole(Map<String, String> t, String key) {
    return Long.parseLong(t.get(key));
  }

  private static long longOr(Map<String, String> t, String key, long otherwise) {
    return t.containsKey(key) ? Long.parseLong(t.get(key)) : otherwise;
  }

  /** A bandwidth: binary k, m, g as profiles files write them, or decimal "mb" as Azure does. */
  private static long bytes(Map<String, String> t, String key) {
    return Math.round(exactBytes(t, key));
  }

  /** {@link #bytes} unrounded, for a rate per GiB that many GiB multiply. */
  private static double exactBytes(Map<String, String> t, String key) {
    String v = t.get(key).toLowerCase(Locale.ROOT);
    if (v.endsWith("mb")) {
      return Double.parseDouble(v.substring(0, v.length() - 2)) * 1e6;
    }
    char unit = v.charAt(v.length() - 1);
    double n = Double.parseDouble(Character.isDigit(unit) ? v : v.substring(0, v.length() - 1));
    int shift = unit == 'k' ? 10 : unit == 'm' ? 20 : unit == 'g' ? 30 : 0;
    return n * (1L << shift);
  }

  private static String trim(double v) {
    return v == Math.rint(v) ? Long.toString((long) v) : String.format(Locale.ROOT, "%.2f", v);
  }
}
