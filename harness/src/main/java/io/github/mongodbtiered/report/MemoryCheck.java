package io.github.mongodbtiered.report;

import io.github.mongodbtiered.capacity.Answers.MemoryAnswer;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

/**
 * The memory answer put to the test: for each record count answered, the report's fastest profile
 * at the answered memory plus and minus {@link #MARGIN}, its WiredTiger cache pinned to the one the
 * answer counted (MongoDB's default cache would grow with the memory and move the answer). Swept at
 * that record count, the cell above should run in the filesystem cache and the one below should not
 * ({@code fs_hit_ratio}, {@code observed_tier} in summary.csv). The fastest disk fills the page
 * cache soonest; the tier does not depend on it.
 */
public final class MemoryCheck {
  /** The profiles file advise writes beside its tables. */
  public static final String FILE = "advise-memory-check.profiles";

  /** How far above and below the answer the two profiles sit. */
  public static final double MARGIN = 0.10;

  /**
   * One record count's pair.
   *
   * @param above the profile at the answer plus the margin
   * @param below the profile at the answer less the margin
   */
  public record Pair(long recordCount, DiskProfile above, DiskProfile below) {}

  private MemoryCheck() {}

  /**
   * A pair for each record count of {@code answers}, on its fastest profile of {@code profiles}.
   */
  public static List<Pair> pairs(List<MemoryAnswer> answers, List<DiskProfile> profiles) {
    List<Pair> pairs = new ArrayList<>();
    answers.stream()
        .map(MemoryAnswer::recordCount)
        .distinct()
        .forEach(count -> fastest(answers, profiles, count).ifPresent(pairs::add));
    return pairs;
  }

  private static Optional<Pair> fastest(
      List<MemoryAnswer> answers, List<DiskProfile> profiles, long count) {
    Comparator<DiskProfile> speed =
        Comparator.comparingLong(p -> p.readIops() == 0 ? Long.MAX_VALUE : p.readIops());
    return profiles.stream()
        .filter(p -> answerFor(answers, count, p.name()).isPresent())
        .max(speed)
        .map(
            p -> {
              MemoryAnswer a = answerFor(answers, count, p.name()).orElseThrow();
              return new Pair(count, at(p, a, 1 + MARGIN, "plus"), at(p, a, 1 - MARGIN, "minus"));
            });
  }

  private static Optional<MemoryAnswer> answerFor(
      List<MemoryAnswer> answers, long count, String profile) {
    return answers.stream()
        .filter(a -> a.recordCount() == count && a.profile().equals(profile))
        .findFirst();
  }

  private static DiskProfile at(DiskProfile p, MemoryAnswer a, double factor, String side) {
    int pct = (int) Math.round(MARGIN * 100);
    return p.toBuilder(p.name() + "-" + a.recordCount() + "-" + side + pct)
        .description(
            String.format(
                java.util.Locale.ROOT,
                "%s at the memory answer for %d records %s %d%%: %.0f MiB, cache pinned",
                p.name(),
                a.recordCount(),
                side,
                pct,
                a.memoryBytes() * factor / (1 << 20)))
        .memoryBytes(Math.round(a.memoryBytes() * factor))
        .wiredTigerCacheBytes(a.wtCacheBytes())
        .build();
  }

  /** Writes the pairs' profiles into {@code dir}; returns the file. */
  public static Path write(Path dir, List<Pair> pairs) throws IOException {
    StringBuilder b =
        new StringBuilder(
            "# advise's memory answers put to the test (docs/capacity.md): sweep each record count"
                + " with its two profiles\n");
    for (Pair p : pairs) {
      b.append('\n').append(DiskProfiles.section(p.above()));
      b.append('\n').append(DiskProfiles.section(p.below()));
    }
    Path file = dir.resolve(FILE);
    AtomicFiles.write(file, b.toString().getBytes(StandardCharsets.UTF_8));
    return file;
  }

  /** The sweep that tests {@code pair}, its profiles read from {@code file}. */
  public static String command(Path file, Pair pair) {
    return "mongodb-tiered sweep --profiles-file "
        + file
        + " --profiles "
        + pair.above().name()
        + ","
        + pair.below().name()
        + " --recordcounts "
        + pair.recordCount()
        + " --out reports/memory-check-"
        + pair.recordCount();
  }
}
