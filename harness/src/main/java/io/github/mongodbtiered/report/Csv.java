package io.github.mongodbtiered.report;

import java.util.List;

/**
 * RFC 4180 lines as the report's CSV files carry them: CRLF line ends, a field quoted only when it
 * holds a comma, quote, CR or LF. Kept here rather than on a CSV library since these two methods
 * are all the files need and their exact bytes are part of the format.
 */
final class Csv {
  static final String CRLF = "\r\n";

  private Csv() {}

  /** Appends {@code fields} as one line, CRLF-ended. */
  static void line(StringBuilder out, List<String> fields) {
    out.append(join(fields)).append(CRLF);
  }

  /** {@code fields} quoted and comma-separated, without line end. */
  static String join(List<String> fields) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < fields.size(); i++) {
      if (i > 0) {
        out.append(',');
      }
      out.append(quote(fields.get(i)));
    }
    return out.toString();
  }

  /**
   * RFC 4180: quote a field holding a comma, quote, CR or LF, doubling its quotes; null is empty.
   */
  static String quote(String field) {
    if (field == null) {
      return "";
    }
    for (int i = 0; i < field.length(); i++) {
      char ch = field.charAt(i);
      if (ch == ',' || ch == '"' || ch == '\r' || ch == '\n') {
        return '"' + field.replace("\"", "\"\"") + '"';
      }
    }
    return field;
  }
}
