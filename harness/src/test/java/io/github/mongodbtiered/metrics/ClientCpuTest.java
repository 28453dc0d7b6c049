package io.github.mongodbtiered.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
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
    // Burn 50 ms of this thread's CPU, however long a busy host makes that take: the process's CPU
    // time must include it (a wall-clock share would depend on the host's load).
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long startCpu = threads.getCurrentThreadCpuTime();
    long x = 0;
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (threads.getCurrentThreadCpuTime() - startCpu < 50_000_000L
        && System.nanoTime() < deadline) {
      x += Long.numberOfTrailingZeros(x + 1);
    }
    ClientCpuUsage u = ClientCpu.now().usageSince(before, 1);
    assertNotNull(u, "HotSpot reports process CPU time");
    assertTrue(u.cpuMicrosPerOp() >= 50_000, u + " " + x);
    assertTrue(u.coresBusy() > 0, u.toString());
  }
}
