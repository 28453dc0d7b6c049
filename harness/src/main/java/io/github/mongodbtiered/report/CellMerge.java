package io.github.mongodbtiered.report;

import io.github.mongodbtiered.intervals.IntervalLog;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellResultBuilder;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import org.HdrHistogram.Histogram;

/**
 * One cell from the same cell of several clients' reports (see {@link ReportMerge}): latencies
 * merged from their HdrHistogram logs, client-side figures summed, server-side figures and tiers
 * from the first client, notes each once, the time series as {@link SeriesMerge} makes it. The
 * clients shared one server, so its counters (bytes and reads requested and read from the device,
 * the hit ratios, the hit ratio the tier used) are the same run seen from each: summing them would
 * count the server's reads once per client.
 */
final class CellMerge {
  /** Why a cell cannot be merged: the merged cell is failed, saying so. */
  private static final class Refused extends Exception {
    Refused(String why) {
      super(why, null, false, false);
    }
  }

  private final List<Path> inputs;
  private final List<String> labels;
  private final Path out;

  /**
   * @param inputs the clients' report directories
   * @param labels their names in notes and warnings, in the same order
   * @param out the merged report directory, where merged logs are written
   */
  CellMerge(List<Path> inputs, List<String> labels, Path out) {
    this.inputs = inputs;
    this.labels = labels;
    this.out = out;
  }

  /**
   * @param parts the cell in each input, in input order; null where an input lacks it
   * @throws IOException when a merged log cannot be written
   */
  CellResult merge(List<CellResult> parts) throws IOException {
    CellResult first = parts.stream().filter(Objects::nonNull).findFirst().orElseThrow();
    try {
      requireAllOk(parts);
      int server = serverFiguresPart(parts);
      CellResult serverPart = parts.get(server);
      CellResultBuilder merged =
          CellResult.builder(first.recordCount(), first.profile(), first.server())
              .latencies(latencies(parts, CellResult::latencies, ""))
              .intendedLatencies(
                  latencies(parts, CellResult::intendedLatencies, IntervalLog.INTENDED_PREFIX))
              .metrics(serverPart.metrics())
              .tiers(serverPart.predictedTier(), serverPart.observedTier())
              .fsHitBasis(serverPart.fsHitBasis())
              .predictedTierBasis(serverPart.predictedTierBasis())
              .pageCacheDropped(serverPart.pageCacheDropped())
              .note(
                  ReportMerge.mergedFrom("clients", labels)
                      + "; server-side figures and tiers from "
                      + labels.get(server))
              .notes(notes(parts));
      fleetFigures(merged, parts);
      SeriesMerge.merge(inputs, labels, out, first.recordCount(), first.profile())
          .ifPresentOrElse(merged::note, () -> merged.note(SeriesMerge.NOTE));
      return sumClientFigures(merged, parts).build();
    } catch (Refused r) {
      return CellResult.failed(
          first.recordCount(), first.profile(), first.server(), r.getMessage());
    }
  }

  /**
   * The part whose server-side figures the merged cell shows: a fleet's client 0, the only one that
   * reads them, else the first input.
   */
  private static int serverFiguresPart(List<CellResult> parts) {
    for (int i = 0; i < parts.size(); i++) {
      Double index = parts.get(i).metrics().get(Metric.CLIENT_INDEX);
      if (index != null && index == 0) {
        return i;
      }
    }
    return 0;
  }

  /**
   * How the clients shared the cell: how many ran it, the slowest and fastest one's throughput (and
   * each one's in a note), how far apart their measured runs started; steady only if every client's
   * warm-up was. A fleet's clients each loaded a slice at the same time, so their load rates add
   * up.
   */
  private void fleetFigures(CellResultBuilder merged, List<CellResult> parts) {
    double clients = 0;
    double min = Double.POSITIVE_INFINITY;
    double max = 0;
    double firstStart = Double.POSITIVE_INFINITY;
    double lastStart = Double.NEGATIVE_INFINITY;
    boolean startsKnown = true;
    boolean fleet = true;
    double loadRate = 0;
    boolean loadKnown = true;
    Double steady = null;
    List<String> each = new ArrayList<>();
    for (int i = 0; i < parts.size(); i++) {
      CellResult p = parts.get(i);
      Map<Metric, Double> m = p.metrics();
      // A fleet client's own cell says the fleet's size; it is one client of it.
      clients += m.containsKey(Metric.CLIENT_INDEX) ? 1 : m.getOrDefault(Metric.CLIENTS, 1.0);
      min = Math.min(min, p.throughputOpsPerSec());
      max = Math.max(max, p.throughputOpsPerSec());
      Double start = m.get(Metric.RUN_STARTED_EPOCH_MS);
      startsKnown &= start != null;
      if (start != null) {
        firstStart = Math.min(firstStart, start);
        lastStart = Math.max(lastStart, start);
      }
      Double index = m.get(Metric.CLIENT_INDEX);
      fleet &= index != null;
      Double load = m.get(Metric.LOAD_RECORDS_PER_SEC);
      loadKnown &= load != null;
      loadRate += load == null ? 0 : load;
      Double s = m.get(Metric.STEADY_STATE);
      if (s != null) {
        steady = steady == null ? s : Math.min(steady, s);
      }
      each.add(
          String.format(
              Locale.ROOT,
              "%s %,.0f ops/s",
              index != null ? "client " + index.intValue() : labels.get(i),
              p.throughputOpsPerSec()));
    }
    merged
        .metric(Metric.CLIENT_INDEX, null)
        .metric(Metric.CLIENTS, clients)
        .metric(Metric.CLIENT_OPS_PER_SEC_MIN, min)
        .metric(Metric.CLIENT_OPS_PER_SEC_MAX, max)
        .metric(Metric.CLIENT_START_SPREAD_MS, startsKnown ? lastStart - firstStart : null)
        .metric(Metric.RUN_STARTED_EPOCH_MS, startsKnown ? firstStart : null)
        .metric(Metric.STEADY_STATE, steady);
    if (fleet) {
      merged.metric(Metric.LOAD_RECORDS_PER_SEC, loadKnown ? loadRate : null);
    }
    String note = "per client: " + String.join(", ", each);
    if (startsKnown) {
      note +=
          String.format(
              Locale.ROOT, "; measured runs started within %.0f ms", lastStart - firstStart);
    }
    merged.note(note);
  }

  /** A total without one client's share would be wrong: a missing or failed part fails the cell. */
  private void requireAllOk(List<CellResult> parts) throws Refused {
    for (int i = 0; i < parts.size(); i++) {
      CellResult p = parts.get(i);
      if (p == null) {
        throw new Refused("no result for this cell in " + labels.get(i));
      }
      if (!p.ok()) {
        throw new Refused("failed in " + labels.get(i) + ": " + p.error());
      }
    }
  }

  /**
   * Per operation, the percentiles of all clients' logged values together, the log written: the
   * service times, or (with {@code logPrefix} {@code Intended-}) the intended-time ones.
   */
  private SortedMap<String, LatencyStats> latencies(
      List<CellResult> parts,
      Function<CellResult, SortedMap<String, LatencyStats>> figures,
      String logPrefix)
      throws IOException, Refused {
    CellResult first = parts.get(0);
    Set<String> ops = new TreeSet<>();
    parts.forEach(p -> ops.addAll(figures.apply(p).keySet()));
    SortedMap<String, LatencyStats> latencies = new TreeMap<>();
    for (String op : ops) {
      String logName = logPrefix + op;
      List<Path> logs = new ArrayList<>();
      for (int i = 0; i < parts.size(); i++) {
        LatencyStats s = figures.apply(parts.get(i)).get(op);
        if (s != null && s.count() > 0) {
          logs.addAll(logs(i, first, logName, s.count()));
        }
      }
      if (!logs.isEmpty()) {
        Path merged =
            new ReportLayout(out).histogram(first.recordCount(), first.profile(), logName);
        Histogram total = HistogramLogMerge.merge(logs, merged);
        latencies.put(op, LatencyStats.of(total));
      }
    }
    return latencies;
  }

  /**
   * Input {@code i}'s logs of {@code op}, one per repeat of the cell; refused when missing,
   * unreadable or another run's.
   */
  private List<Path> logs(int i, CellResult cell, String op, long operations)
      throws Refused, IOException {
    String file =
        ReportLayout.HISTOGRAMS
            + "/"
            + ReportLayout.histogramFileName(cell.recordCount(), cell.profile(), op);
    List<Path> logs =
        new ReportLayout(inputs.get(i))
            .histogramsOfAllRepeats(cell.recordCount(), cell.profile())
            .getOrDefault(op, List.of());
    if (logs.isEmpty()) {
      throw new Refused(labels.get(i) + " has no " + file + " to merge " + op + " latencies");
    }
    long logged;
    try {
      logged = HistogramLogMerge.total(logs).getTotalCount();
    } catch (IOException e) {
      throw new Refused(labels.get(i) + ": " + e.getMessage());
    }
    if (logged != operations) {
      throw new Refused(
          labels.get(i)
              + ": "
              + file
              + (logs.size() > 1 ? " and its repeats' logs hold " : " holds ")
              + logged
              + " operations but its cell "
              + operations
              + "; the log is from another run");
    }
    return logs;
  }

  /**
   * The clients ran side by side: operations, throughput and CPU add up, the runtime is the
   * longest, and a client-side figure one client lacks is unknown for all.
   */
  private static CellResultBuilder sumClientFigures(
      CellResultBuilder merged, List<CellResult> parts) {
    long operations = 0;
    double throughput = 0;
    long runtimeMillis = 0;
    double cpuMicros = 0;
    boolean cpuKnown = true;
    double cores = 0;
    boolean coresKnown = true;
    boolean clientBound = false;
    boolean latencyApplied = true;
    for (CellResult p : parts) {
      operations += p.operations();
      throughput += p.throughputOpsPerSec();
      runtimeMillis = Math.max(runtimeMillis, p.runtimeMillis());
      Double perOp = p.metrics().get(Metric.CLIENT_CPU_US_PER_OP);
      cpuKnown &= perOp != null;
      cpuMicros += perOp == null ? 0 : perOp * p.operations();
      Double c = p.metrics().get(Metric.CLIENT_CPU_CORES);
      coresKnown &= c != null;
      cores += c == null ? 0 : c;
      clientBound |= p.clientBound();
      latencyApplied &= p.latencyApplied();
    }
    return merged
        .run(operations, runtimeMillis, throughput)
        .metric(
            Metric.CLIENT_CPU_US_PER_OP, cpuKnown && operations > 0 ? cpuMicros / operations : null)
        .metric(Metric.CLIENT_CPU_CORES, coresKnown ? cores : null)
        .clientBound(clientBound)
        .latencyApplied(latencyApplied)
        .latencyMethod(latencyApplied ? parts.get(0).latencyMethod() : "");
  }

  /** Notes every client has once; the others prefixed with the client that has them. */
  private List<String> notes(List<CellResult> parts) {
    List<String> notes = new ArrayList<>();
    Set<String> common = new LinkedHashSet<>(parts.get(0).notes());
    parts.forEach(p -> common.retainAll(p.notes()));
    notes.addAll(common);
    for (int i = 0; i < parts.size(); i++) {
      for (String n : parts.get(i).notes()) {
        if (!common.contains(n)) {
          notes.add("[" + labels.get(i) + "] " + n);
        }
      }
    }
    return notes;
  }
}
