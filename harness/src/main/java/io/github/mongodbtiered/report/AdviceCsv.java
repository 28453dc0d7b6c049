package io.github.mongodbtiered.report;

import io.github.mongodbtiered.capacity.Table;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code advise-<table>.csv}: each table of the advice as a file of its own, its headings first.
 */
public final class AdviceCsv {
  /** The files' name before the table's id. */
  public static final String PREFIX = "advise-";

  private AdviceCsv() {}

  /** The file of {@code table}. */
  public static String fileName(Table table) {
    return PREFIX + table.id() + ".csv";
  }

  /** One table's text. */
  public static String csv(Table table) {
    StringBuilder out = new StringBuilder();
    Csv.line(out, table.headings());
    table.rows().forEach(r -> Csv.line(out, r));
    return out.toString();
  }

  /** Writes one file per table into {@code dir}, atomically; returns them. */
  public static List<Path> write(Path dir, List<Table> tables) throws IOException {
    List<Path> files = new ArrayList<>();
    for (Table t : tables) {
      Path file = dir.resolve(fileName(t));
      AtomicFiles.write(file, csv(t).getBytes(StandardCharsets.UTF_8));
      files.add(file);
    }
    return files;
  }
}
