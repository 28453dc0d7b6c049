package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import io.github.mongodbtiered.ycsb.ErrorBudget;
import io.github.mongodbtiered.ycsb.PhaseResult;
import io.github.mongodbtiered.ycsb.PhaseResult.Metric;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class FailedOperationsTest {
  private static PhaseResult run(Metric... metrics) {
    return new PhaseResult(false, 0, 1000, List.of(metrics));
  }

  @Test
  void aReadThatFindsNoRecordIsAFailurePerType() {
    FailedOperations f =
        FailedOperations.of(
            run(
                new Metric("READ", "Return=OK", 7013),
                new Metric("READ", "Return=NOT_FOUND", 137),
                new Metric("READ", "99thPercentileLatency(us)", 412),
                new Metric("UPDATE", "Return=OK", 300),
                new Metric("RETRY-READ", "Return=ERROR", 5),
                new Metric("CLEANUP", "Operations", 16)));
    assertEquals(Map.of("READ", 137L, "UPDATE", 0L), f.failed());
    assertEquals(137, f.total());
    assertEquals(7450, f.attemptedTotal());
    assertEquals("137 of 7150 READ operations failed (--max-errors 0)", f.beyond(ErrorBudget.NONE));
    assertNull(f.beyond(ErrorBudget.parse("--max-errors", "137")));
    assertNull(f.beyond(ErrorBudget.parse("--max-errors", "2%")));
    assertEquals(
        "137 of 7150 READ operations failed (--max-errors 1.0%)",
        f.beyond(ErrorBudget.parse("--max-errors", "1%")));
  }

  @Test
  void intendedTimeFiguresOfAnOpenLoopAreNotOperationsOfTheirOwn() {
    // With measurement.interval=both YCSB exports [Intended-READ] beside [READ]: the same reads.
    FailedOperations f =
        FailedOperations.of(
            run(
                new Metric("READ", "Operations", 600),
                new Metric("READ", "Return=OK", 598),
                new Metric("READ", "Return=ERROR", 2),
                new Metric("Intended-READ", "Operations", 600),
                new Metric("Intended-READ", "99thPercentileLatency(us)", 243839)));
    assertEquals(Map.of("READ", 2L), f.failed());
    assertEquals(600, f.attemptedTotal());
  }

  @Test
  void batchedInsertsCountPerRecordUnderInsert() {
    FailedOperations f =
        FailedOperations.of(
            run(
                new Metric("INSERT", "Return=BATCHED_OK", 20),
                new Metric("INSERT", "Return=OK", 1),
                new Metric("INSERT-BATCH", "Return=OK", 1900),
                new Metric("INSERT-BATCH", "Return=ERROR", 100),
                new Metric("UPDATE", "Return=ERROR", 2),
                new Metric("UPDATE", "Return=OK", 8)));
    assertEquals(Map.of("INSERT", 100L, "UPDATE", 2L), f.failed());
    assertEquals(
        "100 of 2000 INSERT operations and 2 of 10 UPDATE operations failed (--max-errors 0)",
        f.beyond(ErrorBudget.NONE));
  }

  @Test
  void aCleanRunRecordsZeroForEachTypeItPerformed() {
    FailedOperations f = FailedOperations.of(run(new Metric("SCAN", "Return=OK", 50)));
    assertEquals(Map.of("SCAN", 0L), f.failed());
    assertNull(f.beyond(ErrorBudget.NONE));
  }
}
