package io.github.mongodbtiered.metrics;

/**
 * One shard's {@code serverStatus}, read directly from the shard (its URL given by the user) since
 * a router has no WiredTiger cache of its own.
 *
 * @param label how notes name the shard: "shard 2", its place among the URLs given
 * @param hosts the hosts of its URL, e.g. "db2:27018" (never the URL: it may hold credentials)
 * @param server which server answered; null when it did not
 * @param wiredTiger its cache figures (all null when it did not answer)
 * @param failure why it could not be read, or null when it was
 */
public record ShardStatus(
    String label,
    String hosts,
    ServerIdentity server,
    WiredTigerCacheStats wiredTiger,
    String failure) {

  /** "shard 2 (db2:27018, server 8.0.17)", for notes. */
  public String who() {
    return label + " (" + hosts + (server == null ? "" : ", " + server.label()) + ")";
  }
}
