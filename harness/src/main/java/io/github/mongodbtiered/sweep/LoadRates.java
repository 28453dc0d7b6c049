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
 * Load throughput per step ({@code loads.properties}: record count = records/s of the step that
 * reached it), kept beside the report so a resumed sweep still reports how fast each step loaded
 * (the study saw inserts slow down as the data outgrew memory).
 */
final class LoadRates {
  private LoadRates() {}

  static void read(Path reportDir, Map<Long, Double> into) throws IOException {
    Path f = new ReportLayout(reportDir).loadRates();
    if (!Files.exists(f)) {
      return;
    }
    Properties p = new Properties();
    try (Reader r = Files.newBufferedReader(f)) {
      p.load(r);
    }
    try {
      p.forEach((k, v) -> into.put(Long.parseLong(k.toString()), Double.parseDouble(v.toString())));
    } catch (NumberFormatException e) {
      throw new IOException(f + " is damaged (" + e.getMessage() + "); delete it to continue", e);
    }
  }

  static void write(Path reportDir, Map<Long, Double> rates) throws IOException {
    Properties p = new Properties();
    rates.forEach((k, v) -> p.setProperty(Long.toString(k), Double.toString(v)));
    StringWriter w = new StringWriter();
    p.store(w, "records/s of the load step that reached each record count");
    AtomicFiles.write(new ReportLayout(reportDir).loadRates(), w.toString());
  }
}
