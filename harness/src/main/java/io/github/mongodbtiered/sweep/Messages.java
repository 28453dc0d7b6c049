package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.binding.Redaction;
import io.github.mongodbtiered.profiles.Sizes;
import io.github.mongodbtiered.servers.ServerUnavailableException;
import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** What the sweep says of a failure: one line, credentials masked. */
final class Messages {
  /** Below this much room a server start can fail for want of space (journal, checkpoint files). */
  static final long NEARLY_FULL_BYTES = 64L << 20;

  private Messages() {}

  static String of(Exception e) {
    String m = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
    return Redaction.scrub(m, null);
  }

  /**
   * Why a server did not start, naming a nearly full file system under the data directory: a
   * storage engine that cannot write says only that it panicked, never that the disk is full.
   */
  static String serverStart(String what, Exception e, Path dataDir) {
    return what + ": " + of(e) + fullDiskHint(dataDir);
  }

  /**
   * Starts the server for loading; a failure says what the server was started for.
   *
   * @throws ServerUnavailableException when it does not start
   */
  static Endpoint startLoading(TargetServer server, String purpose, Path localDataDir) {
    try {
      return server.startLoading();
    } catch (Exception ex) {
      throw new ServerUnavailableException(
          serverStart("could not start the server " + purpose, ex, localDataDir), ex);
    }
  }

  /**
   * Why a cell failed, naming a full file system under the data directory: a load or run that fills
   * it fails as "N of M records failed", the storage engine's "No space left on device" only in its
   * own log.
   */
  static String cellFailure(Exception e, Path localDataDir) {
    return of(e) + noSpaceLeft(localDataDir);
  }

  /**
   * "; no space left on device: ..." when the file system holding {@code dataDir} is full (less
   * free than {@link #NEARLY_FULL_BYTES} and than a tenth of its size), else empty.
   */
  static String noSpaceLeft(Path dataDir) {
    FileStore store = storeOf(dataDir);
    if (store == null) {
      return "";
    }
    try {
      long free = store.getUsableSpace();
      if (free >= NEARLY_FULL_BYTES || free >= store.getTotalSpace() / 10) {
        return "";
      }
      return String.format(
          Locale.ROOT,
          "; no space left on device: the file system holding %s has %s free of %s: free space"
              + " there, or choose another --data-dir",
          dataDir,
          Sizes.format(free),
          Sizes.format(store.getTotalSpace()));
    } catch (IOException e) {
      return "";
    }
  }

  /** The file store of {@code dir} or of its nearest existing parent; null when none. */
  private static FileStore storeOf(Path dir) {
    if (dir == null) {
      return null;
    }
    Path existing = dir.toAbsolutePath();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    try {
      return existing == null ? null : Files.getFileStore(existing);
    } catch (IOException e) {
      return null;
    }
  }

  /** "; the file system holding DIR has only N free: ..." or empty when it has room. */
  static String fullDiskHint(Path dataDir) {
    if (dataDir == null) {
      return "";
    }
    Path existing = dataDir.toAbsolutePath();
    while (existing != null && !Files.exists(existing)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return "";
    }
    long free;
    try {
      free = Files.getFileStore(existing).getUsableSpace();
    } catch (IOException e) {
      return "";
    }
    if (free >= NEARLY_FULL_BYTES) {
      return "";
    }
    return String.format(
        Locale.ROOT,
        "; the file system holding %s has only %s free: free space there, or choose another"
            + " --data-dir",
        dataDir,
        Sizes.format(free));
  }
}
