package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class TierCsvsTest {
  @Test
  void oneFilePerObservedTierWithTheSummarysColumns() {
    List<CellResult> cells =
        List.of(
            Cells.ok(300, "hdd", "DISK"),
            Cells.ok(100, "hdd", "WT_CACHE"),
            Cells.ok(200, "hdd", "DISK"),
            CellResult.failed(400, "hdd", "docker", "x"));
    Map<String, String> files = TierCsvs.render(cells);
    assertEquals(
        List.of("tier-disk.csv", "tier-unclassified.csv", "tier-wt_cache.csv"),
        List.copyOf(files.keySet()));
    String summaryHeader = SummaryCsvTest.lines(SummaryCsv.render(cells)).get(0);
    for (String csv : files.values()) {
      assertEquals(summaryHeader, SummaryCsvTest.lines(csv).get(0));
    }
    List<String> disk = SummaryCsvTest.lines(files.get("tier-disk.csv"));
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
    assertEquals("tier-unclassified.csv", TierCsvs.fileName(""));
    assertEquals("tier-page_cache.csv", TierCsvs.fileName("PAGE_CACHE"));
    assertEquals("tier-.._x.csv", TierCsvs.fileName("../x"));
  }
}
