package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.Metric;
import io.github.mongodbtiered.results.ServerKind;
import java.io.PrintWriter;
import java.io.StringWriter;
import org.junit.jupiter.api.Test;

/** What the console says of each finished cell: an unstable one gets a warning line. */
class SweepConsoleTest {
  private static final String NOTE =
      "unstable: throughput varied by 104.7% (coefficient of variation over 10 batch means of its"
          + " 20 s; the threshold is 50%), 95% interval 268-2445 ops/s; take its figures as"
          + " uncertain";

  @Test
  void anUnstableCellWarnsWithItsFiguresAndAStableOneDoesNot() {
    StringWriter out = new StringWriter();
    SweepConsole console = new SweepConsole(new PrintWriter(out, true), null, false, false);
    console.cellFinished(
        CellResult.builder(80_000, "tightened", ServerKind.DOCKER)
            .run(20_000, 20_000, 1000)
            .metric(Metric.UNSTABLE, 1.0)
            .note(NOTE)
            .build());
    console.cellFinished(
        CellResult.builder(80_000, "quiet", ServerKind.DOCKER)
            .run(50_000, 20_000, 2500)
            .metric(Metric.UNSTABLE, 0.0)
            .build());
    String[] lines = out.toString().split("\n");
    assertEquals(3, lines.length, out::toString);
    assertEquals("warning: cell 80000 x tightened " + NOTE, lines[1]);
    assertFalse(lines[2].startsWith("warning"), lines[2]);
    assertTrue(lines[2].startsWith("cell 80000 x quiet: 2500 ops/s"), lines[2]);
  }
}
