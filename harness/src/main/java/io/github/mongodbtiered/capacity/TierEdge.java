package io.github.mongodbtiered.capacity;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * A record count on the tier's edge: its cells disagree on device reads per operation beyond what
 * one memory state explains, because the page cache held different amounts on each (a sweep here
 * read 0.009, 0.44 and 0.47 reads per operation at one size on three disks, where the study's cells
 * of one size read within 4% of each other). Averaging them describes no server.
 *
 * @param recordCount the record count
 * @param readsPerOp each cell's device reads per operation, by cell
 */
public record TierEdge(long recordCount, Map<String, Double> readsPerOp) {

  public TierEdge {
    readsPerOp = new LinkedHashMap<>(readsPerOp);
  }

  /**
   * Whether reads per operation from {@code low} to {@code high} disagree: the highest more than
   * twice the lowest, beyond a floor of {@link Observation#DISK_FREE_READS_PER_OP} (two counts that
   * barely read do not disagree).
   */
  public static boolean disagree(double low, double high) {
    return high > 2 * low + Observation.DISK_FREE_READS_PER_OP;
  }

  /** The record counts of {@code cells} whose cells disagree, in ascending order. */
  public static List<TierEdge> of(List<Observation> cells) {
    Map<Long, Map<String, Double>> byCount = new TreeMap<>();
    for (Observation o : cells) {
      byCount
          .computeIfAbsent(o.recordCount(), k -> new LinkedHashMap<>())
          .put(o.key(), o.reads().deviceReadsPerOp());
    }
    List<TierEdge> edges = new ArrayList<>();
    byCount.forEach(
        (count, reads) -> {
          TierEdge e = new TierEdge(count, reads);
          if (disagree(e.low(), e.high())) {
            edges.add(e);
          }
        });
    return edges;
  }

  public double low() {
    return readsPerOp.values().stream().mapToDouble(d -> d).min().orElse(0);
  }

  public double high() {
    return readsPerOp.values().stream().mapToDouble(d -> d).max().orElse(0);
  }
}
