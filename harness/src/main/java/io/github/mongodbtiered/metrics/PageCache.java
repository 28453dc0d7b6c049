package io.github.mongodbtiered.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The page cache a server's memory cgroup holds now: {@code cache} in cgroup v1's {@code
 * memory.stat}, {@code file} in v2's. A container's file pages are charged to its cgroup, so under
 * a memory limit this is the filesystem cache its data can have; it grows while the cell's reads
 * still bring file pages in, which a disk-bound warm-up does at the disk's steady pace.
 */
public final class PageCache {
  private PageCache() {}

  /**
   * Bytes of page cache charged to the memory cgroup of host process {@code pid}, or null when that
   * cannot be read (the server is not a local process, no memory cgroup).
   */
  public static Long bytesOf(long pid) {
    try {
      CgroupDirs dirs = CgroupDirs.of(pid);
      if (dirs.memory() != null) {
        return stat(dirs.memory().resolve("memory.stat"), "cache");
      }
      return dirs.unified() == null ? null : stat(dirs.unified().resolve("memory.stat"), "file");
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  /** The value of {@code key} in a "key value" per line file, or null when it has none. */
  static Long stat(Path file, String key) throws IOException {
    for (String line : Files.readAllLines(file)) {
      int space = line.indexOf(' ');
      if (space > 0 && line.substring(0, space).equals(key)) {
        return Long.parseLong(line.substring(space + 1).trim());
      }
    }
    return null;
  }
}
