package io.github.mongodbtiered.warmup;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

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
  void aProcessWithoutCgroupsIsSkippedWithTheReason(@TempDir Path db) throws Exception {
    PageCacheFill.Outcome o = PageCacheFill.run(db, Long.MAX_VALUE);
    assertNotNull(o.skipped());
    assertEquals(0, o.bytes());
  }
}
