package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind;
import org.junit.jupiter.api.Test;

class CellResultTest {
  @Test
  void withMetricAddsOneFigureAndLeavesTheOriginalAlone() {
    CellResult failed = CellResult.failed(2_000_000, "hdd-150", ServerKind.DOCKER, "server died");
    CellResult withRate = failed.withMetric(Metric.LOAD_RECORDS_PER_SEC, 17_000);
    assertEquals(17_000.0, withRate.metrics().get(Metric.LOAD_RECORDS_PER_SEC));
    assertFalse(failed.metrics().containsKey(Metric.LOAD_RECORDS_PER_SEC));
    assertEquals(failed.error(), withRate.error());
    assertEquals(failed.key(), withRate.key());
  }
}
