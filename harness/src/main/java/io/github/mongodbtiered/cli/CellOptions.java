package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.DiskProfile;
import java.io.IOException;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The sweep's cells: record counts times disk profiles. */
final class CellOptions {
  @Option(
      names = "--recordcounts",
      split = ",",
      paramLabel = "COUNT",
      defaultValue = "2000000,3000000,4000000,5000000",
      converter = Counts.RecordCount.class,
      description =
          "Record counts, e.g. 2M,3M or 20000,40000 (k = 1000, M = 1000000; default:"
              + " ${DEFAULT-VALUE}).")
  List<Long> recordCounts;

  @Option(
      names = {"--profiles", "--profile"},
      split = ",",
      paramLabel = "NAME",
      defaultValue = "io1-5000,san-600,hdd-150",
      description = "Disk profiles, built in or from --profiles-file (default: ${DEFAULT-VALUE}).")
  List<String> profileNames;

  @Mixin ProfilesFileOption profilesFile;

  @Option(
      names = "--remeasure",
      description =
          "Measure again, and replace, cells in --out measured under other settings than this"
              + " run's (without it the sweep refuses to mix them into one report). Measuring a"
              + " smaller record count than the data set holds also needs --drop-existing.")
  boolean remeasure;

  List<DiskProfile> profiles() throws IOException {
    return profilesFile.resolve("--profiles", profileNames);
  }
}
