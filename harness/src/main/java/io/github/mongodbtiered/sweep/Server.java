package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.binding.Redaction;
import io.github.mongodbtiered.servers.ServerImages;
import java.nio.file.Path;
import java.util.List;

/**
 * Which server the sweep measures, and where a server it starts keeps its data.
 *
 * @param choice where the server comes from ({@code --server}, or URL with {@code --mongodb-url})
 * @param mongodbUrl an existing deployment (choice URL), else null; may hold credentials: never
 *     print it
 * @param urlSource where {@code mongodbUrl} came from, as messages name it: {@code --mongodb-url},
 *     or {@code $MONGODB_URL} when the environment gave it
 * @param shardUrls the shards' URLs ({@code --shard-url}) of the cluster whose router is {@code
 *     mongodbUrl}, in the order given; empty for none; may hold credentials
 * @param image the server image for docker ({@code --image})
 * @param dataDir where docker and embedded servers keep their data ({@code --data-dir}); null until
 *     {@link SweepOptions} resolves it to the report directory's {@code data}
 * @param args the server's own options beyond what the profile sets, passed to the servers the
 *     sweep starts as given ({@code --server-arg}); a cache size among them replaces the profile's
 * @param standinExtraCostMicros CPU time the stand-in spends on every operation besides its own
 *     work ({@code --standin-extra-cost}), a known slowdown to test against; 0 for none
 */
public record Server(
    Choice choice,
    String mongodbUrl,
    String urlSource,
    List<String> shardUrls,
    String image,
    Path dataDir,
    List<String> args,
    int standinExtraCostMicros) {
  /** The stand-in's own spelling of {@link #standinExtraCostMicros} on its command line. */
  public static final String EXTRA_COST_OPTION = "--standinExtraCostMicros";

  /** The option that gives {@link #mongodbUrl}, and its source unless the environment gave it. */
  public static final String URL_OPTION = "--mongodb-url";

  /** Where the server comes from. */
  public enum Choice {
    AUTO,
    DOCKER,
    EMBEDDED,
    URL
  }

  public Server {
    shardUrls = List.copyOf(shardUrls);
    args = List.copyOf(args);
  }

  /** Docker when usable, else embedded, on {@link ServerImages#DEFAULT_SERVER_IMAGE}. */
  public static Server defaults() {
    return new Server(
        Choice.AUTO,
        null,
        URL_OPTION,
        List.of(),
        ServerImages.DEFAULT_SERVER_IMAGE,
        null,
        List.of(),
        0);
  }

  /**
   * @throws IllegalArgumentException naming the option whose value cannot be used
   */
  void check() {
    if (!shardUrls.isEmpty() && mongodbUrl == null) {
      throw new IllegalArgumentException(
          "--shard-url reads a sharded cluster's shards: give its mongos with " + URL_OPTION);
    }
    if (mongodbUrl != null && !args.isEmpty()) {
      throw new IllegalArgumentException(
          "--server-arg: a deployment given by "
              + urlSource
              + " runs with its own options; give"
              + " --server-arg to servers the sweep starts (--server docker or embedded)");
    }
    if (standinExtraCostMicros < 0 || standinExtraCostMicros > 1_000_000) {
      throw new IllegalArgumentException(
          "--standin-extra-cost: give microseconds from 0 to 1000000 of CPU time per operation");
    }
    if (mongodbUrl != null && standinExtraCostMicros > 0) {
      throw new IllegalArgumentException(
          "--standin-extra-cost is a setting of the stand-in the sweep starts, not of a deployment"
              + " given by "
              + urlSource);
    }
  }

  /**
   * The options the sweep's servers start with beyond the profile's: {@link #args}, and the
   * stand-in's extra cost when there is one.
   */
  public List<String> commandArgs() {
    if (standinExtraCostMicros == 0) {
      return args;
    }
    List<String> all = new java.util.ArrayList<>(args);
    all.add(EXTRA_COST_OPTION + "=" + standinExtraCostMicros);
    return List.copyOf(all);
  }

  /** Where this host keeps the server's data; null for a deployment given by URL. */
  public Path localDataDir() {
    return mongodbUrl == null ? dataDir : null;
  }

  public Server withChoice(Choice c) {
    return new Server(
        c, mongodbUrl, urlSource, shardUrls, image, dataDir, args, standinExtraCostMicros);
  }

  /** The deployment at {@code url}: choice URL. */
  public Server withUrl(String url) {
    return new Server(
        Choice.URL, url, URL_OPTION, shardUrls, image, dataDir, args, standinExtraCostMicros);
  }

  public Server withShardUrls(List<String> urls) {
    return new Server(
        choice, mongodbUrl, urlSource, urls, image, dataDir, args, standinExtraCostMicros);
  }

  public Server withImage(String name) {
    return new Server(
        choice, mongodbUrl, urlSource, shardUrls, name, dataDir, args, standinExtraCostMicros);
  }

  public Server withDataDir(Path dir) {
    return new Server(
        choice, mongodbUrl, urlSource, shardUrls, image, dir, args, standinExtraCostMicros);
  }

  public Server withArgs(List<String> serverArgs) {
    return new Server(
        choice,
        mongodbUrl,
        urlSource,
        shardUrls,
        image,
        dataDir,
        serverArgs,
        standinExtraCostMicros);
  }

  public Server withStandinExtraCostMicros(int micros) {
    return new Server(choice, mongodbUrl, urlSource, shardUrls, image, dataDir, args, micros);
  }

  /** The URLs' credentials masked (this string may reach a log). */
  @Override
  public String toString() {
    return "Server[choice="
        + choice
        + ", mongodbUrl="
        + Redaction.maskUri(mongodbUrl)
        + ", shardUrls="
        + shardUrls.stream().map(Redaction::maskUri).toList()
        + ", image="
        + image
        + ", dataDir="
        + dataDir
        + ", args="
        + args
        + ", standinExtraCostMicros="
        + standinExtraCostMicros
        + "]";
  }
}
