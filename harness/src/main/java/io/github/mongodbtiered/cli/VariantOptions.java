package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.report.VariantsManifest;
import io.github.mongodbtiered.sweep.SweepOptions;
import io.github.mongodbtiered.sweep.Variant;
import io.github.mongodbtiered.sweep.Variants;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Option;

/** Variants of the sweep measured side by side, in interleaved rounds. */
final class VariantOptions {
  @Option(
      names = "--variant",
      paramLabel = "NAME=OPTIONS",
      description =
          "A variant to measure beside the others (give two or more): NAME, then the options it"
              + " changes, as one argument, e.g. --variant base= --variant"
              + " 'zstd=--server-arg=--wiredTigerCollectionBlockCompressor=zstd'. A variant may set "
              + VariantArgs.ALLOWED
              + " (KEY=VALUE of a profiles file, on every profile, e.g. --disk added-latency-ms=8);"
              + " NAME= alone is the sweep's own options. Each cell then runs --rounds rounds, each"
              + " running every variant once from a cold start in an order drawn per round; each"
              + " variant's report goes to OUT/variants/NAME, and `compare OUT` pairs their runs"
              + " by round (docs/compare.md).")
  List<String> variants = new ArrayList<>();

  @Option(
      names = "--variants-file",
      paramLabel = "FILE",
      description =
          "Variants, one NAME=OPTIONS a line (# starts a comment), for definitions too long for"
              + " the command line; beside any --variant.")
  Path variantsFile;

  @Option(
      names = "--rounds",
      paramLabel = "N",
      description =
          "With variants: rounds per cell, each running every variant once (default: "
              + Variants.DEFAULT_ROUNDS
              + ").")
  Integer rounds;

  @Option(
      names = "--alternate",
      paramLabel = "MILLIS",
      arity = "0..1",
      fallbackValue = "" + Variants.DEFAULT_SLICE_MILLIS,
      description =
          "With variants: in each round, start every variant's server at once (each on a data set"
              + " of its own: loaded for it, or a copy of an earlier variant's whose server reads"
              + " the same files) and let one client switch between them every MILLIS"
              + " (default "
              + Variants.DEFAULT_SLICE_MILLIS
              + "), each measured for --seconds in all, so the host's drift falls on all alike."
              + " The variants must share -p and --threads; their servers' memory is used at once."
              + " Without it, a round runs the variants back to back.")
  Long alternate;

  @Option(
      names = "--stop-early",
      description =
          "With variants: stop a cell's rounds before --rounds once every variant's throughput and"
              + " p99 against the first variant's are decided (faster, slower or equivalent; higher,"
              + " lower or equivalent), judged after each round from the third with intervals wider"
              + " than compare's 95%% (the early looks spend 1%% in all: docs/compare.md). Saves rounds"
              + " where a change is large; a cell that stopped says so.")
  boolean stopEarly;

  @Option(
      names = "--seed",
      paramLabel = "N",
      description =
          "With variants: the seed of the rounds' orders, to run them again in the same order"
              + " (default: the report's when it resumes one, else drawn; recorded in"
              + " variants.json).")
  Long seed;

  /**
   * The variants these options give of {@code base}, or null for a sweep without variants.
   *
   * @throws IllegalArgumentException naming the option that cannot be used, and why
   */
  Variants variants(SweepOptions base) throws IOException {
    List<String> definitions = new ArrayList<>(variants);
    if (variantsFile != null) {
      definitions.addAll(fileLines());
    }
    if (definitions.isEmpty()) {
      if (rounds != null || seed != null || alternate != null || stopEarly) {
        throw new IllegalArgumentException(
            (rounds != null
                    ? "--rounds"
                    : seed != null ? "--seed" : alternate != null ? "--alternate" : "--stop-early")
                + ": rounds are of variants; give two or more --variant (or --repeats for runs"
                + " of one sweep)");
      }
      return null;
    }
    requireVariable(base);
    int n = rounds == null ? Variants.DEFAULT_ROUNDS : rounds;
    List<Variant> all = new ArrayList<>();
    for (String d : definitions) {
      int eq = d.indexOf('=');
      if (eq < 0) {
        throw new IllegalArgumentException(
            "--variant " + d + ": give NAME=OPTIONS (NAME= alone for the sweep's own options)");
      }
      List<String> words;
      try {
        words = Words.split(d.substring(eq + 1));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "--variant " + d.substring(0, eq) + "=...: " + e.getMessage(), e);
      }
      all.add(VariantArgs.parse(d.substring(0, eq), words, base, n));
    }
    if (alternate != null) {
      if (alternate < 1) {
        // 0 is how Variants says "back to back": given here, it is a mistake, not a choice.
        throw new IllegalArgumentException(
            "--alternate " + alternate + ": give 100 to 60000 ms a turn, or leave --alternate out");
      }
      requireTimedClosedLoop(base);
    }
    return Variants.of(
            all, n, seed != null ? seed : seedOf(base.outDir()), alternate == null ? 0 : alternate)
        .withStopEarly(stopEarly);
  }

  /** What an alternating round needs of the runs: a time to give each server, no schedule. */
  private static void requireTimedClosedLoop(SweepOptions base) {
    if (base.runs().targetOpsPerSec() > 0) {
      throw new IllegalArgumentException(
          "--alternate: a --target rate would be split between the servers by their turns; drop"
              + " --target, or --alternate to run the variants back to back");
    }
    if (base.runs().operations() > 0) {
      throw new IllegalArgumentException(
          "--alternate: each server is measured for --seconds of turns, not a count of"
              + " operations; drop --operations");
    }
  }

  /**
   * The seed of a sweep resumed in {@code out} (its {@code variants.json}'s), so that the cells it
   * measures now draw their orders as the earlier ones did; a new one drawn for a new report.
   */
  private static long seedOf(Path out) throws IOException {
    if (VariantsManifest.in(out)) {
      try {
        return VariantsManifest.read(out).seed();
      } catch (IOException e) {
        throw new IllegalArgumentException(
            "--out "
                + out
                + ": its "
                + VariantsManifest.FILE
                + " cannot be read ("
                + e.getMessage()
                + "); give --seed, or another --out",
            e);
      }
    }
    return new SecureRandom().nextLong();
  }

  /** What variants need of the sweep: servers it starts cold, one client, one run a round. */
  private static void requireVariable(SweepOptions base) {
    if (base.server().mongodbUrl() != null) {
      throw new IllegalArgumentException(
          "--variant: each round starts every variant's server cold, which a deployment given by"
              + " --mongodb-url cannot; use --server docker or embedded");
    }
    if (!base.fleet().alone()) {
      throw new IllegalArgumentException(
          "--variant: a fleet's clients drive one server; measure variants from one client");
    }
    if (base.runs().repeats() != 1 || base.runs().repeatsAuto()) {
      throw new IllegalArgumentException(
          "--repeats: with --variant each round runs every variant once; give --rounds instead");
    }
  }

  private List<String> fileLines() throws IOException {
    List<String> lines;
    try {
      lines = Files.readAllLines(variantsFile, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new IllegalArgumentException("--variants-file " + variantsFile + ": no such file", e);
    }
    List<String> kept = new ArrayList<>();
    for (String line : lines) {
      String t = line.strip();
      if (!t.isEmpty() && !t.startsWith("#")) {
        kept.add(t);
      }
    }
    if (kept.isEmpty()) {
      throw new IllegalArgumentException(
          "--variants-file " + variantsFile + ": holds no NAME=OPTIONS line");
    }
    return kept;
  }
}
