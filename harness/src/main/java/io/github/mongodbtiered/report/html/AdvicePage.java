package io.github.mongodbtiered.report.html;

import static io.github.mongodbtiered.report.html.Html.esc;

import io.github.mongodbtiered.capacity.Table;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** {@code advise.html}: the advice on one self-contained page. */
public final class AdvicePage {
  public static final String FILE = "advise.html";

  private static final String STYLE =
      "body{font-family:sans-serif;margin:1.5em;max-width:90em}"
          + "table{border-collapse:collapse}td,th{padding:.25em .6em;border-bottom:1px solid #ddd;"
          + "text-align:left}.muted{color:#666}code{font-size:90%}";

  private AdvicePage() {}

  /** The page's text; {@code report} is the report directory as given. */
  public static String page(String report, String target, List<String> notes, List<Table> tables) {
    return "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>advise: "
        + esc(report)
        + "</title><style>"
        + STYLE
        + "</style></head><body><p>Report <code>"
        + esc(report)
        + "</code></p>"
        + CapacitySection.html(target, notes, tables)
        + "</body></html>\n";
  }

  /** Writes {@code dir/advise.html}. */
  public static Path write(
      Path dir, String report, String target, List<String> notes, List<Table> tables)
      throws IOException {
    Path file = dir.resolve(FILE);
    Files.writeString(file, page(report, target, notes, tables), StandardCharsets.UTF_8);
    return file;
  }
}
