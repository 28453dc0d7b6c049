package io.github.mongodbtiered.sweep;

import io.github.mongodbtiered.report.AtomicFiles;
import io.github.mongodbtiered.report.ReportLayout;
import java.io.IOException;
import java.io.Reader;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Properties;

/**
 * Load throughput and time per step ({@code loads.properties}: {@code COUNT = records/s} of the
 * step that reached it, {@code COUNT.seconds = } its wall-clock seconds), kept beside the report so
 * a resumed sweep still reports how fast each step loaded (the study saw inserts slow down as the
 * data outgrew memory) and how long it took.
 */
final class LoadRates {
  private LoadRates() {}

  private static final String SECONDS = ".seconds";

  static void read(Path reportDir, Map<Long, Double> rates, Map<Long, Double> seconds)
      throws IOException {
    Path f = new ReportLayout(reportDir).loadRates();
    if (!Files.exists(f)) {
      return;
    }
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(f)) {
      p.load(r);
    }
    try {
      for (String key : p.stringPropertyNames()) {
        double value = Double.parseDouble(p.getProperty(key));
        if (key.endsWith(SECONDS)) {
          seconds.put(Long.parseLong(key.substring(0, key.length() - SECONDS.length())), value);
        } else {
          rates.put(Long.parseLong(key), value);
        }
      }
    } catch (NumberFormatException e) {
      throw new IOException(f + " is damaged (" + e.getMessage() + "); delete it to continue", e);
    }
  }

  static void write(Path reportDir, Map<Long, Double> rates, Map<Long, Double> seconds)
      throws IOException {
    Properties p = new Properties();
    rates.forEach((k, v) -> p.setProperty(Long.toString(k), Double.toString(v)));
    seconds.forEach((k, v) -> p.setProperty(k + SECONDS, Double.toString(v)));
    StringWriter w = new StringWriter();
    p.store(w, "records/s and seconds of the load step that reached each record count");
    AtomicFiles.write(new ReportLayout(reportDir).loadRates(), w.toString());
  }
}
