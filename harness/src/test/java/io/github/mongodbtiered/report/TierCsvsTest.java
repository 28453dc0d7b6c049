package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.ServerKind;
import io.github.mongodbtiered.results.Tier;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TierCsvsTest {
  @Test
  void oneFilePerObservedTierWithTheSummarysColumns() {
    List<CellResult> cells =
        List.of(
            Cells.ok(300, "hdd", Tier.FAR_OVER),
            Cells.ok(100, "hdd", Tier.WT_CACHE),
            Cells.ok(200, "hdd", Tier.FAR_OVER),
            CellResult.failed(400, "hdd", ServerKind.DOCKER, "x"));
    Map<String, String> files = TierCsvs.render(cells);
    assertEquals(
        List.of("tier-far-over.csv", "tier-unclassified.csv", "tier-wt-cache.csv"),
        List.copyOf(files.keySet()));
    String summaryHeader = SummaryCsvTest.lines(SummaryCsv.render(cells)).get(0);
    for (String csv : files.values()) {
      assertEquals(summaryHeader, SummaryCsvTest.lines(csv).get(0));
    }
    List<String> disk = SummaryCsvTest.lines(files.get("tier-far-over.csv"));
    assertEquals(3, disk.size());
    assertEquals("200", SummaryCsvTest.row(disk, 1).get("record_count"));
    assertEquals("300", SummaryCsvTest.row(disk, 2).get("record_count"));
    assertEquals(
        "400",
        SummaryCsvTest.row(SummaryCsvTest.lines(files.get("tier-unclassified.csv")), 1)
            .get("record_count"));
  }

  @Test
  void tierIdsBecomeSafeFileNames() {
    assertEquals("tier-unclassified.csv", ReportLayout.tierFileName(""));
    assertEquals("tier-page_cache.csv", ReportLayout.tierFileName("PAGE_CACHE"));
    assertEquals("tier-.._x.csv", ReportLayout.tierFileName("../x"));
  }
}
