package io.github.mongodbtiered.intervals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.stream.Collectors;
import java.util.zip.DataFormatException;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Reads one HdrHistogram interval log, as YCSB writes it, into its intervals. A log with an
 * interval line that does not decode is refused, naming the file: the HdrHistogram reader would
 * otherwise stop there silently and drop the rest.
 *
 * <p>One kind of damage is repaired, since it loses nothing: an interval whose encoded header
 * understates the largest value its counts hold. YCSB's concurrent recorder writes one now and then
 * (in a 60 s run at 12k ops/s, one interval of 63 claimed a largest value of 16 us while holding
 * counts up to 16 ms), and decoding it as written fails with an index out of bounds. Such an
 * interval is decoded with room for values up to {@link #REPAIR_HIGHEST_MICROS} and used as it is.
 */
public final class HistogramLogs {
  /** About 12.7 days in microseconds: room for any latency a log of a run can hold. */
  static final long REPAIR_HIGHEST_MICROS = 1L << 40;

  private HistogramLogs() {}

  /** The log's intervals, with absolute start and end timestamps (ms since the epoch). */
  public static List<Histogram> intervals(Path log) throws IOException {
    List<String> lines;
    try {
      lines = Files.readAllLines(log, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      throw new NoSuchFileException(log + ": no such histogram log");
    } catch (CharacterCodingException e) {
      // The decoder says only "Input length = 1": name the file and what it should be.
      throw new IOException(log + ": not an HdrHistogram log (binary data, not text)", e);
    }
    long expected =
        lines.stream()
            .map(String::strip)
            .filter(l -> !l.isEmpty() && !l.startsWith("#") && !l.startsWith("\"StartTimestamp\""))
            .count();
    try {
      return read(lines, expected, log, false);
    } catch (IOException | RuntimeException asWritten) {
      // Only then is each line checked, and those the reader cannot decode repaired.
      return read(lines, expected, log, true);
    }
  }

  /** The intervals of {@code lines}, every line {@link #repaired} first when {@code repair}. */
  private static List<Histogram> read(List<String> lines, long expected, Path log, boolean repair)
      throws IOException {
    List<Histogram> result = new ArrayList<>();
    byte[] text =
        lines.stream()
            .map(l -> (repair ? repaired(l) : l) + "\n") // the reader's scanner wants lines ended
            .collect(Collectors.joining())
            .getBytes(StandardCharsets.UTF_8);
    try (InputStream in = new ByteArrayInputStream(text)) {
      HistogramLogReader reader = new HistogramLogReader(in);
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        if (!(h instanceof Histogram hist)) {
          throw new IOException(
              log
                  + ": holds "
                  + h.getClass().getSimpleName()
                  + " intervals, not integer latencies");
        }
        result.add(hist);
      }
    } catch (RuntimeException e) {
      // HdrHistogram's decoders often say nothing (a cut base64 line: no message at all).
      String why =
          e.getMessage() == null
              ? e.getClass().getSimpleName()
              : e.getClass().getSimpleName() + ": " + e.getMessage();
      throw new IOException(
          log
              + ": interval "
              + (result.size() + 1)
              + " does not decode, so the log is cut short or damaged, or is no HdrHistogram log ("
              + why
              + "); restore the report's histograms from a copy, or run the sweep again for this"
              + " cell",
          e);
    }
    if (result.size() != expected) {
      throw new IOException(
          log
              + ": interval "
              + (result.size() + 1)
              + " of "
              + expected
              + " does not decode; the log is corrupt or truncated");
    }
    return result;
  }

  /**
   * The interval line as it is when it decodes (or is not an interval, or is damaged past repair:
   * the reader then refuses it), else re-encoded from its counts decoded with room for values up to
   * {@link #REPAIR_HIGHEST_MICROS}; its timestamps, tag and length are kept.
   */
  static String repaired(String line) {
    String l = line.strip();
    int comma = l.lastIndexOf(',');
    if (l.isEmpty() || l.startsWith("#") || l.startsWith("\"") || comma < 0) {
      return line;
    }
    byte[] encoded = null;
    try {
      encoded = Base64.getDecoder().decode(l.substring(comma + 1));
      Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(encoded), 0);
      return line;
    } catch (DataFormatException | RuntimeException e) {
      if (encoded == null) {
        return line; // not base64: nothing to repair
      }
    }
    try {
      Histogram h =
          Histogram.decodeFromCompressedByteBuffer(ByteBuffer.wrap(encoded), REPAIR_HIGHEST_MICROS);
      ByteBuffer out = ByteBuffer.allocate(h.getNeededByteBufferCapacity());
      int length = h.encodeIntoCompressedByteBuffer(out);
      return l.substring(0, comma + 1)
          + Base64.getEncoder().encodeToString(Arrays.copyOf(out.array(), length));
    } catch (DataFormatException | RuntimeException e) {
      return line;
    }
  }
}
