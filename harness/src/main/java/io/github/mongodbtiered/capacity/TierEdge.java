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
   * How far apart one memory state's cells may read: cells of one size in the far-over tier read
   * within 1.24 times of each other here (0.172-0.213 reads per operation at 5M on three disks,
   * `full-5`; 0.152-0.170 on three cloud volumes, `cloud-1`), the study's within 4%.
   */
  static final double SAME_STATE_RATIO = 1.5;

  /**
   * Whether reads per operation from {@code low} to {@code high} disagree: the highest more than
   * {@link #SAME_STATE_RATIO} times the lowest, the lowest taken as at least {@link
   * Observation#DISK_FREE_READS_PER_OP} (two counts that barely read do not disagree). At the edge
   * a little more page cache halves the reads: `full-5`'s 4M cells read 0.033, 0.032 and 0.017 an
   * operation with 4.33, 4.45 and 4.50 GB of page cache beside 4.89 GB of files.
   */
  public static boolean disagree(double low, double high) {
    return high > SAME_STATE_RATIO * Math.max(low, Observation.DISK_FREE_READS_PER_OP);
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
