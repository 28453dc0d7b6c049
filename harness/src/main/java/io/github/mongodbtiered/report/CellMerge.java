package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellResultBuilder;
import io.github.mongodbtiered.results.LatencyStats;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.RepeatRun;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
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
import java.util.stream.DoubleStream;
import org.HdrHistogram.Histogram;

/**
 * One cell from the same cell of several clients' reports (see {@link ReportMerge}): each metric as
 * its {@link Metric#fleet()} rule says, every other column as its {@link CellColumn}'s {@link
 * ColumnMerge} does (latencies merged from their HdrHistogram logs, operations and throughput
 * summed, tiers from the part that read the server's figures, notes each once, the time series as
 * {@link SeriesMerge} makes it). The clients shared one server, so its counters (bytes and reads
 * requested and read from the device, the hit ratios, the hit ratio the tier used) are the same run
 * seen from each: summing them would count the server's reads once per client.
 */
final class CellMerge {
  /** Why a cell cannot be merged: the merged cell is failed, saying so. */
  static final class Refused extends Exception {
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
      Parts merging = new Parts(parts, serverFiguresPart(parts));
      CellResultBuilder merged =
          CellResult.builder(first.recordCount(), first.profile(), first.server())
              .metrics(figures(parts, merging.serverPart()))
              .repeatRuns(repeatRuns(parts));
      for (ColumnMerge column : CellColumn.merges()) {
        column.into(merged, merging);
      }
      return merged.build();
    } catch (Refused r) {
      return CellResult.failed(
          first.recordCount(), first.profile(), first.server(), r.getMessage());
    }
  }

  /** The same cell of each input, every one ok, as a {@link ColumnMerge} reads them. */
  final class Parts {
    private final List<CellResult> all;
    private final int server;

    private Parts(List<CellResult> all, int server) {
      this.all = all;
      this.server = server;
    }

    /** In input order. */
    List<CellResult> all() {
      return all;
    }

    /** The part whose server-side figures the merged cell shows. */
    CellResult serverPart() {
      return all.get(server);
    }

    /** As {@link CellMerge#latencies}. */
    SortedMap<String, LatencyStats> latencies(
        Function<CellResult, SortedMap<String, LatencyStats>> figures, String logPrefix)
        throws IOException, Refused {
      return CellMerge.this.latencies(all, figures, logPrefix);
    }

    /** Adds the merged cell's notes (see {@link ColumnMerge#NOTES}), merging the time series. */
    void notes(CellResultBuilder merged) throws IOException {
      merged
          .note(
              ReportMerge.mergedFrom("clients", labels)
                  + "; server-side figures and tiers from "
                  + labels.get(server))
          .notes(CellMerge.this.notes(all))
          .note(perClient(all));
      CellResult first = all.get(0);
      SeriesMerge.merge(inputs, labels, out, first.recordCount(), first.profile())
          .ifPresentOrElse(merged::note, () -> merged.note(SeriesMerge.NOTE));
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

  /** Every metric as its {@link Metric#fleet()} rule combines the parts; unknown ones left out. */
  private static Map<Metric, Double> figures(List<CellResult> parts, CellResult serverPart) {
    Map<Metric, Double> figures = new EnumMap<>(Metric.class);
    for (Metric m : Metric.values()) {
      Double v = figure(m, parts, serverPart);
      if (v != null) {
        figures.put(m, v);
      }
    }
    return figures;
  }

  private static Double figure(Metric m, List<CellResult> parts, CellResult serverPart) {
    return switch (m.fleet()) {
      case SERVER_PART -> serverPart.metric(m);
      case SUM -> sum(parts, m);
      // A fleet's clients each loaded a slice at the same time, so their load rates add up.
      case FLEET_SUM -> fleet(parts) ? sum(parts, m) : serverPart.metric(m);
      case OPS_WEIGHTED_MEAN -> opsWeightedMean(parts, m);
      case EARLIEST -> allKnown(parts, m) ? known(parts, m).min().orElseThrow() : null;
      case LOWEST -> known(parts, m).min().stream().boxed().findFirst().orElse(null);
      case CLIENT_COUNT -> clients(parts);
      case SLOWEST_CLIENT ->
          parts.stream()
              .mapToDouble(p -> clientThroughput(p, m))
              .reduce(Double.POSITIVE_INFINITY, Math::min);
      case FASTEST_CLIENT ->
          parts.stream().mapToDouble(p -> clientThroughput(p, m)).reduce(0, Math::max);
      case START_SPREAD -> startSpread(parts);
      case DROPPED -> null;
    };
  }

  /**
   * A part's slowest or fastest client's throughput ({@code m}): a part merged before holds it; any
   * other part is one client, its throughput its own. A merged part's throughput is its clients'
   * sum, which no client of it ran.
   */
  private static double clientThroughput(CellResult part, Metric m) {
    Double own = part.metric(m);
    Double clients = part.metric(Metric.CLIENTS);
    return clients != null && clients > 1 && own != null ? own : part.throughputOpsPerSec();
  }

  /** The values of {@code m} the parts have, in part order. */
  private static DoubleStream known(List<CellResult> parts, Metric m) {
    return parts.stream().map(p -> p.metric(m)).filter(Objects::nonNull).mapToDouble(v -> v);
  }

  private static boolean allKnown(List<CellResult> parts, Metric m) {
    return parts.stream().allMatch(p -> p.metric(m) != null);
  }

  private static Double sum(List<CellResult> parts, Metric m) {
    if (!allKnown(parts, m)) {
      return null;
    }
    double sum = 0;
    for (CellResult p : parts) {
      sum += p.metric(m);
    }
    return sum;
  }

  private static Double opsWeightedMean(List<CellResult> parts, Metric m) {
    if (!allKnown(parts, m)) {
      return null;
    }
    long operations = 0;
    double weighted = 0;
    for (CellResult p : parts) {
      operations += p.operations();
      weighted += p.metric(m) * p.operations();
    }
    return operations > 0 ? weighted / operations : null;
  }

  /** Every part is a fleet's client: it knows its index in the fleet. */
  private static boolean fleet(List<CellResult> parts) {
    return allKnown(parts, Metric.CLIENT_INDEX);
  }

  private static double clients(List<CellResult> parts) {
    double clients = 0;
    for (CellResult p : parts) {
      Map<Metric, Double> m = p.metrics();
      // A fleet client's own cell says the fleet's size; it is one client of it.
      clients += m.containsKey(Metric.CLIENT_INDEX) ? 1 : m.getOrDefault(Metric.CLIENTS, 1.0);
    }
    return clients;
  }

  /** How far apart the measured runs started; null unless every client knows its start. */
  private static Double startSpread(List<CellResult> parts) {
    Metric start = Metric.RUN_STARTED_EPOCH_MS;
    if (!allKnown(parts, start)) {
      return null;
    }
    return known(parts, start).reduce(Double.NEGATIVE_INFINITY, Math::max)
        - known(parts, start).reduce(Double.POSITIVE_INFINITY, Math::min);
  }

  /** Each client's throughput, and how far apart their measured runs started. */
  private String perClient(List<CellResult> parts) {
    List<String> each = new ArrayList<>();
    for (int i = 0; i < parts.size(); i++) {
      CellResult p = parts.get(i);
      Double index = p.metric(Metric.CLIENT_INDEX);
      each.add(
          String.format(
              Locale.ROOT,
              "%s %,.0f ops/s",
              index != null ? "client " + index.intValue() : labels.get(i),
              p.throughputOpsPerSec()));
    }
    String note = "per client: " + String.join(", ", each);
    Double spread = startSpread(parts);
    if (spread != null) {
      note += String.format(Locale.ROOT, "; measured runs started within %.0f ms", spread);
    }
    return note;
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
   * The clients' repeats ran side by side, the k-th of each together: their throughputs add up. A
   * repeat's p99 over all clients is not known (only all repeats' logs are merged), so it is left
   * out; clients with different numbers of repeats give none.
   */
  private static List<RepeatRun> repeatRuns(List<CellResult> parts) {
    int n = parts.get(0).repeatRuns().size();
    if (parts.stream().anyMatch(p -> p.repeatRuns().size() != n)) {
      return List.of();
    }
    List<RepeatRun> out = new ArrayList<>();
    for (int k = 0; k < n; k++) {
      double opsPerSec = 0;
      for (CellResult p : parts) {
        opsPerSec += p.repeatRuns().get(k).opsPerSec();
      }
      out.add(
          new RepeatRun(
              opsPerSec, parts.size() == 1 ? parts.get(0).repeatRuns().get(k).p99Ms() : null));
    }
    return out;
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
