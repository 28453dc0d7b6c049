package io.github.mongodbtiered.report;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Properties;
import site.ycsb.measurements.OneMeasurementHdrHistogram;
import site.ycsb.measurements.exporter.TextMeasurementsExporter;

/**
 * HdrHistogram logs written the way a sweep's are: by YCSB's own hdrhistogram measurement with
 * {@code hdrhistogram.fileoutput=true}, one interval per status report.
 */
public final class YcsbLogs {
  private YcsbLogs() {}

  /** A YCSB measurement logging to {@code <prefix><op>.hdr}. */
  public static OneMeasurementHdrHistogram open(Path prefix, String op) {
    Properties p = new Properties();
    p.setProperty("hdrhistogram.fileoutput", "true");
    p.setProperty("hdrhistogram.output.path", prefix.toString());
    return new OneMeasurementHdrHistogram(op, p);
  }

  /** Records {@code chunk} and closes one interval, as YCSB's status thread does. */
  public static void interval(OneMeasurementHdrHistogram m, long[] chunk) {
    for (long v : chunk) {
      m.measure((int) v);
    }
    m.getSummary();
  }

  /** Ends the run: the last interval is written and the log closed. */
  public static void close(OneMeasurementHdrHistogram m) throws IOException {
    m.exportMeasurements(new TextMeasurementsExporter(OutputStream.nullOutputStream()));
  }

  /** Writes {@code <prefix><op>.hdr} holding {@code intervals}, one after another. */
  public static Path write(Path prefix, String op, List<long[]> intervals) throws IOException {
    OneMeasurementHdrHistogram m = open(prefix, op);
    intervals.forEach(chunk -> interval(m, chunk));
    close(m);
    return Path.of(prefix + op + ".hdr");
  }
}
