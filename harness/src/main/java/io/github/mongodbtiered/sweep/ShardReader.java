package io.github.mongodbtiered.sweep;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.github.mongodbtiered.binding.Redaction;
import io.github.mongodbtiered.metrics.ServerIdentity;
import io.github.mongodbtiered.metrics.ShardStatus;
import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import io.github.mongodbtiered.servers.ServerUnavailableException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;

/**
 * Reads {@code serverStatus} from each shard of a sharded cluster, at the URLs the user gave with
 * {@code --shard-url}: a router has no WiredTiger cache, its shards do. The URLs may hold
 * credentials: a shard is named by its place and hosts, and a driver's message is scrubbed.
 */
final class ShardReader {
  /** Unless the URL says otherwise (serverSelectionTimeoutMS): as long as --mongodb-url's. */
  private static final long TIMEOUT_MILLIS = 10_000;

  private final List<String> urls;

  ShardReader(List<String> urls) {
    this.urls = List.copyOf(urls);
  }

  /** Each shard's status now, in the order given; a shard that fails is read as a failure. */
  List<ShardStatus> read() {
    List<ShardStatus> shards = new ArrayList<>();
    for (int i = 0; i < urls.size(); i++) {
      shards.add(read(i));
    }
    return shards;
  }

  private ShardStatus read(int i) {
    String url = urls.get(i);
    String label = "shard " + (i + 1);
    try {
      Document status = serverStatus(url);
      return new ShardStatus(
          label, hosts(url), ServerIdentity.from(status), WiredTigerCacheStats.from(status), null);
    } catch (RuntimeException e) {
      return new ShardStatus(
          label,
          hosts(url),
          null,
          WiredTigerCacheStats.from(new Document()),
          Redaction.scrub(Messages.of(e), url));
    }
  }

  /**
   * Before the sweep: the target must be a router, and each shard must answer as a data-bearing
   * server.
   *
   * @param target the {@code serverStatus} of the {@code --mongodb-url} server
   * @throws IllegalArgumentException when the target is no router, or a shard URL names one
   * @throws ServerUnavailableException when a shard does not answer
   */
  void check(Document target, String maskedTarget) {
    if (!ServerIdentity.from(target).isRouter()) {
      throw new IllegalArgumentException(
          "--shard-url: --mongodb-url "
              + maskedTarget
              + " is not a mongos (its serverStatus names process "
              + processOf(target)
              + "): its own serverStatus has the cache figures; leave out --shard-url");
    }
    List<String> seen = new ArrayList<>();
    for (String url : urls) {
      if (seen.contains(hosts(url))) {
        throw new IllegalArgumentException(
            "--shard-url "
                + Redaction.maskUri(url)
                + ": this shard is given twice; it would be counted twice in the sums");
      }
      seen.add(hosts(url));
    }
    urls.forEach(ShardReader::checkShard);
  }

  /** The shard answers, and is no router. */
  private static void checkShard(String url) {
    String where = "--shard-url " + Redaction.maskUri(url);
    Document status;
    try {
      status = serverStatus(url);
    } catch (RuntimeException e) {
      throw new ServerUnavailableException(
          where
              + ": the shard did not answer serverStatus ("
              + Redaction.scrub(Messages.of(e), url)
              + "): check the shard's host, port and credentials, or leave it out");
    }
    if (ServerIdentity.from(status).isRouter()) {
      throw new IllegalArgumentException(
          where + ": is a mongos too: give each shard's own mongod (its primary)");
    }
  }

  private static String processOf(Document status) {
    return status.get("process") instanceof String p ? p : "none";
  }

  private static Document serverStatus(String url) {
    ConnectionString cs = new ConnectionString(url);
    long timeoutMillis =
        cs.getServerSelectionTimeout() == null ? TIMEOUT_MILLIS : cs.getServerSelectionTimeout();
    MongoClientSettings settings =
        MongoClientSettings.builder()
            .applyConnectionString(cs)
            .applyToClusterSettings(
                b -> b.serverSelectionTimeout(timeoutMillis, TimeUnit.MILLISECONDS))
            .build();
    try (MongoClient client = MongoClients.create(settings)) {
      return client.getDatabase("admin").runCommand(new Document("serverStatus", 1));
    }
  }

  /** The URL's hosts, for notes: "db2:27018" (the URL itself may hold a password). */
  static String hosts(String url) {
    return String.join(",", new ConnectionString(url).getHosts());
  }
}
