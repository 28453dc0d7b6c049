package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.binding.BindingOptions;
import io.github.mongodbtiered.binding.Redaction;
import io.github.mongodbtiered.sweep.Server;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.Option;

/** Which server the sweep measures, and where a server it starts keeps its data. */
final class ServerOptions {
  /** What --server takes; a URL is chosen by --mongodb-url. */
  enum Kind {
    AUTO,
    DOCKER,
    EMBEDDED;

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }

    static final class Converter extends Choice<Kind> {
      Converter() {
        super(Kind.class);
      }
    }
  }

  @Option(
      names = "--server",
      paramLabel = "KIND",
      converter = Kind.Converter.class,
      description =
          "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}: --mongodb-url if given, else"
              + " Docker when usable, else the embedded stand-in).")
  Kind kind;

  /** Where a pod gets the URL from its Secret: never on a command line, in a manifest or a log. */
  static final String URL_VARIABLE = "MONGODB_URL";

  @Option(
      names = "--mongodb-url",
      paramLabel = "URL",
      description =
          "Measure an existing deployment: nothing is throttled, profiles are labels (default:"
              + " $"
              + URL_VARIABLE
              + " when set and --server is not given, so that credentials stay off the command"
              + " line).")
  String mongodbUrl;

  /** Where {@link #mongodbUrl} came from, as messages name it. */
  private String urlSource = Server.URL_OPTION;

  @Option(
      names = "--shard-url",
      paramLabel = "URL",
      description =
          "With --mongodb-url to a mongos: a shard's own server (its primary), read for the"
              + " WiredTiger cache figures a router lacks, added up over the shards; repeat per"
              + " shard.")
  List<String> shardUrls = new ArrayList<>();

  @Option(
      names = "--image",
      paramLabel = "IMAGE",
      description = "Server image for --server docker (default: ${DEFAULT-VALUE}).")
  String image;

  @Option(
      names = "--server-arg",
      paramLabel = "ARG",
      description =
          "An option for the servers the sweep starts, passed to mongod as given (repeat per"
              + " option), e.g. --server-arg=--wiredTigerCollectionBlockCompressor=zstd or"
              + " --server-arg=--setParameter=wiredTigerConcurrentReadTransactions=64. A cache size"
              + " (--wiredTigerCacheSizeGB) replaces the profile's. The embedded stand-in and its"
              + " image take the options docs/standin.md lists and refuse the others; a mongod that"
              + " refuses one fails before anything is loaded.")
  List<String> serverArgs = new ArrayList<>();

  @Option(
      names = "--standin-extra-cost",
      paramLabel = "MICROS",
      converter = Counts.ExtraCost.class,
      description =
          "The stand-in (embedded, or its image) spends this much CPU time on every operation"
              + " besides its own work: a server slower by a known amount, to test a comparison"
              + " against (docs/compare.md). Not for MongoDB images (default: 0).")
  int standinExtraCostMicros;

  @Option(
      names = "--data-dir",
      paramLabel = "DIR",
      description =
          "Where docker and embedded servers keep data; its disk is the one throttled"
              + " (default: OUT/data).")
  Path dataDir;

  /**
   * The server these options give; its data directory by default {@code out}/data.
   *
   * @param environment the process's ({@link System#getenv()}): a URL in {@code MONGODB_URL} stands
   *     in for {@code --mongodb-url} when no --server is given
   * @throws IllegalArgumentException naming the option whose value cannot be used, without a URL's
   *     credentials
   */
  Server server(Path out, Map<String, String> environment) {
    Server.Choice choice = choice(environment);
    return new Server(
        choice,
        mongodbUrl,
        urlSource,
        shardUrls(),
        image,
        dataDir(out),
        List.copyOf(serverArgs),
        standinExtraCostMicros);
  }

  /** --server, or URL with --mongodb-url, which leaves no other choice. */
  private Server.Choice choice(Map<String, String> environment) {
    if (mongodbUrl == null && kind == Kind.AUTO) {
      String fromEnvironment = environment.get(URL_VARIABLE);
      mongodbUrl = fromEnvironment == null || fromEnvironment.isBlank() ? null : fromEnvironment;
      urlSource = mongodbUrl == null ? Server.URL_OPTION : "$" + URL_VARIABLE;
    }
    if (mongodbUrl == null) {
      return Server.Choice.valueOf(kind.name());
    }
    if (kind != Kind.AUTO) {
      throw new IllegalArgumentException(
          "--mongodb-url measures an existing deployment: leave out --server " + kind);
    }
    if (!mongodbUrl.startsWith("mongodb://") && !mongodbUrl.startsWith("mongodb+srv://")) {
      throw new IllegalArgumentException(
          urlSource + " " + shown(mongodbUrl) + ": expected mongodb://host:port/db");
    }
    // Now, naming the option, rather than as the driver's bare words once the sweep connects.
    BindingOptions.parseUrl(urlSource, mongodbUrl);
    return Server.Choice.URL;
  }

  /**
   * The --shard-url values, each checked as a URL.
   *
   * @throws IllegalArgumentException naming the option, without the URL's credentials
   */
  private List<String> shardUrls() {
    for (String url : shardUrls) {
      if (!url.startsWith("mongodb://") && !url.startsWith("mongodb+srv://")) {
        throw new IllegalArgumentException(
            "--shard-url " + shown(url) + ": expected mongodb://host:port");
      }
      BindingOptions.parseUrl("--shard-url", url);
    }
    return List.copyOf(shardUrls);
  }

  /**
   * A value given as a URL, as an error may quote it: masked, and not at all without a scheme
   * ("u:pw@h/db"), where the masking cannot tell the password.
   */
  private static String shown(String url) {
    return url.contains("://") ? Redaction.maskUri(url) : "(a value without a scheme)";
  }

  /** --data-dir, by default {@code out}/data, absolute. */
  private Path dataDir(Path out) {
    return (dataDir != null ? dataDir : out.resolve("data")).toAbsolutePath();
  }
}
