package io.github.mongodbtiered.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.github.mongodbtiered.metrics.PageCache;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given a server process in a memory cgroup of its own (as a container's), when its data files are
 * filled into the page cache, then the pages are charged to that cgroup, not to the harness's.
 */
class PageCacheFillCgroupTest {
  private static final Path MEMORY = Path.of("/sys/fs/cgroup/memory");

  @Test
  void theFilesPagesAreChargedToTheServersMemoryCgroup(@TempDir Path db) throws Exception {
    assumeTrue(Files.isWritable(MEMORY), "needs root and cgroup v1's memory controller: " + MEMORY);
    // Written past the page cache, so that the fill's reads are what brings the pages in.
    Path file = db.resolve("collection-0-1.wt");
    run("dd", "if=/dev/zero", "of=" + file, "bs=1M", "count=48", "oflag=direct", "status=none");
    Path group =
        Files.createDirectory(
            MEMORY.resolve("mongodb-tiered-test-" + ProcessHandle.current().pid()));
    Process server = new ProcessBuilder("sleep", "300").start();
    try {
      Files.writeString(group.resolve("cgroup.procs"), Long.toString(server.pid()));
      long before = PageCache.bytesOf(server.pid());

      PageCacheFill.Outcome o = PageCacheFill.run(db, server.pid());

      assertNull(o.skipped());
      assertEquals(48L << 20, o.bytes());
      long grew = PageCache.bytesOf(server.pid()) - before;
      assertTrue(grew >= 44L << 20, "page cache charged to the server's cgroup grew by " + grew);
    } finally {
      server.destroyForcibly().waitFor();
      // The cgroup's cached pages move to its parent when it is removed; it must be empty first.
      Files.writeString(group.resolve("memory.force_empty"), "0");
      Files.delete(group);
    }
  }

  private static void run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).inheritIO().start();
    assertEquals(0, p.waitFor(), String.join(" ", command));
  }
}
