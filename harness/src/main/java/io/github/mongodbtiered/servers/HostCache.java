package io.github.mongodbtiered.servers;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/** Emptying the host's page cache, so that a measurement starts cold. Needs root on the host. */
public final class HostCache {
  private static final Path DROP_CACHES = Path.of("/proc/sys/vm/drop_caches");

  private HostCache() {}

  /**
   * What a drop attempt did.
   *
   * @param dropped true when the kernel accepted the request
   * @param note why not, when it did not
   */
  public record Drop(boolean dropped, String note) {}

  /**
   * Why the page cache cannot be dropped here, or empty when it can: asks the kernel whether this
   * process may write {@code drop_caches} (root, and /proc/sys not mounted read-only), without
   * writing it: a check must not empty the host's cache.
   */
  public static String dropUnavailableReason() {
    if (!Files.exists(DROP_CACHES)) {
      return DROP_CACHES + " does not exist (not Linux?)";
    }
    return Files.isWritable(DROP_CACHES)
        ? ""
        : "could not write " + DROP_CACHES + " (needs root on the host)";
  }

  /**
   * {@code earlier}, the drop that already emptied the cache for this start (that of a round's
   * first server, {@code sweep --alternate}), or, where there was none, a {@link #drop} now.
   */
  public static Drop dropUnless(Drop earlier) {
    return earlier != null ? earlier : drop();
  }

  /** Writes dirty pages back ({@code sync}), then drops clean page cache, dentries and inodes. */
  public static Drop drop() {
    try {
      Process sync = new ProcessBuilder("sync").inheritIO().start();
      if (!sync.waitFor(120, TimeUnit.SECONDS)) {
        sync.destroyForcibly();
        return new Drop(false, "sync did not finish in 120 s");
      }
      Files.writeString(DROP_CACHES, "3");
      return new Drop(true, "");
    } catch (IOException e) {
      return new Drop(
          false, "could not write " + DROP_CACHES + " (needs root on the host): " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return new Drop(false, "interrupted");
    }
  }
}
