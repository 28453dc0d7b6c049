package io.github.mongodbtiered.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ClientCpuTest {
  private static final ClientCpu START = new ClientCpu(5_000_000_000L, 1_000_000_000L, 4);

  @Test
  void usageIsCpuOverWallAndPerOperation() {
    // 2 s of wall time, 3 s of CPU, 1.5 M operations.
    ClientCpuUsage u =
        new ClientCpu(8_000_000_000L, 3_000_000_000L, 4).usageSince(START, 1_500_000);
    assertEquals(1.5, u.coresBusy(), 1e-12);
    assertEquals(2.0, u.cpuMicrosPerOp(), 1e-12);
    assertFalse(u.saturated());
  }

  @Test
  void saturatedFromEightyFivePercentOfTheProcessors() {
    // 4 processors x 0.85 = 3.4 cores.
    assertTrue(new ClientCpu(8_400_000_000L, 2_000_000_000L, 4).usageSince(START, 1).saturated());
    assertFalse(new ClientCpu(8_390_000_000L, 2_000_000_000L, 4).usageSince(START, 1).saturated());
  }

  @Test
  void unknownsAndBadIntervals() {
    assertNull(
        new ClientCpu(9_000_000_000L, 2_000_000_000L, 4).usageSince(START, 0).cpuMicrosPerOp());
    assertNull(new ClientCpu(-1, 2_000_000_000L, 4).usageSince(START, 10), "no CPU time");
    assertThrows(IllegalArgumentException.class, () -> START.usageSince(START, 10));
  }

  @Test
  void measuresThisJvm() {
    ClientCpu before = ClientCpu.now();
    long x = 0;
    long until = System.nanoTime() + 50_000_000L;
    while (System.nanoTime() < until) {
      x += Long.numberOfTrailingZeros(x + 1);
    }
    ClientCpuUsage u = ClientCpu.now().usageSince(before, 1);
    assertNotNull(u, "HotSpot reports process CPU time");
    // A busy thread for 50 ms keeps close to one core busy; allow for a loaded machine.
    assertTrue(u.coresBusy() > 0.2, u + " " + x);
  }
}
