package io.github.mongodbtiered.servers;

import java.nio.file.Path;
import java.util.Map;

/**
 * The labels every container the harness creates carries, so that a later run can find the
 * containers a killed run left behind ({@link OrphanContainers}).
 */
public final class ContainerLabels {
  /** {@code <pid>@<start millis>} of the harness JVM that created the container. */
  public static final String OWNER = "io.github.mongodbtiered.owner";

  /** The host data directory bound into the container, absolute and normalized. */
  public static final String DATA_DIR = "io.github.mongodbtiered.data-dir";

  /** A server's profile name, as {@link ThrottledMongoContainer} sets it. */
  static final String PROFILE = "io.github.mongodbtiered.profile";

  /** A disk probe's profile name, as {@link ProbeContainer} sets it. */
  static final String PROBE = ProbeContainer.LABEL;

  private ContainerLabels() {}

  /** The owner and data-directory labels for a container of this JVM bound to {@code dataDir}. */
  static Map<String, String> ownedBy(Path dataDir) {
    return Map.of(OWNER, ContainerOwner.currentLabel(), DATA_DIR, dataDirValue(dataDir));
  }

  /**
   * The {@link #DATA_DIR} value for {@code dataDir}: absolute and normalized, so that {@code ./d}
   * and {@code /work/d/} name one directory. Symbolic links are not resolved: a run given the
   * link's path finds what a run given the same path labelled.
   */
  static String dataDirValue(Path dataDir) {
    return dataDir.toAbsolutePath().normalize().toString();
  }
}
