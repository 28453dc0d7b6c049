package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.Setting;
import io.github.mongodbtiered.results.CellSettings;
import io.github.mongodbtiered.results.ServerKind;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.TreeSet;

/**
 * How a saved cell's settings differ from this run's, phrased as "what: before → now", and the
 * refusal a sweep gives instead of mixing them into one report.
 */
final class SettingsMismatch {
  static final String NOT_RECORDED = "settings not recorded";

  private SettingsMismatch() {}

  /**
   * What differs between the settings a cell was measured under and this run's, in the order the
   * command line gives them; empty when the cell can be reused. A cell saved before settings were
   * recorded differs by definition. The server version counts only when both are known, and a
   * profile's description (a label) not at all.
   */
  static List<String> differences(CellSettings recorded, CellSettings now) {
    if (recorded == null) {
      return List.of(NOT_RECORDED);
    }
    List<String> out = new ArrayList<>();
    workload(recorded, now, out);
    change(out, "threads", recorded.threads(), now.threads());
    change(out, "operations", recorded.runOperations(), now.runOperations());
    change(out, "seconds", trim(recorded.runSeconds()), trim(now.runSeconds()));
    change(out, "warmup", trim(recorded.warmupSeconds()), trim(now.warmupSeconds()));
    change(out, "target", rate(recorded.targetOpsPerSec()), rate(now.targetOpsPerSec()));
    change(out, "repeats", recorded.repeats(), now.repeats());
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
   * The one-line refusal: how many cells, what differs (each difference once), and the two ways on.
   */
  static String message(Path outDir, int cells, Collection<String> differences) {
    boolean one = cells == 1;
    return "--out "
        + outDir
        + ": "
        + cells
        + (one ? " finished cell was" : " finished cells were")
        + " measured under other settings than this run's: "
        + String.join("; ", differences)
        + ". Add --remeasure to measure "
        + (one ? "it" : "them")
        + " again under this run's settings (replacing "
        + (one ? "it" : "them")
        + "), or give a new --out.";
  }

  /**
   * The refusal when {@code --remeasure} cannot help: the cells are not in this run, so it would
   * not measure them again.
   */
  static String outsideThisRun(Path outDir, Collection<String> cellKeys, Collection<String> diffs) {
    return "--out "
        + outDir
        + ": --remeasure cannot replace "
        + String.join(", ", cellKeys)
        + ", measured under other settings ("
        + String.join("; ", diffs)
        + ") and not in this run's --recordcounts and --profiles: add them to those options,"
        + " or give a new --out.";
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
  private static String trim(double d) {
    return d == Math.rint(d) && !Double.isInfinite(d)
        ? Long.toString((long) d)
        : Double.toString(d);
  }
}
