package io.github.mongodbtiered.results;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class MetricTest {
  @Test
  void everyMetricIsDescribedWithItsOwnColumn() {
    Set<String> columns = new HashSet<>();
    for (Metric m : Metric.values()) {
      assertTrue(columns.add(m.column()), m + "'s column is another's");
      assertFalse(m.description().isBlank(), m + " has no description");
      assertFalse(m.description().contains("\n"), m + ": one line");
      assertTrue(m.decimals() >= 0 && m.decimals() <= 6, m + "'s decimals");
    }
  }

  @Test
  void theFlagsAreTheSteadyStateAndUnstable() {
    for (Metric m : Metric.values()) {
      assertEquals(m == Metric.STEADY_STATE || m == Metric.UNSTABLE, m.flag(), m.toString());
    }
  }

  @Test
  void theMainOperationHasTheMostOperationsTiesToTheFirstByName() {
    assertEquals("READ", LatencyStats.mainOperation(Map.of("UPDATE", 5L, "READ", 9L)));
    assertEquals("READ", LatencyStats.mainOperation(Map.of("UPDATE", 9L, "READ", 9L)));
    assertEquals("SCAN", LatencyStats.mainOperation(Map.of("SCAN", 0L)), "none ran: still one");
    assertNull(LatencyStats.mainOperation(Map.of()));
  }

  @Test
  void anIntendedTimeTypeIsNeverTheMainOperation() {
    // It counts the READs again, and sorts before them.
    assertEquals(
        "READ", LatencyStats.mainOperation(Map.of("Intended-READ", 9L, "READ", 9L, "UPDATE", 1L)));
    assertNull(LatencyStats.mainOperation(Map.of("Intended-READ", 9L)));
  }
}
