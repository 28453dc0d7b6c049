package io.github.mongodbtiered.metrics;

import org.bson.Document;

/**
 * Which server answered {@code serverStatus}: its version and process, for notes that name the
 * version whose statistics were missing, and to tell a router from a data-bearing server.
 *
 * @param version {@code serverStatus.version}, e.g. "8.0.17"; null when not reported
 * @param process {@code serverStatus.process}: "mongod", or "mongos" for a sharded cluster's router
 */
public record ServerIdentity(String version, String process) {

  /** The identity in a {@code serverStatus} reply; missing fields are null. */
  public static ServerIdentity from(Document serverStatus) {
    return new ServerIdentity(
        serverStatus.get("version") instanceof String v ? v : null,
        serverStatus.get("process") instanceof String p ? p : null);
  }

  /**
   * A mongos: it stores nothing, its {@code serverStatus} has no {@code wiredTiger} section, and
   * its process's reads are not the data's.
   */
  public boolean isRouter() {
    // Some platforms report a path or an extension ("mongos.exe"); the name is what matters.
    return process != null && process.replace('\\', '/').replaceAll(".*/", "").startsWith("mongos");
  }

  /** "server 8.0.17", or "server of unreported version", for notes. */
  public String label() {
    return version == null ? "server of unreported version" : "server " + version;
  }
}
