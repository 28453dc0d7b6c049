package io.github.mongodbtiered.volumes;

import io.github.mongodbtiered.locks.DirectoryLock;
import io.github.mongodbtiered.locks.LockOwner;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The lock on a {@code --data-dir}, one file for a delayed volume and a plain directory alike
 * ({@code mongodb-tiered-volume/lock}), so two runs never share a data directory whatever their
 * {@code --latency}.
 */
final class DataDirLock {
  /** The owner file earlier versions kept beside the lock; its text is now in the lock file. */
  private static final String OLD_OWNER_FILE = "owner";

  private DataDirLock() {}

  /** "mongodb-tiered sweep ...": the JVM's main class stands for the launcher. */
  private static List<String> thisCommand() {
    List<String> words =
        new ArrayList<>(List.of(System.getProperty("sun.java.command", "").strip().split("\\s+")));
    words.set(0, "mongodb-tiered");
    return words;
  }

  /**
   * @throws IllegalArgumentException naming the holder's pid and start time when another run holds
   *     it
   */
  static DirectoryLock take(Path dataDir, Consumer<String> log) throws IOException {
    Path layer = DelayedVolume.layerOf(dataDir);
    try {
      DirectoryLock lock =
          DirectoryLock.acquire(layer.resolve("lock"), LockOwner.current(thisCommand()), log);
      Files.deleteIfExists(layer.resolve(OLD_OWNER_FILE));
      return lock;
    } catch (DirectoryLock.HeldException e) {
      throw new IllegalArgumentException(
          "--data-dir "
              + dataDir
              + ": in use by another run ("
              + e.holder()
              + "); wait for that run to end, or choose another --data-dir");
    }
  }
}
