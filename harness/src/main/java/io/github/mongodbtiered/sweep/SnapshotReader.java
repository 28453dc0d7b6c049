package io.github.mongodbtiered.sweep;

import com.mongodb.client.MongoDatabase;
import io.github.mongodbtiered.metrics.CgroupIoStats;
import io.github.mongodbtiered.metrics.DeviceStats;
import io.github.mongodbtiered.metrics.ProcessIo;
import io.github.mongodbtiered.metrics.ServerIdentity;
import io.github.mongodbtiered.metrics.ServerSnapshot;
import io.github.mongodbtiered.metrics.WiredTigerCacheStats;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;

/**
 * Reads a cell server's counters: {@code serverStatus}, and where the server runs on this host its
 * process's I/O, its cgroup's device reads (when throttled) and the data disk's counters. What
 * cannot be read is null in the snapshot, never a failed cell.
 */
final class SnapshotReader {
  private final Endpoint endpoint;
  private final ShardReader shards;

  /**
   * @param shards a router's shards to read beside it (the cell's {@code --shard-url}s), else none
   */
  SnapshotReader(Endpoint endpoint, ShardReader shards) {
    this.endpoint = endpoint;
    this.shards = shards;
  }

  SnapshotReader(Endpoint endpoint) {
    this(endpoint, new ShardReader(List.of()));
  }

  ServerSnapshot read(MongoDatabase db) {
    Document status = db.runCommand(new Document("serverStatus", 1));
    CgroupIoStats.Reads reads = cgroupReads();
    return new ServerSnapshot(
        WiredTigerCacheStats.from(status),
        processIo(),
        device(),
        reads.readBytes(),
        reads.readOps(),
        ServerIdentity.from(status),
        shards.read());
  }

  private ProcessIo processIo() {
    if (endpoint.serverPid() == null) {
      return null;
    }
    try {
      return ProcessIo.read(Path.of("/proc", endpoint.serverPid().toString(), "io"));
    } catch (IOException | RuntimeException e) {
      return null; // another user's process, or gone
    }
  }

  /** Read requests the server's cgroup has issued to the data disk so far, or null if unknown. */
  Long cgroupReadOps() {
    return cgroupReads().readOps();
  }

  /** Reads and writes the server's cgroup has issued to the data disk so far; nulls if unknown. */
  CgroupIoStats.Io cgroupIo() {
    if (!cgroupKnown()) {
      return new CgroupIoStats.Io(null, null);
    }
    return new CgroupIoStats().total(endpoint.serverPid(), endpoint.device().majorMinor());
  }

  private CgroupIoStats.Reads cgroupReads() {
    if (!cgroupKnown()) {
      return new CgroupIoStats.Reads(null, null);
    }
    return new CgroupIoStats().read(endpoint.serverPid(), endpoint.device().majorMinor());
  }

  /** Whether the server runs in a container of this host whose data disk is known. */
  private boolean cgroupKnown() {
    return endpoint.serverPid() != null
        && endpoint.enforcement() != null
        && endpoint.device() != null;
  }

  private DeviceStats device() {
    if (endpoint.device() == null) {
      return null;
    }
    try {
      return DeviceStats.read(
          Path.of("/proc/diskstats"), endpoint.device().path().substring("/dev/".length()));
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }
}
