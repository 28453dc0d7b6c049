package io.github.mongodbtiered.ycsb;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import site.ycsb.measurements.exporter.MeasurementsExporter;

/** Keeps every figure YCSB exports, for the caller to read as data. */
final class CapturingExporter implements MeasurementsExporter {
  final List<PhaseResult.Metric> metrics = new ArrayList<>();

  @Override
  public void write(String metric, String measurement, int i) {
    metrics.add(new PhaseResult.Metric(metric, measurement, i));
  }

  @Override
  public void write(String metric, String measurement, long i) {
    metrics.add(new PhaseResult.Metric(metric, measurement, i));
  }

  @Override
  public void write(String metric, String measurement, double d) {
    metrics.add(new PhaseResult.Metric(metric, measurement, d));
  }

  @Override
  public void close() {}

  /** This exporter and {@code other} together: both see every figure. */
  MeasurementsExporter alsoTo(MeasurementsExporter other) {
    CapturingExporter self = this;
    return new MeasurementsExporter() {
      @Override
      public void write(String metric, String measurement, int i) throws IOException {
        self.write(metric, measurement, i);
        other.write(metric, measurement, i);
      }

      @Override
      public void write(String metric, String measurement, long i) throws IOException {
        self.write(metric, measurement, i);
        other.write(metric, measurement, i);
      }

      @Override
      public void write(String metric, String measurement, double d) throws IOException {
        self.write(metric, measurement, d);
        other.write(metric, measurement, d);
      }

      @Override
      public void close() {}
    };
  }
}
