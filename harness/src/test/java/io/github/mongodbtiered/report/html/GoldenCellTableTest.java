package io.github.mongodbtiered.report.html;

import io.github.mongodbtiered.report.Golden;
import io.github.mongodbtiered.results.CellResult;
import java.io.IOException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The page's summary table of the golden report's cells ({@link Golden}), as before. */
class GoldenCellTableTest {
  @Test
  void theSummaryTableRendersAsBefore() throws IOException {
    List<CellResult> rows = CellResult.inProfileOrder(Golden.cells(), Golden.PROFILE_ORDER);
    StringBuilder h = new StringBuilder();
    CellTable.render(h, rows);
    Golden.assertFile("summary-table.html", h.toString());
  }
}
