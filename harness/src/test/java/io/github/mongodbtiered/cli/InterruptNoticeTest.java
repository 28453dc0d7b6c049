package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class InterruptNoticeTest {
  @TempDir Path out;

  @Test
  void givenTwoSavedCellsTheNoticeCountsThemAndSaysHowToResume() throws IOException {
    Path cells = Files.createDirectories(out.resolve("cells"));
    Files.writeString(cells.resolve("20000-fast-small.json"), "{}");
    Files.writeString(cells.resolve("300000-fast-small.json"), "{}");
    Files.writeString(cells.resolve("300000-fast-small.json.tmp"), "{}");
    String text = InterruptNotice.text(out);
    assertTrue(text.startsWith("[interrupted] the sweep stopped before its end;"), text);
    assertTrue(text.contains("2 finished cells are kept in " + out), text);
    assertTrue(text.contains("run the same command to resume"), text);
  }

  @Test
  void givenNoCellsDirectoryYetTheNoticeSaysNoneAreKept() {
    assertTrue(InterruptNotice.text(out).contains("0 finished cells are kept"));
  }
}
