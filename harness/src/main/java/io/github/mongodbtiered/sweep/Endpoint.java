package io.github.mongodbtiered.sweep;

import com.mongodb.ConnectionString;
import io.github.mongodbtiered.servers.BlockDevice;
import io.github.mongodbtiered.servers.Enforcement;
import java.util.List;

/**
 * A server ready for one step of the sweep, and what is known about it.
 *
 * @param url connection string (may hold credentials: never log it unmasked)
 * @param serverPid the server's process id on this host, or null when not local
 * @param device the disk under the server's data, or null when unknown
 * @param enforcement limits read back from the kernel, or null when nothing is throttled
 * @param pageCacheDropped whether the host page cache was dropped before the server started
 * @param notes what this server means for the numbers (unthrottled, shared JVM, ...)
 */
public record Endpoint(
    String url,
    Long serverPid,
    BlockDevice device,
    Enforcement enforcement,
    boolean pageCacheDropped,
    List<String> notes) {
  public Endpoint {
    notes = List.copyOf(notes);
  }

  /** The database YCSB uses at {@code url}: the URL's own, else {@code ycsb}. */
  static String databaseOf(String url) {
    String database = new ConnectionString(url).getDatabase();
    return database == null || database.isEmpty() || database.equals("admin") ? "ycsb" : database;
  }
}
