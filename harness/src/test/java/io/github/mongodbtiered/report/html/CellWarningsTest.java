package io.github.mongodbtiered.report.html;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.mongodbtiered.report.html.Warnings.Warning;
import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.ServerKind;
import java.util.List;
import org.junit.jupiter.api.Test;

class CellWarningsTest {
  private static CellResult cell(long records, String profile, String... notes) {
    var b = CellResult.builder(records, profile, ServerKind.EMBEDDED).run(1000, 10_000, 100);
    for (String n : notes) {
      b.note(n);
    }
    return b.build();
  }

  private static String clientBound(String cores) {
    return "client-bound: the client kept "
        + cores
        + " cores busy; throughput is the client's limit";
  }

  @Test
  void aNoteEveryCellHoldsWithOneFigureApartIsSaidOnceWithTheFiguresRange() {
    List<Warning> w =
        CellWarnings.saidOnce(
            List.of(
                cell(20_000, "fast", clientBound("1.93")),
                cell(300_000, "fast", clientBound("1,000.5")),
                cell(20_000, "slow", clientBound("1.87"))));

    assertEquals(
        List.of(new Warning("all 3 cells", clientBound("1.87-1,000.5"))), w, "lowest-highest");
  }

  @Test
  void theSameNoteInSomeCellsNamesThoseCells() {
    String latency = "latency +7 ms asked, not applied: no FUSE";
    List<Warning> w =
        CellWarnings.saidOnce(
            List.of(
                cell(20_000, "fast"),
                cell(20_000, "slow", latency),
                cell(300_000, "slow", latency)));

    assertEquals(List.of(new Warning("20000 x slow, 300000 x slow", latency)), w);
  }

  @Test
  void aNoteThatDiffersInMoreThanOneFigureStaysWithItsCell() {
    String a = "not steady: throughput rose 27% (fitted 477 to 624 ops/s)";
    String b = "not steady: throughput rose 12% (fitted 900 to 1008 ops/s)";
    List<Warning> w =
        CellWarnings.saidOnce(List.of(cell(20_000, "fast", a), cell(300_000, "fast", b)));

    assertEquals(
        List.of(new Warning("20000 x fast", a), new Warning("300000 x fast", b)),
        w,
        "each its own");
  }

  @Test
  void aFailedCellsErrorIsAWarningOfItsOwn() {
    CellResult failed =
        CellResult.builder(20_000, "fast", ServerKind.EMBEDDED).failed("server unusable").build();
    List<Warning> w = CellWarnings.saidOnce(List.of(failed, cell(20_000, "slow", "lonely 1")));

    assertEquals(
        List.of(
            new Warning("20000 x fast", "FAILED: server unusable"),
            new Warning("20000 x slow", "lonely 1")),
        w);
  }
}
