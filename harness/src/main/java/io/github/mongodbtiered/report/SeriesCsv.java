package io.github.mongodbtiered.report;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * A cell's time series, {@code series/<records>-<profile>.csv}: one row per second of the warm-up
 * and of the measured run (their HdrHistogram intervals), and one for the preload, which runs no
 * workload and so has a length but no operations. Times are seconds from the start of the warm-up
 * (the preload's are negative). RFC 4180 like {@code summary.csv}; the report's figures never read
 * it, only the page's time-series charts do.
 */
public final class SeriesCsv {
  static final List<String> HEADER =
      List.of(
          "repeat",
          "phase",
          "start_s",
          "end_s",
          "operations",
          "ops_per_sec",
          "p99_ms",
          "main_operation",
          "main_p99_ms",
          "warmup_stage",
          "warmup_waiting_on",
          "burst_credits");

  /** The header before the warm-up's stage and waits were kept; such files are still read. */
  private static final List<String> HEADER_WITHOUT_WAITS = HEADER.subList(0, 9);

  /** The header before burst credits were kept; such files are still read. */
  private static final List<String> HEADER_WITHOUT_BURST = HEADER.subList(0, 11);

  /** What a row's time belongs to. */
  public enum Phase {
    PRELOAD,
    WARMUP,
    RUN;

    /** As the file writes it: {@code preload}, {@code warmup}, {@code run}. */
    public String id() {
      return name().toLowerCase(Locale.ROOT);
    }

    static Phase of(String id) {
      for (Phase p : values()) {
        if (p.id().equals(id)) {
          return p;
        }
      }
      throw new IllegalArgumentException("phase '" + id + "' is none of preload, warmup, run");
    }
  }

  /**
   * One row.
   *
   * @param repeat which measured run of the cell (1 for the first), with its own warm-up
   * @param phase preload, warm-up or measured run
   * @param startSeconds when it began, seconds from the start of the warm-up
   * @param endSeconds when it ended, likewise
   * @param operations operations completed; null for the preload
   * @param opsPerSec operations per second; null for the preload
   * @param p99Millis the 99th percentile of every operation together, ms; null without operations
   * @param mainOperation the operation type with the most operations in the run (READ, ...)
   * @param mainP99Millis its 99th percentile, ms; null when it had none in this second
   * @param warmup what the warm-up kept of a warm-up second ({@link Warmup#NONE} for other phases)
   * @param burstCredits a burst-credit volume's credits at the end of the second; null without a
   *     bucket
   */
  public record Row(
      int repeat,
      Phase phase,
      double startSeconds,
      double endSeconds,
      Long operations,
      Double opsPerSec,
      Double p99Millis,
      String mainOperation,
      Double mainP99Millis,
      Warmup warmup,
      Double burstCredits) {

    /** A row of a volume without a burst bucket. */
    public Row(
        int repeat,
        Phase phase,
        double startSeconds,
        double endSeconds,
        Long operations,
        Double opsPerSec,
        Double p99Millis,
        String mainOperation,
        Double mainP99Millis,
        Warmup warmup) {
      this(
          repeat,
          phase,
          startSeconds,
          endSeconds,
          operations,
          opsPerSec,
          p99Millis,
          mainOperation,
          mainP99Millis,
          warmup,
          null);
    }

    /** This row with the bucket's credits. */
    public Row withBurstCredits(Double credits) {
      return new Row(
          repeat,
          phase,
          startSeconds,
          endSeconds,
          operations,
          opsPerSec,
          p99Millis,
          mainOperation,
          mainP99Millis,
          warmup,
          credits);
    }

    /**
     * A warm-up second's stage and the steady-state tests it failed.
     *
     * @param stage {@code lifted} (the disk limits lifted) or {@code limited}; null for other
     *     phases and where no limit was lifted
     * @param waitingOn the tests failed, {@code ;}-separated ({@link
     *     io.github.mongodbtiered.warmup.SteadyStateDetector#waitingOn()}), empty at the second
     *     found steady; null for other phases and where the warm-up kept no record
     */
    public record Warmup(String stage, String waitingOn) {
      /** Nothing kept: the preload's and the run's rows, and files from before it was kept. */
      public static final Warmup NONE = new Warmup(null, null);
    }
  }

  private SeriesCsv() {}

  public static String render(List<Row> rows) {
    StringBuilder out = new StringBuilder();
    Csv.line(out, HEADER);
    for (Row r : rows) {
      Csv.line(
          out,
          List.of(
              Integer.toString(r.repeat()),
              r.phase().id(),
              fixed(r.startSeconds()),
              fixed(r.endSeconds()),
              r.operations() == null ? "" : Long.toString(r.operations()),
              r.opsPerSec() == null ? "" : String.format(Locale.ROOT, "%.1f", r.opsPerSec()),
              r.p99Millis() == null ? "" : fixed(r.p99Millis()),
              r.mainOperation() == null ? "" : r.mainOperation(),
              r.mainP99Millis() == null ? "" : fixed(r.mainP99Millis()),
              r.warmup().stage() == null ? "" : r.warmup().stage(),
              r.warmup().waitingOn() == null ? "" : r.warmup().waitingOn(),
              r.burstCredits() == null
                  ? ""
                  : String.format(Locale.ROOT, "%.0f", r.burstCredits())));
    }
    return out.toString();
  }

  /**
   * The rows of a series file.
   *
   * @throws IOException when it is missing or not a series file, naming it and the line
   */
  public static List<Row> read(Path file) throws IOException {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(file + ": no such time series");
    }
    String header = lines.isEmpty() ? "" : lines.get(0).strip();
    if (!header.equals(String.join(",", HEADER))
        && !header.equals(String.join(",", HEADER_WITHOUT_BURST))
        && !header.equals(String.join(",", HEADER_WITHOUT_WAITS))) {
      throw new IOException(file + ": not a time series (its header is not " + HEADER + ")");
    }
    int fields = header.split(",", -1).length;
    List<Row> rows = new ArrayList<>();
    for (int i = 1; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty()) {
        continue;
      }
      try {
        rows.add(parse(line, fields));
      } catch (RuntimeException e) {
        throw new IOException(file + ": line " + (i + 1) + " is not a series row: " + line, e);
      }
    }
    return rows;
  }

  /**
   * Writes one measured run's rows (its preload, warm-up and run) into the cell's file atomically:
   * the first run replaces whatever the file held, each later one is appended after the rows of the
   * runs before it.
   */
  public static void append(
      ReportLayout layout, long recordCount, String profile, int repeat, List<Row> rows)
      throws IOException {
    Path file = layout.series(recordCount, profile);
    List<Row> all = new ArrayList<>();
    if (repeat > 1 && Files.isRegularFile(file)) {
      read(file).stream().filter(r -> r.repeat() < repeat).forEach(all::add);
    }
    all.addAll(rows);
    AtomicFiles.write(file, render(all));
  }

  private static Row parse(String line, int fields) {
    // Every field is a number or a word: a quote would mean this file was written by another tool.
    if (line.indexOf('"') >= 0) {
      throw new IllegalArgumentException("quoted field");
    }
    List<String> f = new ArrayList<>(Arrays.asList(line.split(",", -1)));
    if (f.size() != fields) {
      throw new IllegalArgumentException(f.size() + " fields");
    }
    boolean waits = fields >= HEADER_WITHOUT_BURST.size();
    return new Row(
        Integer.parseInt(f.get(0)),
        Phase.of(f.get(1)),
        Double.parseDouble(f.get(2)),
        Double.parseDouble(f.get(3)),
        f.get(4).isEmpty() ? null : Long.parseLong(f.get(4)),
        number(f.get(5)),
        number(f.get(6)),
        f.get(7).isEmpty() ? null : f.get(7),
        number(f.get(8)),
        new Row.Warmup(
            waits && !f.get(9).isEmpty() ? f.get(9) : null,
            waits && f.get(1).equals(Phase.WARMUP.id()) ? f.get(10) : null),
        fields == HEADER.size() ? number(f.get(11)) : null);
  }

  private static Double number(String field) {
    return field.isEmpty() ? null : Double.parseDouble(field);
  }

  private static String fixed(double v) {
    return String.format(Locale.ROOT, "%.3f", v);
  }
}
