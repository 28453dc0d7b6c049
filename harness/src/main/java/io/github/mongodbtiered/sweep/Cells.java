package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import java.util.Arrays;
import java.util.List;

/**
 * The sweep's cells: record counts times disk profiles ({@code --recordcounts}, {@code
 * --profiles}), and whether cells saved under other settings are measured again ({@code
 * --remeasure}).
 *
 * @param recordCounts data set sizes, ascending and distinct (sorted here); each count loads only
 *     the difference to the one before
 * @param profiles disk profiles, in report order
 * @param remeasure measure again, and replace, saved cells measured under other settings instead of
 *     refusing to resume
 */
public record Cells(List<Long> recordCounts, List<DiskProfile> profiles, boolean remeasure) {
  /** The study's record counts: 2M, 3M, 4M and 5M. */
  public static final List<Long> DEFAULT_RECORD_COUNTS =
      List.of(2_000_000L, 3_000_000L, 4_000_000L, 5_000_000L);

  /** The study's three disks, built in. */
  public static final List<String> DEFAULT_PROFILE_NAMES =
      List.of("io1-5000", "san-600", "hdd-150");

  public Cells {
    recordCounts = recordCounts.stream().sorted().distinct().toList();
    profiles = List.copyOf(profiles);
  }

  /** The study's cells: {@link #DEFAULT_RECORD_COUNTS} on {@link #DEFAULT_PROFILE_NAMES}. */
  public static Cells defaults() {
    DiskProfiles builtIn = DiskProfiles.builtIn();
    return new Cells(
        DEFAULT_RECORD_COUNTS, DEFAULT_PROFILE_NAMES.stream().map(builtIn::get).toList(), false);
  }

  /**
   * @throws IllegalArgumentException naming the option whose value cannot be used
   */
  void check() {
    if (recordCounts.isEmpty() || recordCounts.get(0) < 1) {
      throw new IllegalArgumentException("--recordcounts: give one or more counts of at least 1");
    }
    if (profiles.isEmpty()) {
      throw new IllegalArgumentException("--profiles: give at least one profile");
    }
  }

  public Cells withRecordCounts(List<Long> counts) {
    return new Cells(counts, profiles, remeasure);
  }

  public Cells withRecordCounts(Long... counts) {
    return withRecordCounts(Arrays.asList(counts));
  }

  public Cells withProfiles(List<DiskProfile> chosen) {
    return new Cells(recordCounts, chosen, remeasure);
  }

  public Cells withProfiles(DiskProfile... chosen) {
    return withProfiles(List.of(chosen));
  }

  public Cells withRemeasure(boolean again) {
    return new Cells(recordCounts, profiles, again);
  }

  /** The counts and the profiles' names: a profile's settings are its own summary. */
  @Override
  public String toString() {
    return "Cells[recordCounts="
        + recordCounts
        + ", profiles="
        + profiles.stream().map(DiskProfile::name).toList()
        + ", remeasure="
        + remeasure
        + "]";
  }
}
