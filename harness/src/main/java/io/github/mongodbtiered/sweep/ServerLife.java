package io.github.mongodbtiered.sweep;

import com.mongodb.client.MongoDatabase;
import java.util.Objects;
import org.bson.Document;

/**
 * Which server process answered, and how long it had been up, from {@code serverStatus}: read
 * before and after a measured run, it tells whether the server stayed up through the run. A server
 * that restarted (a container brought back after a crash, a storage engine reopened after a panic)
 * has a new pid or an uptime shorter than before.
 *
 * @param pid the server's process id as it reports it, or null when it does not
 * @param uptimeMillis how long it has been up, or null when it does not say
 */
record ServerLife(Long pid, Long uptimeMillis) {

  static ServerLife read(MongoDatabase db) {
    Document status = db.runCommand(new Document("serverStatus", 1));
    Long uptime = number(status.get("uptimeMillis"));
    if (uptime == null) {
      Long seconds = number(status.get("uptime"));
      uptime = seconds == null ? null : seconds * 1000;
    }
    return new ServerLife(number(status.get("pid")), uptime);
  }

  /** Why the server did not stay up from {@code before} to this reading, or null when it did. */
  String restartedSince(ServerLife before) {
    boolean newProcess = pid != null && before.pid != null && !Objects.equals(pid, before.pid);
    boolean upAgain =
        uptimeMillis != null && before.uptimeMillis != null && uptimeMillis < before.uptimeMillis;
    return newProcess || upAgain ? "the server restarted during the run" : null;
  }

  /**
   * Why the server this sweep started for the cell is gone, or null while its process lives (or
   * when it is not on this host). A killed container frees its host port, and another container may
   * take it: the client would then measure a stranger whose pid and uptime look sound.
   */
  static String processGone(Endpoint endpoint) {
    Long pid = endpoint.serverPid();
    if (pid == null || ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)) {
      return null;
    }
    return "the server's process (pid "
        + pid
        + " on this host) ended: whatever answers at its address is not this cell's server";
  }

  private static Long number(Object value) {
    return value instanceof Number n ? n.longValue() : null;
  }
}
