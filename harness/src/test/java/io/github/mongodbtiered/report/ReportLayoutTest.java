package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportLayoutTest {
  @TempDir Path dir;

  @Test
  void aCellsLogsAreItsOperationsServiceAndIntendedWithoutCleanupOrFailures() throws IOException {
    ReportLayout layout = new ReportLayout(dir);
    Files.createDirectories(layout.histograms());
    for (String op :
        List.of(
            "READ",
            "UPDATE",
            "CLEANUP",
            "READ-FAILED",
            "Intended-READ",
            "Intended-UPDATE",
            "Intended-CLEANUP",
            "Intended-READ-FAILED")) {
      Files.writeString(layout.histogram(2000, "io1-5000", op), "");
    }
    Files.writeString(layout.histogram(4000, "io1-5000", "READ"), "");
    assertEquals(
        List.of("Intended-READ", "Intended-UPDATE", "READ", "UPDATE"),
        List.copyOf(layout.histogramsOf(2000, "io1-5000").keySet()));
  }
}
