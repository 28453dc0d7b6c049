package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.capacity.Table;
import java.io.PrintWriter;
import java.util.List;

/** A {@link Table} on the console: its title, columns padded to their widest cell, its note. */
final class TextTable {
  private TextTable() {}

  static void print(PrintWriter out, Table t) {
    out.println();
    out.println(t.title() + ":");
    if (t.rows().isEmpty()) {
      out.println("  none");
    } else {
      int[] width = new int[t.headings().size()];
      widen(width, t.headings());
      t.rows().forEach(r -> widen(width, r));
      line(out, width, t.headings());
      t.rows().forEach(r -> line(out, width, r));
    }
    if (!t.note().isEmpty()) {
      out.println("  (" + t.note() + ")");
    }
  }

  private static void widen(int[] width, List<String> cells) {
    for (int i = 0; i < cells.size(); i++) {
      width[i] = Math.max(width[i], cells.get(i).length());
    }
  }

  private static void line(PrintWriter out, int[] width, List<String> cells) {
    StringBuilder s = new StringBuilder(" ");
    for (int i = 0; i < cells.size(); i++) {
      s.append(' ').append(cells.get(i));
      if (i < cells.size() - 1) {
        s.append(" ".repeat(width[i] - cells.get(i).length() + 1));
      }
    }
    out.println(s);
  }
}
