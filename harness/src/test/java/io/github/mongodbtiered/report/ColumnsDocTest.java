package io.github.mongodbtiered.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * docs/columns.md is SummaryColumns' rendering, and names every column a report can have. Run with
 * -Dupdate=true to rewrite it after a column or a description changed.
 */
class ColumnsDocTest {
  static Path repoRoot() {
    Path dir = Path.of("").toAbsolutePath();
    while (dir != null && !Files.isDirectory(dir.resolve("docs"))) {
      dir = dir.getParent();
    }
    assertTrue(dir != null, "no docs/ above " + Path.of("").toAbsolutePath());
    return dir;
  }

  private static Path doc() {
    return repoRoot().resolve("docs/columns.md");
  }

  @Test
  void columnsMdIsWhatTheCodeDescribes() throws IOException {
    String rendered = SummaryColumns.markdown();
    if (Boolean.getBoolean("update")) {
      Files.writeString(doc(), rendered, StandardCharsets.UTF_8);
    }
    assertEquals(
        rendered,
        Files.readString(doc(), StandardCharsets.UTF_8),
        "docs/columns.md is stale: mvn -B -o -pl harness test -Dtest=ColumnsDocTest -Dupdate=true");
  }

  @Test
  void everyColumnOfAReportWithEveryOperationHasItsLine() throws IOException {
    String md = Files.readString(doc(), StandardCharsets.UTF_8);
    TreeSet<String> ops = new TreeSet<>(SummaryCsv.FAILURE_TYPES);
    List<String> columns = SummaryColumns.columns(ops);
    for (String column : columns) {
      String documented = column;
      for (String op : ops) {
        String prefix = op.toLowerCase(Locale.ROOT) + "_";
        if (column.startsWith(prefix) && !column.startsWith("failed_")) {
          documented = "<op>_" + column.substring(prefix.length());
        }
      }
      assertTrue(md.contains("| `" + documented + "` |"), column + " has no line in columns.md");
    }
  }
}
