package io.github.mongodbtiered.capacity;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The model checked on cells it did not see: each profile's cells predicted by the model fitted on
 * the other profiles' cells, with the held-out profile's own disk, memory and threads.
 *
 * <p>A cell of a record count on the tier's edge ({@link TierEdge}: its cells disagree on reads per
 * operation) is predicted from its own reads per operation, its memory state, rather than from the
 * others' average across the edge: so the check there tests the disk's part of the model, and the
 * answers resting on that count carry the whole range instead.
 *
 * @param checks one per cell that could be predicted, in the order the cells were given
 * @param unchecked cells that could not be (their profile's others held no disk-free cell), named
 * @param edges the record counts whose cells disagree
 */
public record LeaveOneOut(List<Check> checks, List<Exclusion> unchecked, List<TierEdge> edges) {

  /**
   * One cell, measured and predicted.
   *
   * @param cell the cell
   * @param diskBound the device delivered more than half its cap ({@link Observation#diskBound})
   * @param measuredOpsPerSec its throughput
   * @param predictedOpsPerSec the prediction
   * @param measuredP99Micros its READ p99
   * @param predictedP99Micros the prediction
   * @param extrapolated the prediction's reads per operation lay beyond the other profiles' points
   * @param ownReads predicted from its own reads per operation: its count is on the tier's edge
   * @param best the prediction's best figures ({@link CapacityModel.Prediction#best})
   * @param worst its worst
   */
  public record Check(
      String cell,
      boolean diskBound,
      double measuredOpsPerSec,
      double predictedOpsPerSec,
      double measuredP99Micros,
      double predictedP99Micros,
      boolean extrapolated,
      boolean ownReads,
      CapacityModel.Figures best,
      CapacityModel.Figures worst) {

    /** Predicted over measured, less 1: +0.10 is 10% too high. */
    public double opsError() {
      return predictedOpsPerSec / measuredOpsPerSec - 1;
    }

    public double p99Error() {
      return predictedP99Micros / measuredP99Micros - 1;
    }

    /** The profile of {@link #cell}. */
    public String profile() {
      return cell.substring(cell.indexOf(" x ") + 3);
    }

    /**
     * Whether {@code band} around the best and worst figures holds both measured figures, as an
     * answer's band would, within a tenth of a percent (the figures' rounding: a cell keeps its p99
     * in whole microseconds).
     */
    boolean heldBy(ErrorBand band) {
      double slack = 1e-3;
      return band.opsLow(worst.opsPerSec()) * (1 - slack) <= measuredOpsPerSec
          && measuredOpsPerSec <= band.opsHigh(best.opsPerSec()) * (1 + slack)
          && band.p99Low(best.p99Micros()) * (1 - slack) <= measuredP99Micros
          && measuredP99Micros <= band.p99High(worst.p99Micros()) * (1 + slack);
    }
  }

  public LeaveOneOut {
    checks = List.copyOf(checks);
    unchecked = List.copyOf(unchecked);
    edges = List.copyOf(edges);
  }

  /** Each profile of {@code cells} predicted from the others'. */
  public static LeaveOneOut of(List<Observation> cells) {
    Set<String> profiles = new LinkedHashSet<>();
    cells.forEach(o -> profiles.add(o.profile()));
    List<Check> checks = new ArrayList<>();
    List<Exclusion> unchecked = new ArrayList<>();
    List<TierEdge> edges = TierEdge.of(cells);
    Set<Long> onEdge = new HashSet<>();
    edges.forEach(e -> onEdge.add(e.recordCount()));
    for (String held : profiles) {
      List<Observation> others = cells.stream().filter(o -> !o.profile().equals(held)).toList();
      CapacityModel model;
      try {
        model = others.isEmpty() ? null : CapacityModel.fit(others);
      } catch (NotModelableException e) {
        model = null;
      }
      for (Observation o : cells) {
        if (!o.profile().equals(held)) {
          continue;
        }
        if (model == null) {
          unchecked.add(
              new Exclusion(o.key(), "the other profiles hold no cell to predict it from"));
          continue;
        }
        checks.add(check(model, o, onEdge.contains(o.recordCount())));
      }
    }
    return new LeaveOneOut(checks, unchecked, edges);
  }

  private static Check check(CapacityModel model, Observation o, boolean ownReads) {
    CapacityModel.Prediction p =
        ownReads
            ? model.predictAt(o.recordCount(), o.disk(), o.reads().deviceReadsPerOp(), o.threads())
            : model.predict(o.recordCount(), o.disk(), o.memoryBytes(), o.threads());
    return new Check(
        o.key(),
        o.diskBound(),
        o.opsPerSec().value(),
        p.opsPerSec(),
        o.p99Micros(),
        p.p99Micros(),
        !ownReads && p.extrapolated(),
        ownReads,
        p.best(),
        p.worst());
  }

  /** The checks of disk-bound cells only. */
  public List<Check> diskBound() {
    return checks.stream().filter(Check::diskBound).toList();
  }

  /**
   * How many checks the band would have held had it been drawn without their profile: each cell's
   * measured throughput and p99 within the band of the other profiles' checks around its
   * predictions. The band of all checks holds every one of them by its making; this asks how it
   * does on a profile it did not see.
   */
  public long heldOutCovered() {
    return checks.stream()
        .filter(
            k ->
                k.heldBy(
                    ErrorBand.of(
                        checks.stream().filter(o -> !o.profile().equals(k.profile())).toList())))
        .count();
  }

  /** The spread of predicted/measured over {@link #checks}: what an answer's band rests on. */
  public ErrorBand band() {
    return ErrorBand.of(checks);
  }
}
