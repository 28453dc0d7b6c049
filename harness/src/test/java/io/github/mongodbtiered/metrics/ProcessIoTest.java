package io.github.mongodbtiered.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProcessIoTest {
  @Test
  void readsTheKernelsFile() throws IOException {
    assertEquals(
        new ProcessIo(14_500_421_376L, 935_329_792L, 2_701_131_776L, 2_684_354_560L, 3_620_001L),
        ProcessIo.read(Fixtures.path("proc-pid-io.txt")));
  }

  @Test
  void sinceSubtracts() {
    ProcessIo before = ProcessIo.parse("rchar: 100\nread_bytes: 40\nwchar: 7\nsyscr: 3\n");
    ProcessIo after =
        ProcessIo.parse("rchar: 1100\nread_bytes: 90\nwchar: 9\nwrite_bytes: 4096\nsyscr: 13\n");
    assertEquals(new ProcessIo(1000L, 50L, 2L, null, 10L), after.since(before));
  }

  @Test
  void missingAndMalformedFieldsAreNull() {
    ProcessIo p = ProcessIo.parse("rchar: lots\nread_bytes: 5\n");
    assertNull(p.rcharBytes());
    assertEquals(5L, p.readBytes());
    assertNull(p.readSyscalls());
  }

  @Test
  void anUnreadableFileThrows(@TempDir Path dir) {
    assertThrows(IOException.class, () -> ProcessIo.read(dir.resolve("1234/io")));
  }

  @Test
  void selfIsReadableOnLinux() throws IOException {
    Path self = Path.of("/proc/self/io");
    assumeTrue(Files.isReadable(self), "no /proc/self/io here");
    ProcessIo p = ProcessIo.read(self);
    // This JVM has read its class files by now.
    assertTrue(p.rcharBytes() != null && p.rcharBytes() > 0, p.toString());
  }
}
