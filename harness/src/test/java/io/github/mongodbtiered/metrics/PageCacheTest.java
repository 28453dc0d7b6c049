package io.github.mongodbtiered.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PageCacheTest {

  @Test
  void readsTheKeyOfAMemoryStatFileAndNothingElse(@TempDir Path dir) throws Exception {
    Path v1 = dir.resolve("memory.stat");
    Files.writeString(v1, "cache 2168455168\nrss 3397386240\ntotal_cache 2168455168\n");
    assertEquals(2_168_455_168L, PageCache.stat(v1, "cache"));
    assertNull(PageCache.stat(v1, "file"));
  }

  @Test
  void aProcessThatDoesNotExistHasNoPageCacheFigure() {
    assertNull(PageCache.bytesOf(Long.MAX_VALUE));
  }
}
