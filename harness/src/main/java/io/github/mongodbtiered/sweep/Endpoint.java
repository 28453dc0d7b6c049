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
 * @param latencyApplied whether the profile's added latency is in the server's I/O path
 * @param latencyMethod how: {@code dm} or {@code nbd}; empty when it is not
 * @param continuedFrom the profile of the cell whose server this one goes on with ({@link
 *     TargetServer#continueCell}), its caches as that cell left them; empty after a cold start
 */
public record Endpoint(
    String url,
    Long serverPid,
    BlockDevice device,
    Enforcement enforcement,
    boolean pageCacheDropped,
    List<String> notes,
    boolean latencyApplied,
    String latencyMethod,
    String continuedFrom) {
  public Endpoint {
    notes = List.copyOf(notes);
    latencyMethod = latencyMethod == null ? "" : latencyMethod;
    continuedFrom = continuedFrom == null ? "" : continuedFrom;
  }

  /** A server started for its cell. */
  public Endpoint(
      String url,
      Long serverPid,
      BlockDevice device,
      Enforcement enforcement,
      boolean pageCacheDropped,
      List<String> notes,
      boolean latencyApplied,
      String latencyMethod) {
    this(
        url,
        serverPid,
        device,
        enforcement,
        pageCacheDropped,
        notes,
        latencyApplied,
        latencyMethod,
        "");
  }

  /** Whether this server goes on from the cell before, with caches already warm. */
  public boolean continued() {
    return !continuedFrom.isEmpty();
  }

  /** A server with no added latency in its path (a deployment elsewhere, or none asked). */
  public Endpoint(
      String url,
      Long serverPid,
      BlockDevice device,
      Enforcement enforcement,
      boolean pageCacheDropped,
      List<String> notes) {
    this(url, serverPid, device, enforcement, pageCacheDropped, notes, false, "");
  }

  /** This endpoint with {@code more} notes. */
  Endpoint withNotes(List<String> more) {
    List<String> all = new java.util.ArrayList<>(notes);
    all.addAll(more);
    return new Endpoint(
        url,
        serverPid,
        device,
        enforcement,
        pageCacheDropped,
        all,
        latencyApplied,
        latencyMethod,
        continuedFrom);
  }

  /** The database YCSB uses at {@code url}: the URL's own, else {@code ycsb}. */
  public static String databaseOf(String url) {
    String database = new ConnectionString(url).getDatabase();
    return database == null || database.isEmpty() || database.equals("admin") ? "ycsb" : database;
  }
}
