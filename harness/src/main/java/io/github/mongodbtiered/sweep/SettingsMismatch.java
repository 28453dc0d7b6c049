package io.github.mongodbtiered.sweep;

import java.nio.file.Path;
import java.util.Collection;

/**
 * The refusal a sweep gives instead of mixing cells measured under other settings ({@link
 * SettingsDifferences}) into one report.
 */
final class SettingsMismatch {
  private SettingsMismatch() {}

  /**
   * The one-line refusal: how many cells, what differs (each difference once, the saved setting
   * first), and the three ways on.
   */
  static String message(Path outDir, int cells, Collection<String> differences) {
    boolean one = cells == 1;
    return "--out "
        + outDir
        + ": "
        + cells
        + (one ? " finished cell was" : " finished cells were")
        + " measured under other settings than this run's: "
        + String.join("; ", differences)
        + ". Add --remeasure to measure "
        + (one ? "it" : "them")
        + " again under this run's settings (replacing "
        + (one ? "it" : "them")
        + "), give a new --out, or give this run the settings they were measured under (the first"
        + " of each pair).";
  }

  /**
   * The refusal when {@code --remeasure} cannot help: the cells are not in this run, so it would
   * not measure them again.
   */
  static String outsideThisRun(Path outDir, Collection<String> cellKeys, Collection<String> diffs) {
    return "--out "
        + outDir
        + ": --remeasure cannot replace "
        + String.join(", ", cellKeys)
        + ", measured under other settings ("
        + String.join("; ", diffs)
        + ") and not in this run's --recordcounts and --profiles: add them to those options,"
        + " or give a new --out.";
  }
}
