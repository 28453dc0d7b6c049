package io.github.mongodbtiered.cli;

import java.io.IOException;
import java.io.PrintWriter;
import picocli.CommandLine;

/**
 * Where a disk measurement's lines go: notes and a text table on standard output, and CSV rows to
 * {@code --csv FILE}; with {@code --csv -}, CSV alone on standard output and the notes on standard
 * error.
 */
final class MeasurementOutput implements AutoCloseable {
  private final PrintWriter notes;
  private final PrintWriter table;
  private final CsvOption.Rows csv;
  private final String written;

  private MeasurementOutput(
      PrintWriter notes, PrintWriter table, CsvOption.Rows csv, String written) {
    this.notes = notes;
    this.table = table;
    this.csv = csv;
    this.written = written;
  }

  /** Opens {@code --csv}'s target (after its header) for the command {@code cl}. */
  static MeasurementOutput open(CommandLine cl, CsvOption csvOption, String csvHeader)
      throws IOException {
    boolean csvOnStdout = csvOption.toStdout();
    return new MeasurementOutput(
        csvOnStdout ? cl.getErr() : cl.getOut(),
        csvOnStdout ? null : cl.getOut(),
        csvOption.open(cl.getOut(), csvHeader),
        csvOption.written());
  }

  void note(String line) {
    notes.println(line);
    notes.flush();
  }

  /** A line of the text table (its header, say), unless CSV replaces the table. */
  void tableLine(String line) {
    if (table != null) {
      table.println(line);
      table.flush();
    }
  }

  /** One result, as a table row and as a CSV row. */
  void row(String text, String csvRow) {
    tableLine(text);
    csv.add(csvRow);
  }

  /** At the end of a measurement that succeeded: where the CSV file is. */
  void finished() {
    if (written != null) {
      note(written);
    }
  }

  @Override
  public void close() throws IOException {
    csv.close();
  }
}
