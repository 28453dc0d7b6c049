package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class IgnoredSignalsTest {
  @TempDir Path dir;

  @Test
  void anIgnoredSigintIsSaidWithTheWayToStopTheRunAndADefaultOneIsNot() throws Exception {
    Path ignored = Files.writeString(dir.resolve("a"), "Name:\tjava\nSigIgn:\t0000000000004002\n");
    String note = IgnoredSignals.note(ignored);
    assertTrue(note.contains("ignores SIGINT"), note);
    assertTrue(note.contains("SIGTERM (kill " + ProcessHandle.current().pid() + ")"), note);

    Path caught = Files.writeString(dir.resolve("b"), "Name:\tjava\nSigIgn:\t0000000000001000\n");
    assertEquals("", IgnoredSignals.note(caught), "SIGPIPE ignored, SIGINT not");
    assertEquals("", IgnoredSignals.note(dir.resolve("none")), "no /proc: nothing to say");
  }
}
