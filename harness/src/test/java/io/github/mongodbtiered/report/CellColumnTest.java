package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

class CellColumnTest {
  @Test
  void noTwoColumnsShareANameWhateverTheOperations() {
    List<String> header = SummaryCsv.header(new TreeSet<>(CellColumn.FAILURE_TYPES));
    Set<String> seen = new HashSet<>();
    for (String column : header) {
      assertTrue(seen.add(column), "twice: " + column);
    }
  }

  @Test
  void columnsFilledByOneSetterMergeOnce() {
    // The latency logs are merged once per cell, not once per column that shows them.
    long logMerges =
        CellColumn.merges().stream()
            .filter(m -> m == ColumnMerge.SERVICE_LATENCIES || m == ColumnMerge.INTENDED_LATENCIES)
            .count();
    assertEquals(2, logMerges);
  }
}
