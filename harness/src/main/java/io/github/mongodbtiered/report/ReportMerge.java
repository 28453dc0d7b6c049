package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * One report from the reports of several client machines that drove the same sweep against the same
 * servers at the same time, each with its own report directory.
 *
 * <p>Per cell (record count and profile): the latency percentiles come from the HdrHistogram logs
 * of all clients merged per operation; operations, throughput and client CPU are summed (the
 * clients ran side by side). Server-side figures (cache counters, hit ratios, disk, data sizes, and
 * so the tiers) are those the first directory measured, or a fleet's client 0 (the only client of
 * {@code sweep --clients N} that reads them): every client saw the same server, and averaging
 * ratios over different windows would describe none of them. A cell missing or failed in any input
 * is failed in the result, since a total without one client's share would be wrong. Each cell also
 * says how many clients ran it, the slowest and fastest one's throughput and how far apart their
 * measured runs started. Each cell's time series is summed second by second over the clients
 * ({@link SeriesMerge}).
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
    inputs = clientZeroFirst(inputs);
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
    requireDistinct(inputs, cellsByInput);
    CellStore store = new CellStore(out);
    CellMerge cellMerge = new CellMerge(inputs, labels, out);
    List<CellResult> merged = new ArrayList<>();
    for (String k : keys) {
      List<CellResult> parts = new ArrayList<>();
      cellsByInput.forEach(m -> parts.add(m.get(k)));
      CellResult c = cellMerge.merge(parts);
      store.save(c);
      merged.add(c);
    }
    return ReportWriter.write(out, ManifestMerge.merge(manifests, labels), merged);
  }

  /**
   * Refuses inputs a merge would count twice, since it sums the clients' operations and throughput:
   * one directory given twice, two holding a cell figure for figure (a copy of one client's
   * report), or two that are the same client of a fleet.
   *
   * @throws IllegalArgumentException naming both directories and why
   * @throws IOException when an input's cells cannot be read
   */
  public static void requireDistinct(List<Path> inputs) throws IOException {
    List<Map<String, CellResult>> cells = new ArrayList<>();
    for (Path in : inputs) {
      Map<String, CellResult> byKey = new LinkedHashMap<>();
      new CellStore(in).all().forEach(c -> byKey.put(key(c.recordCount(), c.profile()), c));
      cells.add(byKey);
    }
    requireDistinct(inputs, cells);
  }

  /** As {@link #requireDistinct(List)}, on each input's cells by key, already read. */
  private static void requireDistinct(List<Path> inputs, List<Map<String, CellResult>> cells)
      throws IOException {
    for (int i = 0; i < inputs.size(); i++) {
      for (int j = i + 1; j < inputs.size(); j++) {
        String why = twice(inputs.get(i), inputs.get(j), cells.get(i), cells.get(j));
        if (why != null) {
          throw new IllegalArgumentException(
              "DIR "
                  + inputs.get(i)
                  + " and DIR "
                  + inputs.get(j)
                  + " "
                  + why
                  + ": a merge sums its clients, so give each client's report once");
        }
      }
    }
  }

  /** Why two inputs are one client's figures, or null. */
  private static String twice(
      Path a, Path b, Map<String, CellResult> aCells, Map<String, CellResult> bCells)
      throws IOException {
    if (Files.isSameFile(a, b)) {
      return "are the same directory";
    }
    for (Map.Entry<String, CellResult> e : aCells.entrySet()) {
      CellResult other = bCells.get(e.getKey());
      if (other == null) {
        continue;
      }
      if (other.equals(e.getValue())) {
        return "hold the same cell "
            + e.getKey().replace("/", " x ")
            + " figure for figure (a copy?)";
      }
      Double ia = e.getValue().metrics().get(Metric.CLIENT_INDEX);
      Double ib = other.metrics().get(Metric.CLIENT_INDEX);
      if (ia != null && ia.equals(ib)) {
        return "are both client "
            + Math.round(ia)
            + " of a fleet (cell "
            + e.getKey().replace("/", " x ")
            + ")";
      }
    }
    return null;
  }

  /**
   * The inputs with a fleet's client 0, the one that read the server's figures, first: the run.json
   * and the figures of the merged report are the first input's.
   */
  private static List<Path> clientZeroFirst(List<Path> inputs) throws IOException {
    for (int i = 1; i < inputs.size(); i++) {
      for (CellResult c : new CellStore(inputs.get(i)).all()) {
        Double index = c.metrics().get(Metric.CLIENT_INDEX);
        if (index != null && index == 0) {
          List<Path> reordered = new ArrayList<>(inputs);
          reordered.add(0, reordered.remove(i));
          return reordered;
        }
      }
    }
    return inputs;
  }

  /** "merged from 2 clients (a, b)": how merged cells and runs begin their note. */
  static String mergedFrom(String what, List<String> labels) {
    return "merged from " + labels.size() + " " + what + " (" + String.join(", ", labels) + ")";
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
