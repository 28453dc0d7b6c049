package io.github.mongodbtiered.sweep;

import com.mongodb.ConnectionString;
import com.mongodb.MongoClientSettings;
import com.mongodb.MongoException;
import com.mongodb.MongoSecurityException;
import com.mongodb.MongoTimeoutException;
import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import io.github.mongodbtiered.binding.Redaction;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.servers.ServerUnavailableException;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.bson.Document;

/**
 * An existing deployment: nothing is started, restarted or throttled, so profiles are labels and
 * each cell runs on whatever the server has cached. The data set is guarded by {@link
 * DataSetMarker}: a collection the harness did not load is never dropped or overwritten unless the
 * user says so.
 */
public final class UrlTarget implements TargetServer {
  private static final long DEFAULT_TIMEOUT_MILLIS = 10_000;

  private final String url;

  UrlTarget(String url) {
    this.url = url;
  }

  /**
   * The deployment at {@code url}, once it has answered a ping: an unreachable server or a refused
   * login stops the sweep before anything else, with one line that masks the password. With shard
   * URLs, the server must be a router and each shard must answer too.
   *
   * @param source where the URL came from, as the messages name it ({@link Server#urlSource()})
   * @param shardUrls the shards' own servers ({@code --shard-url}), or empty
   * @throws ServerUnavailableException saying what failed and what to check
   * @throws IllegalArgumentException when shard URLs come with a server that is no router
   */
  public static UrlTarget connect(String url, String source, List<String> shardUrls) {
    ConnectionString cs = new ConnectionString(url);
    long timeoutMillis =
        cs.getServerSelectionTimeout() == null
            ? DEFAULT_TIMEOUT_MILLIS
            : cs.getServerSelectionTimeout();
    MongoClientSettings settings =
        MongoClientSettings.builder()
            .applyConnectionString(cs)
            .applyToClusterSettings(
                b -> b.serverSelectionTimeout(timeoutMillis, TimeUnit.MILLISECONDS))
            .build();
    String where = source + " " + Redaction.maskUri(url);
    Document status = null;
    try (MongoClient client = MongoClients.create(settings)) {
      client.getDatabase(Endpoint.databaseOf(url)).runCommand(new Document("ping", 1));
      // Only to tell a router: a user without serverStatus rights can still measure a mongod.
      status = shardUrls.isEmpty() ? null : serverStatus(client);
    } catch (MongoTimeoutException e) {
      if (String.valueOf(e.getMessage()).contains(MongoSecurityException.class.getSimpleName())) {
        throw authenticationFailed(where);
      }
      throw new ServerUnavailableException(
          where
              + ": no server answered within "
              + timeoutMillis
              + " ms: check that it is running and reachable, and the host and port in the URL");
    } catch (MongoSecurityException e) {
      throw authenticationFailed(where);
    } catch (MongoException e) {
      throw new ServerUnavailableException(
          where
              + ": the server refused a ping ("
              + Redaction.scrub(String.valueOf(e.getMessage()), url)
              + "): check the URL and the user's rights");
    }
    if (status != null) {
      new ShardReader(shardUrls).check(status, Redaction.maskUri(url));
    }
    return new UrlTarget(url);
  }

  private static Document serverStatus(MongoClient client) {
    return client.getDatabase("admin").runCommand(new Document("serverStatus", 1));
  }

  private static ServerUnavailableException authenticationFailed(String where) {
    return new ServerUnavailableException(
        where + ": authentication failed: check the user, password and authSource in the URL");
  }

  @Override
  public ServerKind kind() {
    return ServerKind.URL;
  }

  @Override
  public String image() {
    return "existing deployment at " + Redaction.maskUri(url);
  }

  @Override
  public String meaning() {
    return "url: the existing deployment at "
        + Redaction.maskUri(url)
        + ". Nothing is throttled or restarted: profiles are labels, cells start with whatever"
        + " the server has cached, and the page cache is the server's own.";
  }

  @Override
  public Endpoint startLoading() {
    return new Endpoint(url, null, null, null, false, List.of());
  }

  @Override
  public void stopLoading() {}

  @Override
  public Endpoint startCell(DiskProfile profile) {
    return new Endpoint(
        url,
        null,
        null,
        null,
        false,
        List.of(
            "existing deployment: profile "
                + profile.name()
                + " is a label, nothing throttled,"
                + " no cold restart"));
  }

  @Override
  public void stopCell() {}

  @Override
  public void close() {}
}
