package io.github.mongodbtiered.capacity;

import java.util.List;

/** The few order statistics the model reports. */
final class Stats {
  private Stats() {}

  /** The median; of an even count, the mean of the middle two. */
  static double median(List<Double> values) {
    if (values.isEmpty()) {
      throw new IllegalArgumentException("no values");
    }
    List<Double> s = values.stream().sorted().toList();
    int n = s.size();
    return n % 2 == 1 ? s.get(n / 2) : (s.get(n / 2 - 1) + s.get(n / 2)) / 2;
  }
}
