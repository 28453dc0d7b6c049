package io.github.mongodbtiered.capacity;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.ServerKind;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Everything the model is built from and asked: a report's cells, its profiles' definitions, what
 * served them, and the target.
 *
 * @param cells the report's cells, failed ones included (they are named, not fitted)
 * @param profiles the report's profile definitions by name, for cells saved without their own
 * @param server what served the report's cells
 * @param defaultThreads client threads for cells saved without their settings
 * @param target what the answers are for, or null for the model and its check alone
 * @param includeUnsteady fit cells that are not steady or unstable too, rather than name them
 */
public record CapacityInputs(
    List<CellResult> cells,
    Map<String, DiskProfile> profiles,
    ServerKind server,
    int defaultThreads,
    Target target,
    boolean includeUnsteady) {
  public CapacityInputs {
    cells = List.copyOf(cells);
    profiles = new LinkedHashMap<>(profiles);
  }
}
