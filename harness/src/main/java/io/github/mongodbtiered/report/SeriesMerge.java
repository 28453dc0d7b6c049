package io.github.mongodbtiered.report;

import io.github.mongodbtiered.report.SeriesCsv.Phase;
import io.github.mongodbtiered.report.SeriesCsv.Row;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One cell's time series from several clients' reports (see {@link ReportMerge}): the clients ran
 * side by side, so each second's operations and throughput are summed over them, second by second
 * in order within each repeat and phase (as far as the shortest client's), and its p99 is the
 * highest client's, an upper bound of the p99 of all their operations together. Times, the preload
 * and the warm-up's stage and waits are the first client's.
 */
final class SeriesMerge {
  /** What the merged cell's notes say about its series. */
  static final String NOTE =
      "time series: throughput summed over the clients second by second, p99 the highest client's";

  private SeriesMerge() {}

  /**
   * Writes the merged series of the cell into {@code out}.
   *
   * @return why there is none (an input without one), or empty when it was written
   */
  static Optional<String> merge(
      List<Path> inputs, List<String> labels, Path out, long recordCount, String profile)
      throws IOException {
    List<List<Row>> parts = new ArrayList<>();
    for (int i = 0; i < inputs.size(); i++) {
      Path file = new ReportLayout(inputs.get(i)).series(recordCount, profile);
      if (!Files.isRegularFile(file)) {
        Files.deleteIfExists(new ReportLayout(out).series(recordCount, profile));
        return Optional.of("no time series: " + labels.get(i) + " kept none for this cell");
      }
      parts.add(SeriesCsv.read(file));
    }
    AtomicFiles.write(
        new ReportLayout(out).series(recordCount, profile), SeriesCsv.render(sum(parts)));
    return Optional.empty();
  }

  static List<Row> sum(List<List<Row>> parts) {
    List<Map<String, List<Row>>> grouped =
        parts.stream().map(SeriesMerge::byRepeatAndPhase).toList();
    List<Row> merged = new ArrayList<>();
    for (Map.Entry<String, List<Row>> e : grouped.get(0).entrySet()) {
      List<Row> first = e.getValue();
      if (first.get(0).phase() == Phase.PRELOAD) {
        merged.addAll(first);
        continue;
      }
      int n = first.size();
      for (Map<String, List<Row>> g : grouped) {
        n = Math.min(n, g.getOrDefault(e.getKey(), List.of()).size());
      }
      for (int i = 0; i < n; i++) {
        Row r = first.get(i);
        long operations = 0;
        double opsPerSec = 0;
        Double p99 = null;
        Double mainP99 = null;
        for (Map<String, List<Row>> g : grouped) {
          Row other = g.get(e.getKey()).get(i);
          operations += other.operations() == null ? 0 : other.operations();
          opsPerSec += other.opsPerSec() == null ? 0 : other.opsPerSec();
          p99 = max(p99, other.p99Millis());
          mainP99 = max(mainP99, other.mainP99Millis());
        }
        merged.add(
            new Row(
                r.repeat(),
                r.phase(),
                r.startSeconds(),
                r.endSeconds(),
                operations,
                opsPerSec,
                p99,
                r.mainOperation(),
                mainP99,
                r.warmup()));
      }
    }
    return merged;
  }

  private static Map<String, List<Row>> byRepeatAndPhase(List<Row> rows) {
    Map<String, List<Row>> groups = new LinkedHashMap<>();
    for (Row r : rows) {
      groups.computeIfAbsent(r.repeat() + "/" + r.phase(), k -> new ArrayList<>()).add(r);
    }
    return groups;
  }

  /** The larger, or the one known; null when neither is (a second without operations). */
  static Double max(Double a, Double b) {
    // Not a conditional expression: mixing Double and double there unboxes a null.
    if (a == null) {
      return b;
    }
    if (b == null) {
      return a;
    }
    return Math.max(a, b);
  }
}
