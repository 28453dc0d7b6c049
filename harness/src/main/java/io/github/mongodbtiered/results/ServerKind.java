package io.github.mongodbtiered.results;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * What served a sweep's cells: the report's "server" column, and what that server can do ({@link
 * Capability}), declared once per kind so that a saved cell or run.json answers the same questions
 * as the sweep that wrote it.
 */
public enum ServerKind {
  /** The server image in a container per cell, limited by the profile. */
  DOCKER(
      "docker",
      Capability.LIMITS_DISK,
      Capability.LIMITS_MEMORY,
      Capability.STARTS_SERVERS,
      Capability.DATA_ON_THIS_HOST),
  /** The user's deployment, reached by {@code --mongodb-url}; profiles are labels. */
  URL("url"),
  /** The stand-in server inside the harness's JVM; not MongoDB. */
  EMBEDDED(
      "embedded", Capability.STARTS_SERVERS, Capability.IN_THIS_JVM, Capability.DATA_ON_THIS_HOST);

  /** What a kind of server can do, or is, that the sweep and the reports ask about. */
  public enum Capability {
    /** The profile's IOPS and bandwidth limits hold on the server's data disk (its cgroup). */
    LIMITS_DISK,
    /** The profile's memory is the server's memory limit, its page cache included (its cgroup). */
    LIMITS_MEMORY,
    /**
     * The sweep starts the servers itself: one to load the data set, then one per cell on it, cold,
     * under the cell's profile. They are its own, to configure, tune for loading and compact.
     */
    STARTS_SERVERS,
    /**
     * The server runs inside the harness's JVM: its memory and page cache are the host's, shared
     * with the client, and its console is the user's.
     */
    IN_THIS_JVM,
    /** The server's data directory is on this host: its files can be read and its disk measured. */
    DATA_ON_THIS_HOST
  }

  private final String id;
  private final Set<Capability> capabilities;

  ServerKind(String id, Capability... capabilities) {
    this.id = id;
    EnumSet<Capability> set = EnumSet.noneOf(Capability.class);
    Collections.addAll(set, capabilities);
    this.capabilities = Collections.unmodifiableSet(set);
  }

  @JsonValue
  public String id() {
    return id;
  }

  /** What this kind of server can do. */
  public Set<Capability> capabilities() {
    return capabilities;
  }

  public boolean has(Capability capability) {
    return capabilities.contains(capability);
  }

  /**
   * Whether the profile's memory is known not to be the server's: the sweep starts the server but
   * not under that limit, so its memory is the host's and a tier predicted from the profile's says
   * nothing about the cell. A user's deployment is taken to be what its profile describes.
   */
  public boolean memoryIsOnlyALabel() {
    return has(Capability.STARTS_SERVERS) && !has(Capability.LIMITS_MEMORY);
  }

  /**
   * Whether the profile's IOPS and bandwidth are known not to be the disk's: the sweep starts the
   * server but does not limit its disk, so the cells ran on this host's disk with the profile's
   * added latency alone. A user's deployment is taken to be what its profile describes.
   */
  public boolean diskLimitsAreOnlyLabels() {
    return has(Capability.STARTS_SERVERS) && !has(Capability.LIMITS_DISK);
  }

  @JsonCreator
  public static ServerKind fromId(String id) {
    return Ids.find(values(), ServerKind::id, id, "server kind");
  }
}
