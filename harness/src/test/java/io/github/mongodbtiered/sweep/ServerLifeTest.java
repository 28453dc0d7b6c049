package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class ServerLifeTest {
  @Test
  void aNewPidOrAShorterUptimeIsARestart() {
    ServerLife before = new ServerLife(42L, 60_000L);
    assertNull(new ServerLife(42L, 70_000L).restartedSince(before));
    assertEquals(
        "the server restarted during the run", new ServerLife(43L, 70_000L).restartedSince(before));
    assertEquals(
        "the server restarted during the run", new ServerLife(42L, 1_000L).restartedSince(before));
    assertNull(new ServerLife(null, null).restartedSince(before), "a server that does not say");
  }
}
