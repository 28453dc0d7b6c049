package io.github.mongodbtiered.report;

import io.github.mongodbtiered.profiles.DiskProfile;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * One {@code run.json} from the clients' (see {@link ReportMerge}): the first client's, spanning
 * all of their times, profiles and record counts, with every client's warnings and a warning
 * wherever the clients did not run the same thing.
 */
final class ManifestMerge {
  private ManifestMerge() {}

  /**
   * @param labels the clients' names, in the order of {@code ms}
   */
  static RunManifest merge(List<RunManifest> ms, List<String> labels) {
    Map<String, DiskProfile> profiles = new LinkedHashMap<>();
    Map<String, Map<String, String>> enforcement = new LinkedHashMap<>();
    Set<Long> counts = new TreeSet<>();
    for (RunManifest m : ms) {
      m.profiles().forEach(p -> profiles.putIfAbsent(p.name(), p));
      m.enforcement().forEach(enforcement::putIfAbsent);
      counts.addAll(m.recordCounts());
    }
    return ms.get(0).toBuilder()
        .startedAt(
            ms.stream().map(RunManifest::startedAt).min(Comparator.naturalOrder()).orElseThrow())
        .finishedAt(
            ms.stream().map(RunManifest::finishedAt).max(Comparator.naturalOrder()).orElseThrow())
        .profiles(new ArrayList<>(profiles.values()))
        .enforcement(enforcement)
        .warnings(warnings(ms, labels))
        .recordCounts(new ArrayList<>(counts))
        // The inputs' times were spent side by side or apart: the page sums the merged cells'.
        .time(null)
        .build();
  }

  private static List<String> warnings(List<RunManifest> ms, List<String> labels) {
    List<String> warnings = new ArrayList<>();
    warnings.add(
        ReportMerge.mergedFrom("report directories", labels)
            + ": latency percentiles come from their combined HdrHistogram logs, operations and"
            + " throughput are summed; server-side figures (cache, disk, data sizes, tiers) are"
            + " those measured by "
            + labels.get(0));
    differs(warnings, ms, labels, "server kind", m -> m.serverKind().id());
    differs(warnings, ms, labels, "server image", RunManifest::serverImage);
    differs(warnings, ms, labels, "server version", RunManifest::serverVersion);
    differs(
        warnings,
        ms,
        labels,
        "image ID",
        m -> m.imageIds().isEmpty() ? null : m.imageIds().toString());
    differs(
        warnings,
        ms,
        labels,
        "tool build",
        m -> m.toolBuild() == null ? null : m.toolBuild().describe());
    differs(warnings, ms, labels, "workload", m -> m.workloadProperties().toString());
    Set<String> seen = new HashSet<>(warnings);
    for (int i = 0; i < ms.size(); i++) {
      for (String w : ms.get(i).warnings()) {
        if (seen.add(w)) {
          warnings.add(i == 0 ? w : "[" + labels.get(i) + "] " + w);
        }
      }
    }
    return warnings;
  }

  /**
   * Adds a warning for each client whose {@code field} differs from the first client's; a null
   * field is unknown, never a difference.
   */
  private static void differs(
      List<String> warnings,
      List<RunManifest> ms,
      List<String> labels,
      String what,
      Function<RunManifest, String> field) {
    String a = field.apply(ms.get(0));
    if (a == null) {
      return;
    }
    for (int i = 1; i < ms.size(); i++) {
      String b = field.apply(ms.get(i));
      if (b != null && !a.equals(b)) {
        warnings.add(
            what
                + " differs between the merged reports: "
                + labels.get(0)
                + " has "
                + a
                + ", "
                + labels.get(i)
                + " has "
                + b);
      }
    }
  }
}
