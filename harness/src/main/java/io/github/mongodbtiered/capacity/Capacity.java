package io.github.mongodbtiered.capacity;

import io.github.mongodbtiered.results.ServerKind.Capability;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The model of a report, checked and asked: the cells it uses and those it cannot explain, the
 * model fitted on all usable cells, its leave-one-profile-out check, and the answers to the target.
 *
 * @param readings the cells used and those named instead
 * @param model fitted on every usable cell
 * @param validation each profile predicted from the others
 * @param answers the answers, each within the validation's band; none without a target
 * @param notes what the reader must know about the figures (limits that were labels, ...)
 */
public record Capacity(
    CellReadings readings,
    CapacityModel model,
    LeaveOneOut validation,
    Answers answers,
    List<String> notes) {

  /** The least usable cells to model: two profiles, one of them with a cell on disk. */
  public static final int MIN_CELLS = 3;

  public Capacity {
    notes = List.copyOf(notes);
  }

  /**
   * Builds, checks and asks the model; a report it cannot model throws {@link
   * NotModelableException}.
   */
  /** The prices the report's profiles were given ({@code price-per-month}). */
  private static Map<String, Double> prices(CapacityInputs in) {
    Map<String, Double> prices = new java.util.HashMap<>();
    in.profiles()
        .forEach(
            (name, p) -> {
              if (p.pricePerMonth() > 0) {
                prices.put(name, p.pricePerMonth());
              }
            });
    return prices;
  }

  public static Capacity of(CapacityInputs in) {
    if (!in.server().has(Capability.DATA_ON_THIS_HOST)) {
      throw new NotModelableException(
          "its cells ran on a --mongodb-url server, whose disk is unknown (the profiles were"
              + " labels); advise needs a sweep with --server docker");
    }
    CellReadings readings =
        CellReadings.of(in.cells(), in.profiles(), in.defaultThreads(), in.includeUnsteady());
    List<Observation> used = readings.observations();
    if (used.size() < MIN_CELLS) {
      throw new NotModelableException(
          "too few cells to model: "
              + used.size()
              + " usable of "
              + in.cells().size()
              + " (at least "
              + MIN_CELLS
              + " ok, steady, stable, server-bound read cells are needed)"
              + excluded(readings));
    }
    if (used.stream().map(Observation::profile).distinct().count() < 2) {
      throw new NotModelableException(
          "its usable cells are all of one profile; the model is checked by predicting each"
              + " profile from the others, so sweep two or more profiles");
    }
    if (used.stream().allMatch(Observation::diskFree)) {
      throw new NotModelableException(
          "no usable cell read from the device (all under "
              + Observation.DISK_FREE_READS_PER_OP
              + " device reads per operation): the disk never mattered; sweep a record count"
              + " beyond memory");
    }
    CapacityModel model = CapacityModel.fit(used);
    LeaveOneOut validation = LeaveOneOut.of(used);
    Answers answers =
        in.target() == null
            ? Answers.none()
            : new Advisor(model, validation.band(), used, in.target(), prices(in)).answers();
    return new Capacity(readings, model, validation, answers, notes(in, validation));
  }

  private static String excluded(CellReadings r) {
    return r.exclusions().isEmpty()
        ? ""
        : "; not usable: "
            + String.join(
                ", ", r.exclusions().stream().map(e -> e.key() + " (" + e.reason() + ")").toList());
  }

  private static List<String> notes(CapacityInputs in, LeaveOneOut validation) {
    List<String> notes = new ArrayList<>();
    if (in.server().diskLimitsAreOnlyLabels()) {
      notes.add(
          "embedded server: the profiles' IOPS, bandwidth and memory were labels, so the model's"
              + " disks are their added latency alone; the stand-in is not MongoDB");
    }
    if (in.includeUnsteady()) {
      notes.add(
          "--include-unsteady: cells not steady or unstable were fitted and checked like the"
              + " others; their figures, and so the model's, are uncertain beyond the band");
    }
    if (validation.checks().isEmpty()) {
      notes.add("no cell could be checked on the others: the answers carry no band");
    }
    return notes;
  }
}
