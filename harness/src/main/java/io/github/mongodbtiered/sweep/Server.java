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
 * @param shardUrls the shards' URLs ({@code --shard-url}) of the cluster whose router is {@code
 *     mongodbUrl}, in the order given; empty for none; may hold credentials
 * @param image the server image for docker ({@code --image})
 * @param dataDir where docker and embedded servers keep their data ({@code --data-dir}); null until
 *     {@link SweepOptions} resolves it to the report directory's {@code data}
 */
public record Server(
    Choice choice, String mongodbUrl, List<String> shardUrls, String image, Path dataDir) {
  /** Where the server comes from. */
  public enum Choice {
    AUTO,
    DOCKER,
    EMBEDDED,
    URL
  }

  public Server {
    shardUrls = List.copyOf(shardUrls);
  }

  /** Docker when usable, else embedded, on {@link ServerImages#DEFAULT_SERVER_IMAGE}. */
  public static Server defaults() {
    return new Server(Choice.AUTO, null, List.of(), ServerImages.DEFAULT_SERVER_IMAGE, null);
  }

  /**
   * @throws IllegalArgumentException naming the option whose value cannot be used
   */
  void check() {
    if (!shardUrls.isEmpty() && mongodbUrl == null) {
      throw new IllegalArgumentException(
          "--shard-url reads a sharded cluster's shards: give its mongos with --mongodb-url");
    }
  }

  /** Where this host keeps the server's data; null for a deployment given by URL. */
  public Path localDataDir() {
    return mongodbUrl == null ? dataDir : null;
  }

  public Server withChoice(Choice c) {
    return new Server(c, mongodbUrl, shardUrls, image, dataDir);
  }

  /** The deployment at {@code url}: choice URL. */
  public Server withUrl(String url) {
    return new Server(Choice.URL, url, shardUrls, image, dataDir);
  }

  public Server withShardUrls(List<String> urls) {
    return new Server(choice, mongodbUrl, urls, image, dataDir);
  }

  public Server withImage(String name) {
    return new Server(choice, mongodbUrl, shardUrls, name, dataDir);
  }

  public Server withDataDir(Path dir) {
    return new Server(choice, mongodbUrl, shardUrls, image, dir);
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
        + "]";
  }
}
