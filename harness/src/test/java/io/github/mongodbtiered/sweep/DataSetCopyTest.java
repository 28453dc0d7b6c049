package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.VolumeFacts;
import io.github.mongodbtiered.volumes.DataVolume;
import io.github.mongodbtiered.volumes.DelayedVolume;
import io.github.mongodbtiered.volumes.LatencyMethod;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given a loaded variant's data directory, when another variant's is made a copy of it, then it
 * holds the same files byte for byte (their permissions and times too) and nothing it held before,
 * is stamped, and is replaced again next time; a directory holding files the tool did not copy is
 * replaced only with --drop-existing.
 */
class DataSetCopyTest {
  @Test
  void aCopyHoldsTheSameFilesAndNothingElse(@TempDir Path dir) throws Exception {
    Path from = dir.resolve("a");
    Files.createDirectories(from.resolve("journal"));
    byte[] collection = new byte[100_000];
    for (int i = 0; i < collection.length; i++) {
      collection[i] = (byte) (i * 31);
    }
    Files.write(from.resolve("collection-1.wt"), collection);
    Files.writeString(from.resolve("journal/WiredTigerLog.0000000001"), "log");
    Files.setPosixFilePermissions(
        from.resolve("collection-1.wt"), PosixFilePermissions.fromString("rw-------"));
    FileTime old = FileTime.fromMillis(1_000_000_000_000L);
    Files.setLastModifiedTime(from.resolve("collection-1.wt"), old);
    Files.writeString(from.resolve(DataSetCopy.STAMP), "the source's own stamp");
    // A plain data directory holds the tool's lock beside the server's files: each keeps its own.
    Files.createDirectories(from.resolve(DelayedVolume.LAYER));
    Files.writeString(from.resolve(DelayedVolume.LAYER).resolve("lock"), "a's lock");
    Path to = dir.resolve("b");
    Files.createDirectories(to.resolve(DelayedVolume.LAYER));
    Files.writeString(to.resolve(DelayedVolume.LAYER).resolve("lock"), "b's lock");

    DataSetCopy.Outcome first = DataSetCopy.replace(from, to, "--variant b", false);

    assertEquals(100_003, first.bytes(), "the data files, not the source's stamp");
    assertArrayEquals(collection, Files.readAllBytes(to.resolve("collection-1.wt")));
    assertEquals("log", Files.readString(to.resolve("journal/WiredTigerLog.0000000001")));
    assertEquals(
        PosixFilePermissions.fromString("rw-------"),
        Files.getPosixFilePermissions(to.resolve("collection-1.wt")));
    assertEquals(old, Files.getLastModifiedTime(to.resolve("collection-1.wt")));
    assertTrue(Files.readString(to.resolve(DataSetCopy.STAMP)).contains(from.toString()));
    assertEquals("b's lock", Files.readString(to.resolve(DelayedVolume.LAYER).resolve("lock")));

    // The source moved on (a larger data set): the next copy holds what it holds now, only that.
    Files.delete(from.resolve("journal/WiredTigerLog.0000000001"));
    Files.writeString(from.resolve("journal/WiredTigerLog.0000000002"), "log 2");
    DataSetCopy.replace(from, to, "--variant b", false);
    assertEquals(
        List.of(
            DataSetCopy.STAMP,
            "collection-1.wt",
            "journal",
            "journal/WiredTigerLog.0000000002",
            DelayedVolume.LAYER,
            DelayedVolume.LAYER + "/lock"),
        names(to));
  }

  @Test
  void filesTheToolDidNotCopyAreReplacedOnlyWhenTold(@TempDir Path dir) throws Exception {
    Path from = dir.resolve("a");
    Files.createDirectories(from);
    Files.writeString(from.resolve("collection-1.wt"), "a's");
    Path to = dir.resolve("b");
    Files.createDirectories(to);
    Files.writeString(to.resolve("collection-9.wt"), "someone's data");

    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DataSetCopy.replace(from, to, "--variant b", false));
    assertTrue(e.getMessage().startsWith("--variant b: " + to), e.getMessage());
    assertTrue(e.getMessage().contains("delete " + to + ", give --drop-existing"), e.getMessage());
    assertEquals("someone's data", Files.readString(to.resolve("collection-9.wt")), "untouched");

    DataSetCopy.requireReplaceable(dir.resolve("none"), "--variant b", false);
    Files.createDirectories(dir.resolve("empty"));
    DataSetCopy.requireReplaceable(dir.resolve("empty"), "--variant b", false);

    DataSetCopy.replace(from, to, "--variant b", true);
    assertFalse(Files.exists(to.resolve("collection-9.wt")));
    assertEquals("a's", Files.readString(to.resolve("collection-1.wt")));
  }

  @Test
  void aCopyKilledHalfwayIsReplacedWithoutBeingTold(@TempDir Path dir) throws Exception {
    Path from = dir.resolve("a");
    Files.createDirectories(from);
    Files.writeString(from.resolve("collection-1.wt"), "a's");
    Path to = dir.resolve("b");
    Files.createDirectories(to.resolve("journal"));
    // What a kill leaves: the stamp written first, part of the files.
    Files.writeString(to.resolve(DataSetCopy.STAMP), "copying " + from + "\n");
    Files.writeString(to.resolve("journal/WiredTigerLog.0000000001"), "half");

    DataSetCopy.replace(from, to, "--variant b", false);
    assertEquals(List.of(DataSetCopy.STAMP, "collection-1.wt"), names(to));
  }

  @Test
  void everyVolumeMountedForTheCopyIsUnmountedWhateverFailed(@TempDir Path dir) throws Exception {
    List<String> did = new ArrayList<>();
    DataVolume a = volume("a", dir, did, false);
    DataVolume b = volume("b", dir, did, false);
    IOException e =
        assertThrows(
            IOException.class,
            () ->
                DataSetCopy.onVolumes(
                    List.of(a, b),
                    () -> {
                      did.add("work");
                      throw new IOException("disk full");
                    }));
    assertEquals("disk full", e.getMessage());
    assertEquals(List.of("mount a", "mount b", "work", "unmount a", "unmount b"), did);

    did.clear();
    DataVolume broken = volume("c", dir, did, true);
    assertThrows(
        IOException.class, () -> DataSetCopy.onVolumes(List.of(a, broken), () -> did.add("work")));
    assertEquals(List.of("mount a", "mount c", "unmount a"), did, "no work, a unmounted");
  }

  /** A volume that says what was done to it; {@code failsToMount} refuses its mount. */
  private static DataVolume volume(String name, Path dir, List<String> did, boolean failsToMount) {
    return new DataVolume() {
      @Override
      public Path dataDir() {
        return dir.resolve(name);
      }

      @Override
      public LatencyMethod method() {
        return LatencyMethod.OFF;
      }

      @Override
      public String offReason() {
        return "a test's";
      }

      @Override
      public Mount mount(double latencyMillis) throws IOException {
        did.add("mount " + name);
        if (failsToMount) {
          throw new IOException("no device");
        }
        return new Mount(dataDir(), false, 0);
      }

      @Override
      public void unmount() {
        did.add("unmount " + name);
      }

      @Override
      public VolumeFacts facts() {
        return null;
      }

      @Override
      public void close() {}
    };
  }

  private static List<String> names(Path dir) throws Exception {
    try (Stream<Path> files = Files.walk(dir)) {
      return files
          .filter(p -> !p.equals(dir))
          .map(p -> dir.relativize(p).toString())
          .sorted()
          .toList();
    }
  }
}
