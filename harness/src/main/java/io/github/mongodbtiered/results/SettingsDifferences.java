package io.github.mongodbtiered.results;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.Setting;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * How two cells' settings differ, phrased as "what: before → now": why a sweep refuses to reuse a
 * cell, and what {@code compare} lists beside a comparison.
 */
public final class SettingsDifferences {
  public static final String NOT_RECORDED = "settings not recorded";

  private SettingsDifferences() {}

  /**
   * What differs between the settings a cell was measured under ({@code recorded}) and others
   * ({@code now}: this run's, or another report's), in the order the command line gives them; empty
   * when they match (a sweep can reuse the cell, {@code compare} compares like with like). A cell
   * saved before settings were recorded differs by definition. The server version counts only when
   * both are known, and a profile's description (a label) not at all.
   */
  public static List<String> between(CellSettings recorded, CellSettings now) {
    if (recorded == null) {
      return List.of(NOT_RECORDED);
    }
    List<String> out = new ArrayList<>();
    workload(recorded, now, out);
    change(out, "threads", recorded.threads(), now.threads());
    change(out, "operations", recorded.runOperations(), now.runOperations());
    change(out, "seconds", trim(recorded.runSeconds()), trim(now.runSeconds()));
    change(
        out,
        "run end",
        CellSettings.EarlyEnd.describe(recorded.shape().earlyEnd()),
        CellSettings.EarlyEnd.describe(now.shape().earlyEnd()));
    change(out, "warmup", trim(recorded.warmupSeconds()), trim(now.warmupSeconds()));
    change(out, "target", rate(recorded.targetOpsPerSec()), rate(now.targetOpsPerSec()));
    change(out, "repeats", recorded.repeatsSetting(), now.repeatsSetting());
    profile(recorded.profile(), now.profile(), out);
    change(out, "server", id(recorded.server()), id(now.server()));
    change(out, "image", recorded.image(), now.image());
    change(out, "server options", options(recorded.serverArgs()), options(now.serverArgs()));
    if (!recorded.serverVersion().isEmpty() && !now.serverVersion().isEmpty()) {
      change(out, "server version", recorded.serverVersion(), now.serverVersion());
    }
    change(out, "latency", recorded.latency(), now.latency());
    change(out, "tool", recorded.toolVersion(), now.toolVersion());
    return out;
  }

  /**
   * What names hid between the run that measured a cell and another run ({@code recorded}, {@code
   * now}): the ID of the cell's image under the same name (a rebuilt {@code :latest}), and the
   * tool's build; empty when alike. Each counts only when both runs recorded it, as the server
   * version; an image of another name is {@link #between}'s "image" difference.
   *
   * @param image the cell's image, as its settings name it
   */
  public static List<String> builds(String image, BuildIds recorded, BuildIds now) {
    List<String> out = new ArrayList<>(imageId(image, recorded, now));
    if (recorded.tool() != null && now.tool() != null) {
      change(out, "tool build", recorded.tool().describe(), now.tool().describe());
    }
    return out;
  }

  /**
   * "image ID of mongo:7.0: sha256:0123456789ab… → sha256:456789abcdef…" when both runs recorded
   * the image's ID and they differ; else empty.
   */
  public static List<String> imageId(String image, BuildIds recorded, BuildIds now) {
    String before = recorded.imageId(image);
    String after = now.imageId(image);
    if (before == null || after == null || before.equals(after)) {
      return List.of();
    }
    // Two IDs alike in their first digits are shown whole, so the difference shows.
    boolean alike = BuildIds.shortId(before).equals(BuildIds.shortId(after));
    return List.of(
        "image ID of "
            + image
            + ": "
            + (alike ? before : BuildIds.shortId(before))
            + " → "
            + (alike ? after : BuildIds.shortId(after)));
  }

  /**
   * The workload by name when the names differ (the name says it all), else property by property,
   * since the same file may have been edited or overridden with {@code -p}.
   */
  private static void workload(CellSettings recorded, CellSettings now, List<String> out) {
    if (recorded.workloadProperties().equals(now.workloadProperties())) {
      return;
    }
    if (!recorded.workload().equals(now.workload())) {
      change(out, "workload", recorded.workload(), now.workload());
      return;
    }
    TreeSet<String> names = new TreeSet<>(recorded.workloadProperties().keySet());
    names.addAll(now.workloadProperties().keySet());
    for (String name : names) {
      change(
          out,
          "-p " + name,
          recorded.workloadProperties().getOrDefault(name, "unset"),
          now.workloadProperties().getOrDefault(name, "unset"));
    }
  }

  private static void profile(DiskProfile recorded, DiskProfile now, List<String> out) {
    if (recorded == null || now == null) {
      if (recorded != now) {
        out.add("profile: " + (recorded == null ? "not recorded" : "recorded") + " → changed");
      }
      return;
    }
    change(out, "profile", recorded.name(), now.name());
    for (Setting s : Setting.values()) {
      if (s.label() != null) {
        change(out, "profile " + now.name() + " " + s.label(), recorded.show(s), now.show(s));
      }
    }
  }

  private static void change(List<String> out, String what, Object before, Object now) {
    if (!Objects.equals(before, now)) {
      out.add(what + ": " + show(before) + " → " + show(now));
    }
  }

  private static String id(ServerKind kind) {
    return kind == null ? "" : kind.id();
  }

  private static String show(Object value) {
    String s = String.valueOf(value);
    return s.isEmpty() ? "none" : s;
  }

  /** "1000 ops/s", or "closed loop" for a run without {@code --target}. */
  private static String rate(double opsPerSec) {
    return opsPerSec > 0 ? trim(opsPerSec) + " ops/s" : "closed loop";
  }

  /** 5.0 as "5", 2.5 as "2.5": as the user typed it. */
  static String trim(double d) {
    return d == Math.rint(d) && !Double.isInfinite(d)
        ? Long.toString((long) d)
        : Double.toString(d);
  }

  /** A server's options as a settings change shows them: "(none)" for none. */
  private static String options(List<String> args) {
    return args.isEmpty() ? "(none)" : String.join(" ", args);
  }
}
