package io.github.mongodbtiered.report.html;

import io.github.mongodbtiered.report.html.Warnings.Warning;
import io.github.mongodbtiered.results.CellResult;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The cells' warnings, each said once: notes that read the same in several cells, or differ only in
 * one figure (a client-bound note's cores), become one warning naming those cells, the figure given
 * as its range. A note that differs in more (a not-steady cell's windows and rates) is that cell's
 * own and stays with it.
 */
final class CellWarnings {
  // Figures as notes print them: 7, 1.93, 12,345, 38.5.
  private static final Pattern NUMBER = Pattern.compile("\\d[\\d,]*(?:\\.\\d+)?");

  private CellWarnings() {}

  /** A cell's note split into its words and its figures. */
  private record Noted(String key, String text, String template, List<String> figures) {
    static Noted of(String key, String text) {
      List<String> figures = new ArrayList<>();
      Matcher m = NUMBER.matcher(text);
      while (m.find()) {
        figures.add(m.group());
      }
      return new Noted(key, text, m.replaceAll("#"), figures);
    }
  }

  static List<Warning> saidOnce(List<CellResult> rows) {
    Map<String, List<Noted>> byTemplate = new LinkedHashMap<>();
    for (CellResult c : rows) {
      List<String> notes = new ArrayList<>();
      if (!c.ok()) {
        notes.add("FAILED: " + c.error());
      }
      notes.addAll(c.notes());
      for (String n : notes) {
        Noted noted = Noted.of(c.key(), n);
        byTemplate.computeIfAbsent(noted.template(), t -> new ArrayList<>()).add(noted);
      }
    }
    List<Warning> out = new ArrayList<>();
    for (List<Noted> group : byTemplate.values()) {
      List<Integer> differing = differingFigures(group);
      if (group.size() == 1 || differing.size() > 1) {
        group.forEach(n -> out.add(new Warning(n.key(), n.text())));
      } else {
        out.add(new Warning(cells(group, rows.size()), merged(group, differing)));
      }
    }
    return out;
  }

  /** The positions of the figures that are not the same in every note of the group. */
  private static List<Integer> differingFigures(List<Noted> group) {
    List<Integer> differing = new ArrayList<>();
    List<String> first = group.get(0).figures();
    for (int i = 0; i < first.size(); i++) {
      for (Noted n : group) {
        if (!n.figures().get(i).equals(first.get(i))) {
          differing.add(i);
          break;
        }
      }
    }
    return differing;
  }

  /** The first note's text, its one differing figure (if any) replaced by "lowest-highest". */
  private static String merged(List<Noted> group, List<Integer> differing) {
    Noted first = group.get(0);
    if (differing.isEmpty()) {
      return first.text();
    }
    int at = differing.get(0);
    String low = first.figures().get(at);
    String high = low;
    for (Noted n : group) {
      String f = n.figures().get(at);
      if (value(f) < value(low)) {
        low = f;
      }
      if (value(f) > value(high)) {
        high = f;
      }
    }
    StringBuilder text = new StringBuilder();
    Matcher m = NUMBER.matcher(first.text());
    int index = 0;
    while (m.find()) {
      m.appendReplacement(
          text, Matcher.quoteReplacement(index++ == at ? low + "-" + high : m.group()));
    }
    m.appendTail(text);
    return text.toString();
  }

  private static double value(String figure) {
    return Double.parseDouble(figure.replace(",", ""));
  }

  /** "all 4 cells", or the cells' keys. */
  private static String cells(List<Noted> group, int cellCount) {
    List<String> keys = group.stream().map(Noted::key).distinct().toList();
    return keys.size() == cellCount ? "all " + cellCount + " cells" : String.join(", ", keys);
  }
}
