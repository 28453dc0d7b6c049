package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellStatus;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import org.HdrHistogram.Histogram;

/**
 * One report from the reports of several client machines that drove the same sweep against the same
 * servers at the same time, each with its own report directory.
 *
 * <p>Per cell (record count and profile): the latency percentiles come from the HdrHistogram logs
 * of all clients merged per operation; operations, throughput and client CPU are summed (the
 * clients ran side by side). Server-side figures (cache counters, hit ratios, disk, data sizes, and
 * so the tiers) are those the first directory measured: every client saw the same server, and
 * averaging ratios over different windows would describe none of them. A cell missing or failed in
 * any input is failed in the result, since a total without one client's share would be wrong.
 *
 * <p>The inputs are only read.
 */
public final class ReportMerge {
  private ReportMerge() {}

  /**
   * Writes the merged report of {@code inputs} into {@code out} (cells, histogram logs, and the
   * report files of {@link ReportWriter}).
   *
   * @return problems with the report itself, as {@link ReportWriter#write} returns them
   * @throws IOException when an input cannot be read (naming it) or the output cannot be written
   */
  public static List<String> merge(List<Path> inputs, Path out) throws IOException {
    if (inputs.size() < 2) {
      throw new IllegalArgumentException("merging needs at least two report directories");
    }
    List<String> labels = labels(inputs);
    List<RunManifest> manifests = new ArrayList<>();
    List<Map<String, CellResult>> cellsByInput = new ArrayList<>();
    Set<String> keys = new LinkedHashSet<>();
    for (Path in : inputs) {
      manifests.add(RunManifest.read(in));
      Map<String, CellResult> cells = new LinkedHashMap<>();
      for (CellResult c : new CellStore(in).all()) {
        cells.put(key(c.recordCount(), c.profile()), c);
        keys.add(key(c.recordCount(), c.profile()));
      }
      cellsByInput.add(cells);
    }
    CellStore store = new CellStore(out);
    List<CellResult> merged = new ArrayList<>();
    for (String k : keys) {
      List<CellResult> parts = new ArrayList<>();
      cellsByInput.forEach(m -> parts.add(m.get(k)));
      CellResult c = mergeCell(inputs, labels, parts, out);
      store.save(c);
      merged.add(c);
    }
    RunManifest manifest = mergeManifests(manifests, labels);
    return ReportWriter.write(out, manifest, merged);
  }

  private static CellResult mergeCell(
      List<Path> inputs, List<String> labels, List<CellResult> parts, Path out) throws IOException {
    CellResult first = parts.stream().filter(p -> p != null).findFirst().orElseThrow();
    long count = first.recordCount();
    String profile = first.profile();
    for (int i = 0; i < parts.size(); i++) {
      CellResult p = parts.get(i);
      if (p == null) {
        return failed(first, "no result for this cell in " + labels.get(i));
      }
      if (!p.ok()) {
        return failed(first, "failed in " + labels.get(i) + ": " + p.error());
      }
    }

    SortedMap<String, LatencyStats> latencies = new TreeMap<>();
    Set<String> ops = new TreeSet<>();
    parts.forEach(p -> ops.addAll(p.latencies().keySet()));
    for (String op : ops) {
      String file =
          ReportLayout.HISTOGRAMS + "/" + ReportLayout.histogramFileName(count, profile, op);
      List<Path> logs = new ArrayList<>();
      for (int i = 0; i < parts.size(); i++) {
        LatencyStats s = parts.get(i).latencies().get(op);
        if (s == null || s.count() == 0) {
          continue;
        }
        Path log = new ReportLayout(inputs.get(i)).histogram(count, profile, op);
        if (!Files.isRegularFile(log)) {
          return failed(
              first, labels.get(i) + " has no " + file + " to merge " + op + " latencies");
        }
        long logged;
        try {
          logged = HistogramLogMerge.total(List.of(log)).getTotalCount();
        } catch (IOException e) {
          return failed(first, labels.get(i) + ": " + e.getMessage());
        }
        if (logged != s.count()) {
          return failed(
              first,
              labels.get(i)
                  + ": "
                  + file
                  + " holds "
                  + logged
                  + " operations but its cell "
                  + s.count()
                  + "; the log is from another run");
        }
        logs.add(log);
      }
      if (!logs.isEmpty()) {
        Histogram total =
            HistogramLogMerge.merge(logs, new ReportLayout(out).histogram(count, profile, op));
        latencies.put(op, LatencyStats.of(total));
      }
    }

    long operations = 0;
    double throughput = 0;
    long runtime = 0;
    double cpuMicros = 0;
    boolean cpuKnown = true;
    double cores = 0;
    boolean coresKnown = true;
    boolean clientBound = false;
    boolean latencyApplied = true;
    for (CellResult p : parts) {
      operations += p.operations();
      throughput += p.throughputOpsPerSec();
      runtime = Math.max(runtime, p.runtimeMillis());
      Double perOp = p.metrics().get(Metric.CLIENT_CPU_US_PER_OP);
      cpuKnown &= perOp != null;
      cpuMicros += perOp == null ? 0 : perOp * p.operations();
      Double c = p.metrics().get(Metric.CLIENT_CPU_CORES);
      coresKnown &= c != null;
      cores += c == null ? 0 : c;
      clientBound |= p.clientBound();
      latencyApplied &= p.latencyApplied();
    }
    Map<Metric, Double> metrics = new EnumMap<>(first.metrics());
    metrics.remove(Metric.CLIENT_CPU_US_PER_OP);
    metrics.remove(Metric.CLIENT_CPU_CORES);
    if (cpuKnown && operations > 0) {
      metrics.put(Metric.CLIENT_CPU_US_PER_OP, cpuMicros / operations);
    }
    if (coresKnown) {
      metrics.put(Metric.CLIENT_CPU_CORES, cores);
    }
    List<String> notes = new ArrayList<>();
    notes.add(
        "merged from "
            + parts.size()
            + " clients ("
            + String.join(", ", labels)
            + "); server-side figures and tiers from "
            + labels.get(0));
    notes.addAll(mergedNotes(parts, labels));
    return new CellResult(
        count,
        profile,
        first.server(),
        CellStatus.OK,
        "",
        operations,
        runtime,
        throughput,
        latencies,
        metrics,
        first.predictedTier(),
        first.observedTier(),
        clientBound,
        latencyApplied,
        first.pageCacheDropped(),
        notes);
  }

  /** Notes every client has once; the others prefixed with the client that has them. */
  private static List<String> mergedNotes(List<CellResult> parts, List<String> labels) {
    List<String> out = new ArrayList<>();
    Set<String> common = new LinkedHashSet<>(parts.get(0).notes());
    parts.forEach(p -> common.retainAll(p.notes()));
    out.addAll(common);
    for (int i = 0; i < parts.size(); i++) {
      for (String n : parts.get(i).notes()) {
        if (!common.contains(n)) {
          out.add("[" + labels.get(i) + "] " + n);
        }
      }
    }
    return out;
  }

  private static CellResult failed(CellResult c, String why) {
    return CellResult.failed(c.recordCount(), c.profile(), c.server(), why);
  }

  private static RunManifest mergeManifests(List<RunManifest> ms, List<String> labels) {
    RunManifest first = ms.get(0);
    List<String> warnings = new ArrayList<>();
    warnings.add(
        "merged from "
            + ms.size()
            + " report directories ("
            + String.join(", ", labels)
            + "): latency percentiles come from their combined HdrHistogram logs, operations and"
            + " throughput are summed; server-side figures (cache, disk, data sizes, tiers) are"
            + " those measured by "
            + labels.get(0));
    differs(warnings, ms, labels, "server kind", m -> m.serverKind().id());
    differs(warnings, ms, labels, "server image", RunManifest::serverImage);
    differs(warnings, ms, labels, "server version", RunManifest::serverVersion);
    differs(warnings, ms, labels, "workload", m -> m.workloadProperties().toString());
    Set<String> seen = new HashSet<>(warnings);
    for (int i = 0; i < ms.size(); i++) {
      for (String w : ms.get(i).warnings()) {
        if (seen.add(w)) {
          warnings.add(i == 0 ? w : "[" + labels.get(i) + "] " + w);
        }
      }
    }
    Map<String, RunManifest.Profile> profiles = new LinkedHashMap<>();
    Map<String, Map<String, String>> enforcement = new LinkedHashMap<>();
    Set<Long> counts = new TreeSet<>();
    for (RunManifest m : ms) {
      m.profiles().forEach(p -> profiles.putIfAbsent(p.name(), p));
      m.enforcement().forEach(enforcement::putIfAbsent);
      counts.addAll(m.recordCounts());
    }
    Instant started =
        ms.stream().map(RunManifest::startedAt).min(Comparator.naturalOrder()).orElseThrow();
    Instant finished =
        ms.stream().map(RunManifest::finishedAt).max(Comparator.naturalOrder()).orElseThrow();
    return new RunManifest(
        first.toolVersion(),
        started,
        finished,
        first.commandLine(),
        first.serverKind(),
        first.serverImage(),
        first.serverVersion(),
        new ArrayList<>(profiles.values()),
        enforcement,
        warnings,
        new ArrayList<>(counts),
        first.workloadProperties(),
        first.environment(),
        first.diskBaselines());
  }

  private static void differs(
      List<String> warnings,
      List<RunManifest> ms,
      List<String> labels,
      String what,
      java.util.function.Function<RunManifest, String> field) {
    String a = field.apply(ms.get(0));
    for (int i = 1; i < ms.size(); i++) {
      String b = field.apply(ms.get(i));
      if (!a.equals(b)) {
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

  /** Each input's directory name, or its path where two names are the same. */
  private static List<String> labels(List<Path> inputs) {
    List<String> names =
        inputs.stream()
            .map(p -> p.toAbsolutePath().normalize().getFileName())
            .map(n -> n == null ? "/" : n.toString())
            .toList();
    if (new HashSet<>(names).size() == names.size()) {
      return names;
    }
    return inputs.stream().map(Path::toString).toList();
  }

  private static String key(long count, String profile) {
    return count + "/" + profile;
  }
}
