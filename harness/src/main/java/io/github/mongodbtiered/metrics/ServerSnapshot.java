package io.github.mongodbtiered.metrics;

import java.util.ArrayList;
import java.util.List;
import org.bson.Document;

/**
 * The counters read just before or just after a measured run; any part is null when it could not be
 * read (a server elsewhere has no /proc entry here, an unthrottled one no cgroup counters).
 *
 * @param wiredTiger the server's WiredTiger cache counters (fields null without WiredTiger)
 * @param serverIo the server process's I/O counters
 * @param device the data disk's counters
 * @param cgroupReadBytes bytes the server's cgroup read from the data disk ({@link
 *     CgroupIoStats.Reads#readBytes()})
 * @param cgroupReadOps read requests the server's cgroup issued to the data disk ({@link
 *     CgroupIoStats.Reads#readOps()})
 * @param server which server answered {@code serverStatus}; null when unknown
 * @param shards a router's shards, each read directly (the user gave their URLs); empty otherwise
 */
public record ServerSnapshot(
    WiredTigerCacheStats wiredTiger,
    ProcessIo serverIo,
    DeviceStats device,
    Long cgroupReadBytes,
    Long cgroupReadOps,
    ServerIdentity server,
    List<ShardStatus> shards) {

  public ServerSnapshot {
    shards = List.copyOf(shards);
  }

  /** A snapshot of one server, no shards read beside it. */
  public ServerSnapshot(
      WiredTigerCacheStats wiredTiger,
      ProcessIo serverIo,
      DeviceStats device,
      Long cgroupReadBytes,
      Long cgroupReadOps,
      ServerIdentity server) {
    this(wiredTiger, serverIo, device, cgroupReadBytes, cgroupReadOps, server, List.of());
  }

  /** A snapshot of a server whose identity is unknown. */
  public ServerSnapshot(
      WiredTigerCacheStats wiredTiger,
      ProcessIo serverIo,
      DeviceStats device,
      Long cgroupReadBytes,
      Long cgroupReadOps) {
    this(wiredTiger, serverIo, device, cgroupReadBytes, cgroupReadOps, null, List.of());
  }

  /** Whether a router (mongos) answered: its figures are not the data's. */
  public boolean fromRouter() {
    return server != null && server.isRouter();
  }

  /** Whether the WiredTiger figures come from shards read beside a router. */
  public boolean fromShards() {
    return !shards.isEmpty();
  }

  /**
   * The WiredTiger figures' change from {@code before}: this server's, or each shard's change added
   * up (one shard restarted in between leaves its counters, and so the sums, unknown rather than
   * hiding its reset in the others' growth).
   */
  public WiredTigerCacheStats wiredTigerSince(ServerSnapshot before) {
    if (!fromShards() && !before.fromShards()) {
      return wiredTiger.since(before.wiredTiger);
    }
    if (shards.size() != before.shards.size()) {
      return WiredTigerCacheStats.from(new Document());
    }
    List<WiredTigerCacheStats> deltas = new ArrayList<>();
    for (int i = 0; i < shards.size(); i++) {
      deltas.add(shards.get(i).wiredTiger().since(before.shards.get(i).wiredTiger()));
    }
    return WiredTigerCacheStats.sumOf(deltas);
  }
}
