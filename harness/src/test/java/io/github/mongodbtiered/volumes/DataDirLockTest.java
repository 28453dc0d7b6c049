package io.github.mongodbtiered.volumes;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DataDirLockTest {
  @TempDir Path dir;
  private final List<String> log = new ArrayList<>();

  @Test
  void aSecondRunOnAPlainDataDirectoryIsRefusedNamingTheHolder() throws Exception {
    try (DataVolume first = DataVolumes.open(LatencyMethod.OFF, dir, 0, log::add)) {
      IllegalArgumentException e =
          assertThrows(
              IllegalArgumentException.class,
              () -> DataVolumes.open(LatencyMethod.OFF, dir, 0, log::add));
      assertTrue(e.getMessage().startsWith("--data-dir " + dir + ": in use by another run (pid "));
      assertTrue(
          e.getMessage().contains("pid " + ProcessHandle.current().pid() + ", started "),
          e.getMessage());
    }
    DataVolumes.open(LatencyMethod.OFF, dir, 0, log::add).close(); // released on close
  }

  @Test
  void theOwnerFileOfEarlierVersionsIsRemoved() throws Exception {
    Path layer = DelayedVolume.layerOf(dir);
    Files.createDirectories(layer);
    Files.writeString(layer.resolve("owner"), "process 1, started 2026-01-01T00:00:00Z\n");
    try (DataVolume v = DataVolumes.open(LatencyMethod.OFF, dir, 0, log::add)) {
      assertFalse(Files.exists(layer.resolve("owner")));
      assertTrue(Files.readString(layer.resolve("lock")).contains("pid="));
    }
  }
}
