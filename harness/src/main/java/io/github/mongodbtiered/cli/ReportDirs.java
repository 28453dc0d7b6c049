package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.OutDirs;
import io.github.mongodbtiered.report.ReportLayout;
import io.github.mongodbtiered.report.ReportLock;
import io.github.mongodbtiered.report.ReportMerge;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.report.VariantsManifest;
import io.github.mongodbtiered.results.CellResult;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

/**
 * The directories {@code report} reads and writes, checked before anything is written: each problem
 * a usage error (exit 2) naming the directory.
 */
final class ReportDirs {
  private ReportDirs() {}

  /** A report directory with a readable run.json and cells. */
  static void requireReport(Path dir) {
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException("DIR " + dir + ": no such directory");
    }
    if (!Files.isRegularFile(dir.resolve(ReportLayout.MANIFEST))) {
      if (VariantsManifest.in(dir)) {
        throw new IllegalArgumentException(
            "DIR "
                + dir
                + ": is a report of variants (sweep --variant); give one variant's report, "
                + VariantsManifest.variantDir(dir, "NAME")
                + ", or compare its variants with `compare "
                + dir
                + "`");
      }
      requireNoSweepBeforeItsFirstCell(dir);
      throw new IllegalArgumentException(
          "DIR "
              + dir
              + ": has no "
              + ReportLayout.MANIFEST
              + ", so it is not a report directory (a sweep writes one into its --out)");
    }
    manifest(dir);
    cells(dir);
  }

  /**
   * A sweep writes run.json with its first cell but takes the lock first: a directory with only a
   * lock is a sweep's that is still on its first cell (refused as busy, as one further on is), or
   * one that stopped before it.
   */
  private static void requireNoSweepBeforeItsFirstCell(Path dir) {
    if (!Files.isRegularFile(dir.resolve(ReportLayout.LOCK))) {
      return;
    }
    try (ReportLock probe =
        ReportLock.take(
            dir,
            "DIR",
            "wait for its first cell to finish, then try again",
            List.of("mongodb-tiered", "report", dir.toString()),
            line -> {})) {
      // Free: the sweep stopped before its first cell.
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "DIR " + dir + ": its lock cannot be read (" + Messages.oneLine(e) + ")", e);
    }
    throw new IllegalArgumentException(
        "DIR "
            + dir
            + ": the sweep into it stopped before its first cell, so there is no report yet; run"
            + " that sweep again (same --out) to measure its cells");
  }

  /**
   * Some cells to rebuild from: without them a rebuild would empty summary.csv and delete the tier
   * CSVs, losing what the page still shows.
   */
  static void requireCells(Path dir) {
    if (cells(dir).isEmpty()) {
      throw new IllegalArgumentException(
          "DIR "
              + dir
              + ": holds no cells ("
              + ReportLayout.CELLS
              + "/ is missing or empty), so there is nothing to rebuild from; nothing was changed."
              + " Restore "
              + ReportLayout.CELLS
              + "/, or re-run the sweep into this directory");
    }
  }

  static RunManifest manifest(Path dir) {
    try {
      return RunManifest.read(dir);
    } catch (IOException e) {
      throw new IllegalArgumentException(
          "DIR "
              + dir
              + ": "
              + Messages.oneLine(e)
              + "; re-run the sweep into a new --out to recreate it");
    }
  }

  static List<CellResult> cells(Path dir) {
    try {
      return new CellStore(dir).all();
    } catch (IOException e) {
      throw new IllegalArgumentException("DIR " + dir + ": " + Messages.oneLine(e));
    }
  }

  /** {@code dir}'s cells by the manifest's profile order, then record count, as a sweep prints. */
  static List<CellResult> cellsInSweepOrder(Path dir) {
    return CellResult.inProfileOrder(cells(dir), manifest(dir).profileNames());
  }

  /**
   * {@code out} for a merge of {@code inputs}: given, none of them, and new or empty unless {@code
   * force}; see {@link #clearEarlierMerge}.
   */
  static Path mergeTarget(Path out, List<Path> inputs, boolean force) throws IOException {
    if (out == null) {
      throw new IllegalArgumentException(
          "--out: merging "
              + inputs.size()
              + " report directories needs --out NEW_DIR (the inputs are never changed)");
    }
    OutDirs.requireNotEmptyPath(out, "--out");
    for (Path d : inputs) {
      if (Files.exists(out) && Files.isSameFile(out, d)) {
        throw new IllegalArgumentException(
            "--out "
                + out
                + " is one of the inputs; the inputs are never changed: choose a new"
                + " directory");
      }
    }
    if (Files.isRegularFile(out)) {
      throw new IllegalArgumentException("--out " + out + ": is a file; choose a new directory");
    }
    if (Files.isDirectory(out) && !isEmpty(out)) {
      if (!force) {
        throw new IllegalArgumentException(
            "--out "
                + out
                + ": exists and is not empty; choose a new directory, or add --force to replace"
                + " the report in it");
      }
    }
    // Before --out is created: a refused merge leaves nothing behind.
    ReportMerge.requireDistinct(inputs);
    return OutDirs.create(out, "--out");
  }

  /**
   * Clears an earlier merge's cells and logs from {@code out} (with the lock held): they would
   * otherwise mix with this merge's.
   */
  static void clearEarlierMerge(Path out) throws IOException {
    new ReportLayout(out).deleteCellsAndHistograms();
  }

  private static boolean isEmpty(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.findAny().isEmpty();
    }
  }
}
