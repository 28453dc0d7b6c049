package io.github.mongodbtiered.ycsb;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import org.junit.jupiter.api.Test;

class AlternationTest {
  /**
   * Given client threads recording without pause, when slices close among them, then each slice has
   * as many outcomes as latencies: no slice closes between an operation's two records.
   */
  @Test
  void everySliceHoldsEachOperationsLatencyWithItsOutcome() throws InterruptedException {
    try (Alternation alternation = Alternation.open(2)) {
      AtomicBoolean stop = new AtomicBoolean();
      List<Thread> clients = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        Thread client =
            new Thread(
                () -> {
                  long i = 0;
                  while (!stop.get()) {
                    alternation.record(0, "READ", (i++ % 7 == 0) ? "NOT_FOUND" : "OK", i % 900);
                  }
                });
        client.start();
        clients.add(client);
      }
      long recorded = 0;
      long counted = 0;
      try {
        for (int slice = 0; slice < 3000; slice++) {
          Alternation.Slice s = alternation.close(0, slice, slice + 1, List.of("READ"));
          long ops = s.latencies().get("READ").getTotalCount();
          long outcomes = outcomes(s);
          assertEquals(ops, outcomes, "slice " + slice + ": latencies and outcomes");
          recorded += ops;
          counted += outcomes;
        }
      } finally {
        stop.set(true);
        for (Thread client : clients) {
          client.join();
        }
      }
      Alternation.Slice last = alternation.close(0, 3000, 3001, List.of("READ"));
      assertEquals(
          recorded + last.latencies().get("READ").getTotalCount(), counted + outcomes(last));
    }
  }

  private static long outcomes(Alternation.Slice s) {
    return s.outcomes().getOrDefault("READ", Map.of()).values().stream()
        .mapToLong(Long::longValue)
        .sum();
  }
}
