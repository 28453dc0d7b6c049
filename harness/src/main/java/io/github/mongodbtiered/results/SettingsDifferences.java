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
    if (!recorded.serverVersion().isEmpty() && !now.serverVersion().isEmpty()) {
      change(out, "server version", recorded.serverVersion(), now.serverVersion());
    }
    change(out, "latency", recorded.latency(), now.latency());
    change(out, "tool", recorded.toolVersion(), now.toolVersion());
    return out;
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
}
