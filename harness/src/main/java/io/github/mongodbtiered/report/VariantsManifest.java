package io.github.mongodbtiered.report;

import io.github.mongodbtiered.binding.Redaction;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * {@code variants.json}: what a sweep of variants measured side by side ({@code sweep --variant}),
 * at the top of its report directory, whose {@code variants/NAME} each hold one variant's report.
 * Written before the first round runs, so an interrupted sweep's report says what it was.
 *
 * @param toolVersion the tool that swept
 * @param startedAt when the sweep started
 * @param commandLine the command, credentials masked
 * @param rounds rounds per cell, each running every variant once
 * @param seed the seed the rounds' orders were drawn from ({@code --seed} runs them again)
 * @param alternateMillis with {@code --alternate}, each variant's turn in a round's one client;
 *     null when the variants ran back to back (and in reports made before the option)
 * @param stopEarly whether a cell's rounds stopped once every verdict was decided ({@code
 *     --stop-early}): such a cell may hold fewer than {@code rounds}; null in reports made before
 *     the option
 * @param variants the variants, the first the default BASE of {@code compare}
 */
public record VariantsManifest(
    String toolVersion,
    Instant startedAt,
    List<String> commandLine,
    int rounds,
    long seed,
    Long alternateMillis,
    Boolean stopEarly,
    List<Entry> variants) {
  public static final String FILE = "variants.json";

  /** The directory of the variants' reports, in the sweep's report directory. */
  public static final String DIR = "variants";

  public VariantsManifest {
    commandLine = commandLine.stream().map(Redaction::maskUri).toList();
    variants = List.copyOf(variants);
  }

  /**
   * One variant.
   *
   * @param name its name, and its report's directory under {@code variants/}
   * @param options the options it was given, word by word; empty for the sweep's own
   * @param dataSet whose data set its cells read: its own name where it loaded one, else the
   *     variant whose it shares
   * @param copyOf with {@code --alternate}, the variant whose data set its own is a byte copy of;
   *     null where it loaded its own (and in reports made before copies)
   */
  public record Entry(String name, List<String> options, String dataSet, String copyOf) {
    public Entry {
      options = options.stream().map(Redaction::maskUri).toList();
    }
  }

  /** Where variant {@code name}'s report is, in the report directory {@code dir}. */
  public static Path variantDir(Path dir, String name) {
    return dir.resolve(DIR).resolve(name);
  }

  /** Whether {@code dir} holds a sweep of variants. */
  public static boolean in(Path dir) {
    return Files.isRegularFile(dir.resolve(FILE));
  }

  public void write(Path dir) throws IOException {
    Json.write(dir.resolve(FILE), this);
  }

  /**
   * @throws IOException naming the file when it is missing, corrupt or foreign
   */
  public static VariantsManifest read(Path dir) throws IOException {
    return Json.read(dir.resolve(FILE), VariantsManifest.class);
  }

  /** Whether a cell's rounds may have stopped before {@link #rounds}. */
  public boolean stoppedEarly() {
    return Boolean.TRUE.equals(stopEarly);
  }

  /** The names, in order. */
  public List<String> names() {
    return variants.stream().map(Entry::name).toList();
  }
}
