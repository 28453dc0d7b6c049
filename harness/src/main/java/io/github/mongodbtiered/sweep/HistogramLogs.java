package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.results.LatencyStats;
import java.io.FileNotFoundException;
import java.nio.file.Path;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Latency figures of one operation type from the HdrHistogram log YCSB writes with {@code
 * hdrhistogram.fileoutput=true}: every interval in the log added into one histogram, so the
 * percentiles are exact for the whole run (not an average of interval percentiles).
 */
final class HistogramLogs {
  private HistogramLogs() {}

  /** The stats of the log at {@code file} (values in microseconds, as YCSB records them). */
  static LatencyStats read(Path file) throws FileNotFoundException {
    Histogram total = new Histogram(3);
    HistogramLogReader reader = new HistogramLogReader(file.toFile());
    try {
      EncodableHistogram h;
      while ((h = reader.nextIntervalHistogram()) != null) {
        if (h instanceof Histogram hist) {
          total.add(hist);
        }
      }
    } finally {
      reader.close();
    }
    return stats(total);
  }

  static LatencyStats stats(Histogram h) {
    return LatencyStats.of(h);
  }
}
