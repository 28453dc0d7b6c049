package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SeriesPlotsTest {
  @Test
  void pathDataIsKeptToAHundredthOfAPixelAndNothingElseIsTouched() {
    String svg =
        "<g transform=\"matrix(0.012345678 0 0 1 3.14159 0)\">"
            + "<path d=\"M-3.25,-19.89990234375 L12,4.5 Q0.15625,-18.00927734375 7.1,0\"/></g>";
    assertEquals(
        "<g transform=\"matrix(0.012345678 0 0 1 3.14159 0)\">"
            + "<path d=\"M-3.25,-19.89 L12,4.5 Q0.15,-18.00 7.1,0\"/></g>",
        SeriesPlots.compact(svg));
  }
}
