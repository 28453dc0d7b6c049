package io.github.mongodbtiered.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code --csv FILE} and {@code --force}: results as CSV, to a file (CRLF line ends, RFC 4180) or,
 * with {@code -}, to standard output instead of the text. A bare {@code --csv}, {@code probe}'s old
 * flag for CSV on standard output, still means that, with a warning.
 */
final class CsvOption {
  static final String STDOUT = "-";

  @Spec(Spec.Target.MIXEE)
  CommandSpec command;

  @Option(
      names = "--csv",
      arity = "0..1",
      paramLabel = "FILE",
      description =
          "Also write the results as CSV to FILE, a row as each ends; '-' writes CSV to standard"
              + " output instead of the text, and the notes to standard error.")
  String csv;

  @Option(names = "--force", description = "Let --csv replace an existing FILE.")
  boolean force;

  /**
   * Refuses, before anything is measured, to replace a file without --force; warns of a bare --csv.
   * Called first: the others take the bare form as {@code -}.
   */
  void requireWritable() {
    if ("".equals(csv)) {
      OldSpellings.warn(command, "--csv without FILE", "use --csv - for CSV on standard output");
    }
    if (toFile() && Files.exists(Path.of(csv)) && !force) {
      throw new IllegalArgumentException(
          "--csv " + csv + " exists: choose another file or add --force to replace it");
    }
  }

  /** CSV replaces the text on standard output. */
  boolean toStdout() {
    return STDOUT.equals(csv) || "".equals(csv);
  }

  private boolean toFile() {
    return csv != null && !toStdout();
  }

  /** Where the rows go, the header written; a no-op sink without --csv. */
  Rows open(PrintWriter stdout, String header) throws IOException {
    if (csv == null) {
      return new Rows(null, "");
    }
    Rows rows =
        toStdout()
            ? new Rows(stdout, System.lineSeparator())
            : new Rows(
                Files.newBufferedWriter(
                    Path.of(csv),
                    StandardCharsets.UTF_8,
                    force ? StandardOpenOption.CREATE : StandardOpenOption.CREATE_NEW,
                    StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING),
                "\r\n");
    rows.add(header);
    return rows;
  }

  /** "CSV written to FILE" for a file, else null. */
  String written() {
    return toFile() ? "CSV written to " + csv : null;
  }

  /** CSV lines, each flushed as it is written, so a row is there as soon as its step ends. */
  static final class Rows implements AutoCloseable {
    private final Writer out;
    private final String lineEnd;

    private Rows(Writer out, String lineEnd) {
      this.out = out;
      this.lineEnd = lineEnd;
    }

    void add(String line) {
      if (out == null) {
        return;
      }
      try {
        out.write(line + lineEnd);
        out.flush();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    @Override
    public void close() throws IOException {
      if (out instanceof BufferedWriter file) {
        file.close(); // standard output stays open
      }
    }
  }
}
