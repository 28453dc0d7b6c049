package io.github.mongodbtiered.fleet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class ClientSlotTest {

  @Test
  void theSlicesOfAllClientsHoldEveryRecordOnce() {
    for (int clients = 1; clients <= 7; clients++) {
      for (long[] range : new long[][] {{0, 0}, {0, 5}, {2_000_000, 3_000_001}, {10, 13}}) {
        long next = range[0];
        for (int i = 0; i < clients; i++) {
          ClientSlot.Slice s = new ClientSlot(i, clients).slice(range[0], range[1]);
          assertEquals(
              next, s.start(), "client " + i + " of " + clients + " starts where i-1 ended");
          long even = (range[1] - range[0]) / clients;
          assertTrue(s.count() == even || s.count() == even + 1, "sizes differ by at most one");
          next += s.count();
        }
        assertEquals(range[1], next, clients + " clients cover up to the end");
      }
    }
  }

  @Test
  void theIndexComesFromTheOptionThenTheJobsVariableThenZero() {
    Map<String, String> pod = Map.of(ClientSlot.INDEX_VARIABLE, "2");
    assertEquals(new ClientSlot(1, 3), ClientSlot.of(3, 1, pod));
    assertEquals(new ClientSlot(2, 3), ClientSlot.of(3, null, pod));
    assertEquals(new ClientSlot(0, 3), ClientSlot.of(3, null, Map.of()));
    assertTrue(ClientSlot.of(3, null, Map.of()).readsServerFigures());
    assertTrue(!ClientSlot.of(3, null, pod).readsServerFigures());
  }

  @Test
  void anIndexOutsideTheFleetIsRefusedNamingWhereItCameFrom() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ClientSlot.of(3, null, Map.of(ClientSlot.INDEX_VARIABLE, "x")));
    assertTrue(e.getMessage().startsWith("JOB_COMPLETION_INDEX=x"), e.getMessage());
    e =
        assertThrows(
            IllegalArgumentException.class,
            () -> ClientSlot.of(3, null, Map.of(ClientSlot.INDEX_VARIABLE, "3")));
    assertTrue(e.getMessage().contains("outside 0..2"), e.getMessage());
    assertThrows(IllegalArgumentException.class, () -> new ClientSlot(0, 0));
  }
}
