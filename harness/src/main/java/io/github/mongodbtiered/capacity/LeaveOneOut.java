package io.github.mongodbtiered.capacity;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * The model checked on cells it did not see: each profile's cells predicted by the model fitted on
 * the other profiles' cells, with the held-out profile's own disk, memory and threads.
 *
 * @param checks one per cell that could be predicted, in the order the cells were given
 * @param unchecked cells that could not be (their profile's others held no disk-free cell), named
 */
public record LeaveOneOut(List<Check> checks, List<Exclusion> unchecked) {

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
   */
  public record Check(
      String cell,
      boolean diskBound,
      double measuredOpsPerSec,
      double predictedOpsPerSec,
      double measuredP99Micros,
      double predictedP99Micros,
      boolean extrapolated) {

    /** Predicted over measured, less 1: +0.10 is 10% too high. */
    public double opsError() {
      return predictedOpsPerSec / measuredOpsPerSec - 1;
    }

    public double p99Error() {
      return predictedP99Micros / measuredP99Micros - 1;
    }
  }

  public LeaveOneOut {
    checks = List.copyOf(checks);
    unchecked = List.copyOf(unchecked);
  }

  /** Each profile of {@code cells} predicted from the others'. */
  public static LeaveOneOut of(List<Observation> cells) {
    Set<String> profiles = new LinkedHashSet<>();
    cells.forEach(o -> profiles.add(o.profile()));
    List<Check> checks = new ArrayList<>();
    List<Exclusion> unchecked = new ArrayList<>();
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
        CapacityModel.Prediction p =
            model.predict(o.recordCount(), o.disk(), o.memoryBytes(), o.threads());
        checks.add(
            new Check(
                o.key(),
                o.diskBound(),
                o.opsPerSec().value(),
                p.opsPerSec(),
                o.p99Micros(),
                p.p99Micros(),
                p.extrapolated()));
      }
    }
    return new LeaveOneOut(checks, unchecked);
  }

  /** The checks of disk-bound cells only. */
  public List<Check> diskBound() {
    return checks.stream().filter(Check::diskBound).toList();
  }

  /** The spread of predicted/measured over {@link #checks}: what an answer's band rests on. */
  public ErrorBand band() {
    return ErrorBand.of(checks);
  }
}
