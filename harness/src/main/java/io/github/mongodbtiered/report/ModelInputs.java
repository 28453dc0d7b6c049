package io.github.mongodbtiered.report;

import io.github.mongodbtiered.capacity.CapacityInputs;
import io.github.mongodbtiered.capacity.Target;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.CellResult;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A report's cells and manifest as the capacity model's inputs: for advise and the page alike. */
public final class ModelInputs {
  private ModelInputs() {}

  /**
   * @param target what the answers are for, or null for the model and its check alone
   * @param includeUnsteady fit cells that are not steady or unstable too
   */
  public static CapacityInputs of(
      RunManifest manifest, List<CellResult> cells, Target target, boolean includeUnsteady) {
    Map<String, DiskProfile> profiles = new LinkedHashMap<>();
    manifest.profiles().forEach(p -> profiles.put(p.name(), p));
    return new CapacityInputs(
        cells, profiles, manifest.serverKind(), workloadThreads(manifest), target, includeUnsteady);
  }

  /** The workload's threadcount, for cells saved without their settings (1 when none). */
  private static int workloadThreads(RunManifest manifest) {
    try {
      return Math.max(
          1, Integer.parseInt(manifest.workloadProperties().getOrDefault("threadcount", "1")));
    } catch (NumberFormatException e) {
      return 1;
    }
  }
}
