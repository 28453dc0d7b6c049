package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AtomicFilesTest {
  @TempDir Path dir;

  @Test
  void createsParentsAndReplaces() throws IOException {
    Path f = dir.resolve("a/b/c.txt");
    AtomicFiles.write(f, "first");
    assertEquals("first", Files.readString(f));
    AtomicFiles.write(f, new byte[] {1, 2, 3});
    assertArrayEquals(new byte[] {1, 2, 3}, Files.readAllBytes(f));
    assertEquals(List.of(f), list(f.getParent()));
  }

  @Test
  void aReaderSeesTheOldOrTheNewContentNeverAMix() throws Exception {
    Path f = dir.resolve("big.csv");
    String a = "a".repeat(4 << 20);
    String b = "b".repeat(3 << 20);
    AtomicFiles.write(f, a);
    AtomicBoolean stop = new AtomicBoolean();
    AtomicReference<String> torn = new AtomicReference<>();
    Thread reader =
        new Thread(
            () -> {
              while (!stop.get()) {
                try {
                  String s = Files.readString(f);
                  if (!s.equals(a) && !s.equals(b)) {
                    torn.set("read " + s.length() + " chars");
                  }
                } catch (NoSuchFileException e) {
                  torn.set("file missing mid-replace");
                } catch (IOException e) {
                  torn.set(e.toString());
                }
              }
            });
    reader.start();
    for (int i = 0; i < 20; i++) {
      AtomicFiles.write(f, i % 2 == 0 ? b : a);
    }
    stop.set(true);
    reader.join();
    assertNull(torn.get());
  }

  @Test
  void aFailedWriteLeavesNoTempFileAndTheTargetIntact() throws IOException {
    Path target = dir.resolve("taken");
    Files.createDirectories(target.resolve("child"));
    assertThrows(IOException.class, () -> AtomicFiles.write(target, "x"));
    assertEquals(List.of(target), list(dir));
    assertTrue(Files.isDirectory(target.resolve("child")));
  }

  @Test
  void theFileGetsTheUsualModeNotATempFilesPrivateOne() throws IOException {
    if (!FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
      return;
    }
    Path plain = Files.createFile(dir.resolve("plain"));
    Path written = dir.resolve("written");
    AtomicFiles.write(written, "x");
    assertEquals(Files.getPosixFilePermissions(plain), Files.getPosixFilePermissions(written));
  }

  private static List<Path> list(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return new ArrayList<>(s.sorted().toList());
    }
  }

  /** A full disk's error named no file; on a 64 KiB tmpfs (root only, else skipped). */
  @Test
  void aFullDiskIsNamedWithTheFile() throws Exception {
    Path small = Files.createDirectory(dir.resolve("small"));
    Process mount =
        new ProcessBuilder("mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", small.toString())
            .redirectErrorStream(true)
            .start();
    org.junit.jupiter.api.Assumptions.assumeTrue(
        mount.waitFor() == 0, "a tmpfs cannot be mounted here (needs root)");
    try {
      Path target = small.resolve("summary.csv");
      IOException e =
          assertThrows(IOException.class, () -> AtomicFiles.write(target, new byte[256 * 1024]));
      assertTrue(e.getMessage().startsWith(target + ": "), e.getMessage());
      assertTrue(e.getMessage().contains("No space left on device"), e.getMessage());
      assertTrue(e.getMessage().endsWith("; free space on its file system, then run again"));
      try (Stream<Path> left = Files.list(small)) {
        assertEquals(List.of(), left.toList(), "no temporary file left");
      }
    } finally {
      new ProcessBuilder("umount", small.toString()).start().waitFor();
    }
  }

  @Test
  void aBatchThatFailsWhileStagingReplacesNothingAndLeavesNoTemporaryFile() throws IOException {
    Path a = dir.resolve("a.csv");
    Path blocker = dir.resolve("sub");
    AtomicFiles.write(a, "old a");
    Files.writeString(blocker, "a file where a directory should be");
    try (AtomicFiles.Batch batch = new AtomicFiles.Batch()) {
      batch.add(a, "new a");
      assertThrows(IOException.class, () -> batch.add(blocker.resolve("b.csv"), "new b"));
    }
    assertEquals("old a", Files.readString(a));
    assertEquals(List.of(a, blocker), list(dir));
  }

  @Test
  void aCommittedBatchReplacesEveryFile() throws IOException {
    Path a = dir.resolve("a.csv");
    Path b = dir.resolve("plots/b.svg");
    AtomicFiles.write(a, "old a");
    try (AtomicFiles.Batch batch = new AtomicFiles.Batch()) {
      batch.add(a, "new a");
      batch.add(b, "new b");
      assertEquals("old a", Files.readString(a), "nothing replaced before the commit");
      batch.commit();
    }
    assertEquals("new a", Files.readString(a));
    assertEquals("new b", Files.readString(b));
    assertEquals(List.of(b), list(b.getParent()));
  }
}
