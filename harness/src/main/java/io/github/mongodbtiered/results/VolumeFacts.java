package io.github.mongodbtiered.results;

import java.nio.file.Path;

/**
 * How the data volume was built, for run.json and the page's environment section.
 *
 * @param method {@code dm}, {@code nbd} or {@code off}
 * @param offReason why latency is not applied, when {@code method} is off
 * @param dataDir the directory the servers keep their data in
 * @param backingFile the sparse file that holds the volume, or null when off
 * @param sizeBytes the volume's size, or 0 when off
 * @param fileSystem {@code xfs} or {@code ext4}, or null when off
 * @param mountOptions the options the volume is mounted with, or null when off
 * @param readAheadKb the read-ahead set on the volume's device, or -1 when off
 * @param directIo whether the loop device reads its file with direct I/O (no second page cache)
 */
public record VolumeFacts(
    String method,
    String offReason,
    String dataDir,
    String backingFile,
    long sizeBytes,
    String fileSystem,
    String mountOptions,
    int readAheadKb,
    boolean directIo) {

  /** No volume: the data directory as it is. */
  public static VolumeFacts off(Path dataDir, String reason) {
    return new VolumeFacts("off", reason, dataDir.toString(), null, 0, null, null, -1, false);
  }
}
