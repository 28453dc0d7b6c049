package io.github.mongodbtiered.report;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Writes a sweep's report files: {@code summary.csv}, one {@code tier-<id>.csv} per observed tier
 * and {@code run.json}. Each file is replaced atomically, so the report can be rewritten after
 * every cell and read at any time.
 */
public final class ReportWriter {
  public static final String SUMMARY = "summary.csv";

  private ReportWriter() {}

  /** Writes the report of {@code cells}, rows in the manifest's profile order. */
  public static void write(Path reportDir, RunManifest manifest, List<CellResult> cells)
      throws IOException {
    removeLeftoverTempFiles(reportDir);
    List<String> order = manifest.profiles().stream().map(RunManifest.Profile::name).toList();
    Map<String, String> tiers = TierCsvs.render(cells, order);
    for (Map.Entry<String, String> tier : tiers.entrySet()) {
      AtomicFiles.write(reportDir.resolve(tier.getKey()), tier.getValue());
    }
    AtomicFiles.write(reportDir.resolve(SUMMARY), SummaryCsv.render(cells, order));
    manifest.write(reportDir);
    // A re-run can re-classify cells, leaving an earlier tier with none: its file would mislead.
    try (DirectoryStream<Path> files =
        Files.newDirectoryStream(reportDir, TierCsvs.PREFIX + "*" + TierCsvs.SUFFIX)) {
      for (Path f : files) {
        if (!tiers.containsKey(f.getFileName().toString())) {
          Files.deleteIfExists(f);
        }
      }
    }
  }

  /** Temporary files a crash left while writing this class's files. */
  private static void removeLeftoverTempFiles(Path reportDir) throws IOException {
    if (!Files.isDirectory(reportDir)) {
      return;
    }
    String glob =
        ".{"
            + SUMMARY
            + ","
            + RunManifest.FILE
            + ","
            + TierCsvs.PREFIX
            + "*"
            + TierCsvs.SUFFIX
            + "}.*"
            + AtomicFiles.TEMP_SUFFIX;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(reportDir, glob)) {
      for (Path f : files) {
        Files.deleteIfExists(f);
      }
    }
  }
}
