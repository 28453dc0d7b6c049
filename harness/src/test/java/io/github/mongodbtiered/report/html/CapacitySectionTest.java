package io.github.mongodbtiered.report.html;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.capacity.SyntheticReport;
import io.github.mongodbtiered.report.CellStore;
import io.github.mongodbtiered.report.RunManifest;
import io.github.mongodbtiered.results.ServerKind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A report's page carries the capacity model's check, or says why the report cannot have one. */
class CapacitySectionTest {
  @TempDir Path dir;

  private String page(ServerKind server) throws IOException {
    SyntheticReport.write(dir, server);
    return HtmlReport.render(RunManifest.read(dir), new CellStore(dir).all(), List.of(), List.of());
  }

  @Test
  void givenAStudyShapedSweepThePageShowsEachProfilePredictedFromTheOthers() throws IOException {
    String page = page(ServerKind.DOCKER);
    assertTrue(page.contains("<h2>Capacity model check</h2>"), page);
    // The synthetic cells come from the model itself, so every prediction is exact.
    assertTrue(page.contains("all 15 cells: throughput error median 0.0%"), page);
    assertTrue(page.contains("5000000-hdd-150"), page);
    assertFalse(page.contains("Not checked"), page);
  }

  @Test
  void givenAUrlServerThePageSaysWhyTheModelIsNotChecked() throws IOException {
    String page = page(ServerKind.URL);
    assertTrue(
        page.contains("Not checked on this report: its cells ran on a --mongodb-url server"), page);
    assertFalse(page.contains("throughput error median"), page);
  }
}
