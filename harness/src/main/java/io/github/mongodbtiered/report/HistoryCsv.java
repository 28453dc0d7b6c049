package io.github.mongodbtiered.report;

import io.github.mongodbtiered.results.CellResult;
import io.github.mongodbtiered.results.LatencyStats;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * A history of sweeps as change-point tools read it (Hunter's CSV layout: a time column, attribute
 * columns, metric columns): one line per report, each cell's throughput and main-operation p99 a
 * metric column of its own ({@code 2000000-hdd-150.ops_per_sec}), so each cell is a series. A
 * report adding cells adds columns; the earlier lines are kept, empty there.
 */
public final class HistoryCsv {
  public static final String TIME = "time";

  /** What a line is about besides its figures: Hunter's attributes. */
  static final List<String> ATTRIBUTES =
      List.of("server", "server_image", "server_version", "tool_version", "report");

  private HistoryCsv() {}

  /**
   * The history with this report's line appended.
   *
   * @param existing the history file's text, or empty for a new one
   * @param report the report's name (its directory), an attribute
   * @return the new text, or null when the history already holds a line of this report's time
   * @throws IllegalArgumentException when {@code existing} is not such a history
   */
  public static String append(
      String existing, RunManifest manifest, List<CellResult> cells, String report) {
    List<List<String>> rows = parse(existing);
    requireReadable(rows);
    Map<String, String> line = line(manifest, cells, report);
    Set<String> header = new LinkedHashSet<>();
    header.add(TIME);
    header.addAll(ATTRIBUTES);
    if (!rows.isEmpty()) {
      header.addAll(rows.get(0));
      int time = rows.get(0).indexOf(TIME);
      if (rows.stream()
          .skip(1)
          .anyMatch(r -> r.size() > time && r.get(time).equals(line.get(TIME)))) {
        return null;
      }
    }
    header.addAll(line.keySet());
    List<String> columns = List.copyOf(header);
    StringBuilder out = new StringBuilder();
    Csv.line(out, columns);
    for (List<String> r : rows.subList(Math.min(1, rows.size()), rows.size())) {
      Map<String, String> old = new LinkedHashMap<>();
      for (int i = 0; i < r.size(); i++) {
        old.put(rows.get(0).get(i), r.get(i));
      }
      Csv.line(out, columns.stream().map(c -> old.getOrDefault(c, "")).toList());
    }
    Csv.line(out, columns.stream().map(c -> line.getOrDefault(c, "")).toList());
    return out.toString();
  }

  /**
   * Refuses a history whose lines do not read under its own header: rewriting it would move the
   * earlier runs' figures into other columns (an open quote swallows the fields after it, a column
   * removed shifts them), and the file is the only copy of those runs.
   */
  private static void requireReadable(List<List<String>> rows) {
    if (rows.isEmpty()) {
      return;
    }
    List<String> header = rows.get(0);
    if (!header.get(0).equals(TIME)) {
      throw new IllegalArgumentException(
          "not a history of this tool: its first column is '"
              + header.get(0)
              + "'; give another file (a new one is created with the header)");
    }
    for (String a : ATTRIBUTES) {
      if (!header.contains(a)) {
        throw new IllegalArgumentException(
            "its header has no column '" + a + "' (removed?); restore it, or give a new file");
      }
    }
    for (int i = 1; i < rows.size(); i++) {
      List<String> r = rows.get(i);
      if (r.size() != header.size()) {
        throw new IllegalArgumentException(
            "its line "
                + (i + 1)
                + " has "
                + r.size()
                + " fields where the header has "
                + header.size()
                + " (a quote not closed, a column removed?); nothing was changed: mend the file,"
                + " or give a new one");
      }
      for (int c = 0; c < header.size(); c++) {
        String v = r.get(c);
        if (header.get(c).contains(".") && !v.isEmpty() && !isNumber(v)) {
          throw new IllegalArgumentException(
              "its line "
                  + (i + 1)
                  + ", column "
                  + header.get(c)
                  + ": '"
                  + (v.length() > 40 ? v.substring(0, 40) + "..." : v)
                  + "' is not a figure; nothing was changed: mend the file, or give a new one");
        }
      }
    }
  }

  private static boolean isNumber(String v) {
    try {
      return Double.isFinite(Double.parseDouble(v));
    } catch (NumberFormatException e) {
      return false;
    }
  }

  private static Map<String, String> line(
      RunManifest manifest, List<CellResult> cells, String report) {
    Map<String, String> line = new LinkedHashMap<>();
    line.put(TIME, manifest.startedAt().toString());
    line.put("server", manifest.serverKind() == null ? "" : manifest.serverKind().id());
    line.put("server_image", manifest.serverImage());
    line.put("server_version", manifest.serverVersion());
    line.put("tool_version", manifest.toolVersion());
    line.put("report", report);
    for (CellResult c : cells) {
      String prefix = c.recordCount() + "-" + c.profile() + ".";
      line.put(prefix + "ops_per_sec", c.ok() ? Double.toString(c.throughputOpsPerSec()) : "");
      String op = LatencyStats.mainOperation(LatencyStats.counts(c.latencies()));
      if (op != null) {
        LatencyStats s = c.latencies().get(op);
        String name = prefix + op.toLowerCase(Locale.ROOT) + "_p99_ms";
        line.put(name, c.ok() && s.count() > 0 ? Double.toString(s.p99Micros() / 1000.0) : "");
      }
    }
    return line;
  }

  /** RFC 4180 lines, as {@link Csv} writes them: quoted fields may hold commas, quotes, CR, LF. */
  static List<List<String>> parse(String text) {
    List<List<String>> rows = new ArrayList<>();
    List<String> row = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    boolean quoted = false;
    for (int i = 0; i < text.length(); i++) {
      char ch = text.charAt(i);
      if (quoted) {
        if (ch == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
          field.append('"');
          i++;
        } else if (ch == '"') {
          quoted = false;
        } else {
          field.append(ch);
        }
      } else if (ch == '"') {
        quoted = true;
      } else if (ch == ',') {
        row.add(field.toString());
        field.setLength(0);
      } else if (ch == '\n') {
        row.add(field.toString());
        field.setLength(0);
        rows.add(row);
        row = new ArrayList<>();
      } else if (ch != '\r') {
        field.append(ch);
      }
    }
    if (quoted) {
      throw new IllegalArgumentException(
          "its line "
              + (rows.size() + 1)
              + " opens a quote that is never closed; nothing was changed: mend the file, or"
              + " give a new one");
    }
    if (field.length() > 0 || !row.isEmpty()) {
      row.add(field.toString());
      rows.add(row);
    }
    return rows;
  }
}
