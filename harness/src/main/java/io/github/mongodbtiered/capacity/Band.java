package io.github.mongodbtiered.capacity;

/**
 * A figure and the ends of its band: a measured throughput's 95% interval, or a prediction's
 * leave-one-out band ({@link ErrorBand}).
 */
public record Band(double value, double low, double high) {
  /** A figure with no band: both ends are the figure itself. */
  public static Band exact(double value) {
    return new Band(value, value, value);
  }
}
