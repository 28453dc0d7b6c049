package io.github.mongodbtiered.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PageCacheFillTest {

  @Test
  void readsTheTablesThenTheIndexesAndNeverTheJournal(@TempDir Path db) throws Exception {
    Files.createDirectories(db.resolve("journal"));
    Files.createDirectories(db.resolve("diagnostic.data"));
    Files.createDirectories(db.resolve("bench"));
    for (String f :
        List.of(
            "index-1-42.wt",
            "collection-0-42.wt",
            "WiredTiger.wt",
            "WiredTiger.turtle",
            "mongod.lock",
            "journal/WiredTigerLog.0000000001",
            "diagnostic.data/metrics.2026",
            "bench/collection-7-42.wt")) {
      Files.writeString(db.resolve(f), "x");
    }
    assertEquals(
        List.of("WiredTiger.wt", "bench/collection-7-42.wt", "collection-0-42.wt", "index-1-42.wt"),
        PageCacheFill.dataFiles(db).stream().map(p -> db.relativize(p).toString()).toList());
  }

  @Test
  void theDataBytesAreTheFilesAFillWouldReadAndUnknownWithoutADirectory(@TempDir Path db)
      throws Exception {
    Files.createDirectories(db.resolve("journal"));
    Files.write(db.resolve("collection-0-42.wt"), new byte[3000]);
    Files.write(db.resolve("index-1-42.wt"), new byte[500]);
    Files.write(db.resolve("journal/WiredTigerLog.0000000001"), new byte[100_000]);
    assertEquals(3500L, PageCacheFill.dataBytes(db));
    assertNull(PageCacheFill.dataBytes(null));
    assertNull(PageCacheFill.dataBytes(db.resolve("gone")));
  }

  @Test
  void aProcessWithoutCgroupsIsSkippedWithTheReason(@TempDir Path db) throws Exception {
    PageCacheFill.Outcome o = PageCacheFill.run(db, Long.MAX_VALUE);
    assertNotNull(o.skipped());
    assertEquals(0, o.bytes());
  }

  @Test
  void theHostCacheFillReadsEveryDataFileIntoThePageCache(@TempDir Path db) throws Exception {
    Path table = db.resolve("collection-0-1.wt");
    run("dd", "if=/dev/urandom", "of=" + table, "bs=1M", "count=8", "status=none");
    Files.writeString(db.resolve("WiredTiger.turtle"), "not a table");
    // Written pages are cached: flush them, then ask the kernel to drop them (fadvise DONTNEED).
    run("sync", table.toString());
    run("dd", "if=" + table, "iflag=nocache", "count=0", "status=none");
    long before = residentBytes(table);
    assumeTrue(before < 4L << 20, "the file's pages could not be evicted here: " + before);

    PageCacheFill.Outcome o = PageCacheFill.intoHostCache(db);

    assertNull(o.skipped());
    assertEquals(8L << 20, o.bytes());
    assertEquals(8L << 20, residentBytes(table));
  }

  /** The file's bytes in the page cache, as util-linux's {@code fincore} counts them. */
  private static long residentBytes(Path file) throws Exception {
    Process p;
    try {
      p =
          new ProcessBuilder(
                  "fincore", "--bytes", "--noheadings", "--output", "RES", file.toString())
              .redirectErrorStream(true)
              .start();
    } catch (java.io.IOException e) {
      assumeTrue(false, "no fincore here (util-linux)");
      throw e;
    }
    String out = new String(p.getInputStream().readAllBytes()).trim();
    assertEquals(0, p.waitFor(), out);
    return Long.parseLong(out);
  }

  private static void run(String... command) throws Exception {
    Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
    String out = new String(p.getInputStream().readAllBytes());
    assertEquals(0, p.waitFor(), String.join(" ", command) + ": " + out);
  }
}
