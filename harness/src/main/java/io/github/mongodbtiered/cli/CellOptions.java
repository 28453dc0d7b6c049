package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.sweep.Cells;
import java.io.IOException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** The sweep's cells: record counts times disk profiles. */
final class CellOptions {
  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(
      names = "--recordcounts",
      split = ",",
      paramLabel = "COUNT",
      converter = Counts.RecordCount.class,
      description =
          "Record counts, e.g. 2M,3M or 20000,40000 (k = 1000, M = 1000000; default:"
              + " ${DEFAULT-VALUE}).")
  List<Long> recordCounts;

  @Option(
      names = {"--profiles", "--profile"},
      split = ",",
      paramLabel = "NAME",
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

  /**
   * The counts as given: picocli would merge a second {@code --recordcounts} into the first (where
   * a second {@code --seconds} is refused) and the sweep would drop a repeated count, both without
   * a word, so a typo'd list ran other cells than meant.
   */
  List<Long> recordCounts() {
    long given = 0;
    if (command != null && command.commandLine().getParseResult() != null) {
      given =
          command.commandLine().getParseResult().originalArgs().stream()
              .filter(a -> a.equals("--recordcounts") || a.startsWith("--recordcounts="))
              .count();
    }
    if (given > 1) {
      throw new IllegalArgumentException(
          "--recordcounts: given "
              + given
              + " times; give it once, with every count in one list (e.g. --recordcounts"
              + " 2M,3M)");
    }
    Set<Long> seen = new HashSet<>();
    for (Long n : recordCounts) {
      if (!seen.add(n)) {
        throw new IllegalArgumentException(
            "--recordcounts: " + n + " is in the list twice; give each count once");
      }
    }
    return recordCounts;
  }

  List<DiskProfile> profiles() throws IOException {
    return profilesFile.resolve("--profiles", profileNames);
  }

  /** The cells these options give. */
  Cells cells() throws IOException {
    return new Cells(recordCounts(), profiles(), remeasure);
  }
}
