package io.github.mongodbtiered.metrics;

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
 */
public record ServerSnapshot(
    WiredTigerCacheStats wiredTiger,
    ProcessIo serverIo,
    DeviceStats device,
    Long cgroupReadBytes,
    Long cgroupReadOps,
    ServerIdentity server) {

  /** A snapshot of a server whose identity is unknown. */
  public ServerSnapshot(
      WiredTigerCacheStats wiredTiger,
      ProcessIo serverIo,
      DeviceStats device,
      Long cgroupReadBytes,
      Long cgroupReadOps) {
    this(wiredTiger, serverIo, device, cgroupReadBytes, cgroupReadOps, null);
  }

  /** Whether a router (mongos) answered: its figures are not the data's. */
  public boolean fromRouter() {
    return server != null && server.isRouter();
  }
}
