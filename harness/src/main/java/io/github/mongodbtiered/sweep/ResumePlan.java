package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.BuildIds;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.CellSettings;
import io.github.mongodbtiered.results.SettingsDifferences;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Which saved cells a sweep may reuse: those measured under this run's settings, on the image this
 * run's name for it stands for (the ID the report's run.json recorded: a tag such as {@code
 * :latest} rebuilt since is another server). Any other saved cell is refused before anything is
 * loaded or written (the report would show its numbers under this run's settings), unless {@code
 * --remeasure} asks to measure it again; until then it is left out of the report.
 */
final class ResumePlan {
  private final SweepOptions options;
  private final RunSettings run;
  private final List<CellResult> saved;
  private final Map<String, DiskProfile> profiles;
  // The images' IDs: as the report recorded them, and as this run's servers run them.
  private final BuildIds recorded;
  private final BuildIds now;
  // Keys of saved cells measured under other settings, until this run replaces them.
  private final Set<String> stale = new HashSet<>();
  private String serverVersion = "";

  private ResumePlan(
      SweepOptions options, RunSettings run, Map<String, String> imageIds, List<CellResult> saved) {
    this.options = options;
    this.run = run;
    this.saved = saved;
    this.recorded = recordedBuilds(options.outDir());
    this.now = new BuildIds(imageIds, null);
    this.profiles =
        options.profiles().stream()
            .collect(Collectors.toMap(DiskProfile::name, Function.identity()));
  }

  /**
   * Compares every cell saved in the report directory with this run's settings (the server version
   * only once it is known, see {@link #serverVersion}).
   *
   * @param imageIds per image name, the ID of the image this run's servers run ({@link
   *     TargetServer#imageIds})
   * @throws IllegalArgumentException when cells differ and {@code --remeasure} was not given, or
   *     cannot replace them
   */
  static ResumePlan check(
      SweepOptions options, RunSettings run, Map<String, String> imageIds, CellStore store)
      throws IOException {
    ResumePlan plan = new ResumePlan(options, run, imageIds, store.all());
    plan.compare();
    return plan;
  }

  /** True when a cell would be reused that recorded a server version this run has not learnt. */
  boolean needsServerVersion() {
    return serverVersion.isEmpty()
        && saved.stream()
            .anyMatch(
                c ->
                    !stale.contains(c.key())
                        && c.settings() != null
                        && !c.settings().serverVersion().isEmpty());
  }

  /**
   * The server's version, once it answered: cells of another version are refused (or measured
   * again) as for any other setting.
   */
  void serverVersion(String version) {
    serverVersion = version == null ? "" : version;
    compare();
  }

  /** True when the cell is saved, ok, and was measured under this run's settings. */
  boolean reusable(long recordCount, String profile) {
    return saved.stream()
        .anyMatch(
            c ->
                c.recordCount() == recordCount
                    && c.profile().equals(profile)
                    && c.ok()
                    && !stale.contains(c.key()));
  }

  /** Whether the report may show the cell: not one measured under other settings. */
  boolean shown(CellResult cell) {
    return !stale.contains(cell.key());
  }

  /** The cell this run measured, with its settings; it replaces any stale one. */
  CellResult measured(CellResult cell, DiskProfile profile, String version) {
    stale.remove(cell.key());
    return cell.toBuilder().settings(run.of(profile, version)).build();
  }

  /**
   * With {@code --remeasure}, removes the saved cells measured under other settings (and their
   * histogram logs), before anything is written: from then on no reader of the report directory can
   * take them for this run's, even if this run stops before it replaced them.
   *
   * @return what was removed, for the console, or empty when nothing was
   */
  String discardStale(CellStore store) throws IOException {
    if (!options.cells().remeasure() || stale.isEmpty()) {
      return "";
    }
    List<String> keys = new ArrayList<>();
    for (CellResult c : saved) {
      if (stale.contains(c.key())) {
        store.delete(c.recordCount(), c.profile());
        keys.add(c.key());
      }
    }
    return "--remeasure: removed "
        + keys.size()
        + (keys.size() == 1 ? " cell" : " cells")
        + " measured under other settings ("
        + String.join(", ", keys)
        + "); this run measures them again";
  }

  private void compare() {
    stale.clear();
    List<CellResult> refused = new ArrayList<>();
    Set<String> differences = new LinkedHashSet<>();
    for (CellResult cell : saved) {
      List<String> diffs = differences(cell);
      if (diffs.isEmpty()) {
        continue;
      }
      stale.add(cell.key());
      // A failed cell of this run is measured again anyway: nothing of it would be reused.
      if (cell.ok() || !inThisRun(cell)) {
        refused.add(cell);
        differences.addAll(diffs);
      }
    }
    if (refused.isEmpty()) {
      return;
    }
    if (!options.cells().remeasure()) {
      throw new IllegalArgumentException(
          SettingsMismatch.message(options.outDir(), refused.size(), differences));
    }
    List<String> outside =
        refused.stream().filter(c -> !inThisRun(c)).map(CellResult::key).toList();
    if (!outside.isEmpty()) {
      throw new IllegalArgumentException(
          SettingsMismatch.outsideThisRun(options.outDir(), outside, differences));
    }
  }

  /** How the cell's settings and image differ from this run's; empty when it may be reused. */
  private List<String> differences(CellResult cell) {
    CellSettings settings = now(cell);
    List<String> diffs = new ArrayList<>(SettingsDifferences.between(cell.settings(), settings));
    String image = cell.settings() == null ? null : cell.settings().image();
    if (image == null || !image.equals(settings.image())) {
      return diffs; // another image (or none recorded) differs already
    }
    diffs.addAll(SettingsDifferences.imageId(image, recorded, now));
    if (recorded.imageId(image) != null && now.imageId(image) == null) {
      // Whatever a pull or build brings under the name may not be what the cells ran.
      diffs.add(
          "image ID of "
              + image
              + ": "
              + BuildIds.shortId(recorded.imageId(image))
              + " → not known (not in the local Docker: pull or build it, then run again)");
    }
    return diffs;
  }

  /** The images' IDs the report's run.json recorded; none when it has none or cannot be read. */
  private static BuildIds recordedBuilds(Path outDir) {
    if (!Files.isRegularFile(new ReportLayout(outDir).manifest())) {
      return BuildIds.UNKNOWN;
    }
    try {
      return RunManifest.read(outDir).buildIds();
    } catch (IOException | RuntimeException e) {
      return BuildIds.UNKNOWN; // rewritten by this run; the cells' own settings still count
    }
  }

  /**
   * This run's settings for the cell's profile; for a profile this run does not sweep, the cell's
   * own profile definition, as there is nothing to compare it with.
   */
  private CellSettings now(CellResult cell) {
    DiskProfile p = profiles.get(cell.profile());
    if (p != null) {
      return run.of(p, serverVersion);
    }
    CellSettings own = cell.settings();
    CellSettings any = run.of(options.profiles().get(0), serverVersion);
    return own == null
        ? any
        : new CellSettings(
            any.workload(),
            any.workloadProperties(),
            any.shape(),
            own.profile(),
            any.server(),
            any.image(),
            any.serverVersion(),
            any.latency(),
            any.toolVersion());
  }

  private boolean inThisRun(CellResult cell) {
    return profiles.containsKey(cell.profile())
        && options.recordCounts().contains(cell.recordCount());
  }
}
