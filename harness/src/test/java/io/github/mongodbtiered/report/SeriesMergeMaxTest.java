package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class SeriesMergeMaxTest {
  @Test
  void aSecondNoClientMeasuredStaysUnknownInsteadOfFailingTheMerge() {
    // Seen in a fleet on a loaded host: a second without operations in every client's series.
    assertNull(SeriesMerge.max(null, null));
    assertEquals(2.0, SeriesMerge.max(null, 2.0));
    assertEquals(2.0, SeriesMerge.max(2.0, null));
    assertEquals(3.0, SeriesMerge.max(2.0, 3.0));
  }
}
