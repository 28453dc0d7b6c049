package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.CellResult;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The finished cells of a sweep, one JSON file each under {@code <reportDir>/cells/}, so an
 * interrupted sweep resumes where it stopped. A file that cannot be read, holds a figure no
 * measurement gives ({@link CellChecks}) or counts its logs do not bear out ({@link LoggedCounts})
 * fails loudly, naming itself: skipping it would silently re-run, or silently drop, a measured
 * cell.
 */
public final class CellStore {
  /** Fields cells gained after the first were saved: older files read them as null. */
  private static final Set<String> ADDED_FIELDS =
      Set.of(
          "fsHitBasis",
          "predictedTierBasis",
          "settings",
          "failedOperations",
          "intendedLatencies",
          "repeatRuns",
          "repeatRuns.round",
          "repeatRuns.position",
          "settings.targetOpsPerSec",
          "settings.repeats",
          "settings.repeatsAuto",
          "settings.earlyEnd",
          "settings.serverArgs",
          "continuedFrom");

  private final ReportLayout layout;

  public CellStore(Path reportDir) {
    this.layout = new ReportLayout(reportDir);
  }

  /** {@code cells/<recordCount>-<profile>.json}. */
  public Path file(long recordCount, String profile) {
    return layout.cell(recordCount, profile);
  }

  /** Saves (or replaces) the cell's file atomically. */
  public void save(CellResult cell) throws IOException {
    Json.write(file(cell.recordCount(), cell.profile()), cell);
  }

  /**
   * Removes the cell's file, its histogram logs and its time series: for a cell that is to be
   * measured again.
   */
  public void delete(long recordCount, String profile) throws IOException {
    Files.deleteIfExists(file(recordCount, profile));
    layout.deleteHistogramsOf(recordCount, profile);
    layout.deleteSeriesOf(recordCount, profile);
  }

  /** The saved cell, or empty when there is none; a corrupt file throws, naming it. */
  public Optional<CellResult> load(long recordCount, String profile) throws IOException {
    try {
      return Optional.of(read(file(recordCount, profile)));
    } catch (NoSuchFileException e) {
      return Optional.empty();
    }
  }

  /** True when the cell was saved with status ok; a failed cell is retried. */
  public boolean isDone(long recordCount, String profile) throws IOException {
    return load(recordCount, profile).map(CellResult::ok).orElse(false);
  }

  /** Every saved cell, by profile name then record count. */
  public List<CellResult> all() throws IOException {
    List<CellResult> cells = new ArrayList<>();
    if (!Files.isDirectory(layout.cells())) {
      return cells;
    }
    try (DirectoryStream<Path> files = Files.newDirectoryStream(layout.cells(), "*.json")) {
      for (Path f : files) {
        cells.add(read(f));
      }
    }
    cells.sort(
        Comparator.comparing(CellResult::profile).thenComparingLong(CellResult::recordCount));
    return cells;
  }

  private CellResult read(Path file) throws IOException {
    CellResult cell = Json.read(file, CellResult.class, ADDED_FIELDS);
    String expected = ReportLayout.cellName(cell.recordCount(), cell.profile()) + ".json";
    // A copied or renamed file would otherwise mark the wrong cell done.
    if (!file.getFileName().toString().equals(expected)) {
      throw new IOException(file + ": holds cell " + cell.key() + ", which belongs in " + expected);
    }
    List<String> problems = new ArrayList<>(CellChecks.problems(cell));
    if (problems.isEmpty()) {
      problems.addAll(LoggedCounts.problems(cell, layout));
    }
    if (!problems.isEmpty()) {
      throw new IOException(
          file
              + ": "
              + String.join("; ", problems)
              + " (changed or damaged): restore the file, or delete it and run the sweep again to"
              + " measure the cell");
    }
    return cell;
  }
}
