package io.github.mongodbtiered.report.html;

import static io.github.mongodbtiered.report.html.Html.fact;

import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.ServerKind.Capability;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * The page's heading and its facts of the run: when, against what, which cells, how many warnings.
 */
final class RunSummary {
  /** The workload properties that say what the workload does, in the order they are listed. */
  private static final List<String> SHAPE =
      List.of(
          "readproportion",
          "updateproportion",
          "insertproportion",
          "scanproportion",
          "requestdistribution",
          "threadcount",
          "fieldcount",
          "fieldlength");

  private RunSummary() {}

  static void render(StringBuilder h, RunManifest m, List<CellResult> rows, int warnings) {
    long ok = rows.stream().filter(c -> c.ok()).count();
    h.append("<h1>mongodb-tiered report</h1>\n");
    Lead.render(h, m, rows);
    h.append("<dl class=\"facts\" id=\"run\">\n");
    fact(h, "started", m.startedAt().toString());
    fact(h, "last written", m.finishedAt().toString());
    fact(h, "server", server(m));
    if (!m.imageIds().isEmpty()) {
      fact(h, "image IDs", imageIds(m.imageIds()));
    }
    fact(h, "tool", m.toolVersion());
    if (m.toolBuild() != null) {
      fact(h, "tool build", toolBuild(m));
    }
    fact(
        h,
        "record counts",
        String.join(", ", m.recordCounts().stream().map(Object::toString).toList()));
    fact(h, "profiles", String.join(", ", m.profileNames()));
    fact(h, "cells", rows.size() + " (" + ok + " ok, " + (rows.size() - ok) + " failed)");
    String workload = m.workloadProperties().getOrDefault("workload", "");
    String shape =
        rows.stream().anyMatch(c -> c.settings() != null)
            ? "threads=" + threads(rows) + ", " + recordedProperties(rows)
            : workloadShape(m.workloadProperties(), "");
    fact(h, "workload", (workload.isEmpty() ? "" : workload + "; ") + shape);
    fact(h, "command", String.join(" ", m.commandLine()));
    h.append("<dt>warnings</dt><dd>")
        .append(
            warnings == 0 ? "none" : warnings + ", listed under <a href=\"#warnings\">Warnings</a>")
        .append("</dd>\n</dl>\n");
  }

  private static String server(RunManifest m) {
    String server = m.serverKind().id();
    if (!m.serverImage().isEmpty()) {
      server += ", image " + m.serverImage();
    }
    server += ", version " + (m.serverVersion().isEmpty() ? "unknown" : m.serverVersion());
    if (m.serverKind().has(Capability.IN_THIS_JVM)) {
      server += " (the stand-in server: not MongoDB, nothing throttled, profiles are labels)";
    }
    return server;
  }

  /** "mongo:7.0 sha256:…; mongodb-tiered-standin:latest sha256:…": what each tag stood for. */
  private static String imageIds(Map<String, String> ids) {
    List<String> parts = new ArrayList<>();
    ids.forEach((image, id) -> parts.add(image + " " + id));
    return String.join("; ", parts);
  }

  /** The commit, whether it had uncommitted changes, and that it is the server's too in-JVM. */
  private static String toolBuild(RunManifest m) {
    return m.toolBuild().commit()
        + (m.toolBuild().dirty() ? " with uncommitted changes" : "")
        + (m.serverKind().has(Capability.IN_THIS_JVM)
            ? " (the server's build too: it runs in this JVM)"
            : "");
  }

  /**
   * The shape, with the threads the cells ran with in place of the file's {@code threadcount}
   * ({@code --threads} overrides it): empty when no cell recorded its settings.
   */
  private static String workloadShape(Map<String, String> p, String threads) {
    List<String> parts = new ArrayList<>();
    for (String k : SHAPE) {
      if (k.equals("threadcount") && !threads.isEmpty()) {
        parts.add("threads=" + threads);
      } else if (p.containsKey(k)) {
        parts.add(k + "=" + p.get(k) + (k.equals("threadcount") ? " (the workload file's)" : ""));
      }
    }
    return String.join(", ", parts);
  }

  /**
   * Every workload property the cells ran with, after the command line's {@code -p} overrides (as
   * each cell recorded them): a property whose value differs between cells is named as such, its
   * values per cell being in summary.csv's {@code workload_properties}.
   */
  private static String recordedProperties(List<CellResult> rows) {
    List<Map<String, String>> recorded =
        rows.stream()
            .filter(c -> c.settings() != null)
            .map(c -> (Map<String, String>) c.settings().workloadProperties())
            .toList();
    TreeSet<String> names = new TreeSet<>();
    recorded.forEach(p -> names.addAll(p.keySet()));
    names.remove("workload"); // the class, named first
    List<String> parts = new ArrayList<>();
    for (String k : names) {
      List<String> values =
          recorded.stream().map(p -> p.getOrDefault(k, "unset")).distinct().toList();
      parts.add(
          values.size() == 1
              ? k + "=" + values.get(0)
              : k + " per cell (summary.csv's workload_properties)");
    }
    return String.join(", ", parts);
  }

  /** The client threads the cells ran with: {@code 4}, or {@code 4 and 8} when they differ. */
  private static String threads(List<CellResult> rows) {
    List<String> counts =
        rows.stream()
            .filter(c -> c.settings() != null)
            .map(c -> c.settings().shape().threads())
            .distinct()
            .sorted()
            .map(String::valueOf)
            .toList();
    return counts.size() <= 1
        ? String.join("", counts)
        : String.join(", ", counts.subList(0, counts.size() - 1))
            + " and "
            + counts.get(counts.size() - 1)
            + " (per cell)";
  }
}
