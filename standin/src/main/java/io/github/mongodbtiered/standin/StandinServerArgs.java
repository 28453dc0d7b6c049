package io.github.mongodbtiered.standin;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Server options (mongod's command-line options, as given: {@code --opt=value}, or {@code --opt}
 * then {@code value}) as the stand-in takes them, for a harness that passes options to its server:
 * which the stand-in acts on, so that one it would ignore (a variant differing only by it would
 * measure nothing) is refused before any load, and their effect on an embedded stand-in. The
 * stand-in's own command line stays lenient, noting and ignoring other mongod options, as tools
 * written for mongod may start it.
 */
public final class StandinServerArgs {
  private StandinServerArgs() {}

  /**
   * The settings the stand-in acts on, a variant's to choose: every option but those saying where
   * it listens, where its data is and on which engine ({@code --bind_ip}, {@code --port}, {@code
   * --dbpath}, {@code --storageEngine}, ...), which are the harness's.
   */
  public static List<String> settings() {
    List<String> names = new ArrayList<>();
    for (StandinOption o : StandinOption.values()) {
      if (o.scope() == StandinOption.Scope.SETTING) {
        names.addAll(Arrays.asList(o.names()));
      }
    }
    return names;
  }

  /**
   * The options among {@code args} the stand-in would ignore, each as given with the value it would
   * skip with it (e.g. {@code "--setParameter=x=1"}, {@code "--slowms 50"}); empty when it acts on
   * all of them.
   *
   * @throws IllegalArgumentException when {@code args} are not options (a bare word where an option
   *     is expected) or a value is wrong, as the stand-in would refuse to start
   */
  public static List<String> notUnderstood(List<String> args) {
    List<String> ignored = new ArrayList<>();
    new StandinArguments.Reader(WiredTigerOptions.defaults()).read(args, ignored::add);
    return ignored;
  }

  /**
   * Why a stand-in given {@code args} (after the harness's own options) would not run as they say:
   * options it would ignore, options that are the harness's (where it listens, its data, its
   * engine), a wrong value, or a block compressor this WiredTiger lacks. Empty when there is no
   * such reason. Compressors are checked against this host's WiredTiger, which the stand-in image
   * is built from.
   */
  public static Optional<String> problem(List<String> args) {
    StandinArguments.Reader reader = new StandinArguments.Reader(WiredTigerOptions.defaults());
    List<String> ignored = new ArrayList<>();
    List<StandinOption> read;
    try {
      read = reader.read(args, ignored::add);
    } catch (IllegalArgumentException e) {
      return Optional.of("the stand-in would not start: " + e.getMessage());
    }
    if (reader.help) {
      ignored.add("--help");
    }
    if (!ignored.isEmpty()) {
      return Optional.of(
          "the stand-in (mongo-java-server on WiredTiger, not MongoDB) ignores "
              + String.join(", ", ignored)
              + ": a variant differing by it would measure nothing; it acts on "
              + String.join(", ", settings()));
    }
    List<String> notSettings =
        read.stream()
            .filter(o -> o.scope() == StandinOption.Scope.PLACE)
            .map(o -> o.names()[0])
            .distinct()
            .toList();
    if (!notSettings.isEmpty()) {
      return Optional.of(
          String.join(", ", notSettings)
              + ": where the stand-in listens, keeps its data and on which engine are the"
              + " harness's to choose, not a server option's");
    }
    return compressorProblem(reader.wt.blockCompressor());
  }

  private static Optional<String> compressorProblem(String compressor) {
    List<String> there = WiredTigerEngine.blockCompressors();
    if (there.contains(compressor)) {
      return Optional.empty();
    }
    return Optional.of(
        "--wiredTigerCollectionBlockCompressor "
            + compressor
            + ": this host's WiredTiger has no "
            + compressor
            + " extension, so neither has the stand-in image built here; it has "
            + String.join(", ", there));
  }

  /**
   * {@code options} with the settings {@code args} give applied in order (the embedded stand-in's
   * way to take the options a container's stand-in gets on its command line): a cache size in
   * {@code args} replaces the options'.
   *
   * @throws IllegalArgumentException with {@link #problem}'s reason, when there is one
   */
  public static WiredTigerOptions applyTo(WiredTigerOptions options, List<String> args) {
    problem(args)
        .ifPresent(
            why -> {
              throw new IllegalArgumentException(why);
            });
    StandinArguments.Reader reader = new StandinArguments.Reader(options);
    reader.read(args, ignored -> {});
    return reader.arguments().wiredTigerOptions();
  }
}
