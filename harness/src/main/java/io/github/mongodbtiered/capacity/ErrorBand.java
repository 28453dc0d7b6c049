package io.github.mongodbtiered.capacity;

import java.util.List;

/**
 * How far the model's predictions fell from the cells it did not see: the lowest and highest
 * predicted/measured ratio of throughput and of p99 over the leave-one-out checks, and the median
 * and worst absolute errors. A prediction's band is the prediction divided by those ratios: a model
 * that was up to 20% high means the truth may be the prediction / 1.2. The band always holds the
 * prediction itself.
 *
 * @param checks how many checks it rests on (0: no band is known, every ratio 1)
 */
public record ErrorBand(
    int checks,
    double opsRatioLow,
    double opsRatioHigh,
    double p99RatioLow,
    double p99RatioHigh,
    double opsMedianAbsError,
    double opsWorstAbsError,
    double p99MedianAbsError,
    double p99WorstAbsError) {

  /** The band of {@code checks}. */
  public static ErrorBand of(List<LeaveOneOut.Check> checks) {
    if (checks.isEmpty()) {
      return new ErrorBand(0, 1, 1, 1, 1, 0, 0, 0, 0);
    }
    List<Double> ops = checks.stream().map(LeaveOneOut.Check::opsError).toList();
    List<Double> p99 = checks.stream().map(LeaveOneOut.Check::p99Error).toList();
    return new ErrorBand(
        checks.size(),
        1 + ops.stream().mapToDouble(d -> d).min().orElse(0),
        1 + ops.stream().mapToDouble(d -> d).max().orElse(0),
        1 + p99.stream().mapToDouble(d -> d).min().orElse(0),
        1 + p99.stream().mapToDouble(d -> d).max().orElse(0),
        Stats.median(ops.stream().map(Math::abs).toList()),
        ops.stream().mapToDouble(Math::abs).max().orElse(0),
        Stats.median(p99.stream().map(Math::abs).toList()),
        p99.stream().mapToDouble(Math::abs).max().orElse(0));
  }

  /** The lowest throughput the band allows around {@code predicted}. */
  public double opsLow(double predicted) {
    return predicted / Math.max(opsRatioHigh, 1);
  }

  public double opsHigh(double predicted) {
    return predicted / Math.max(Math.min(opsRatioLow, 1), 1e-9);
  }

  public double p99Low(double predicted) {
    return predicted / Math.max(p99RatioHigh, 1);
  }

  public double p99High(double predicted) {
    return predicted / Math.max(Math.min(p99RatioLow, 1), 1e-9);
  }
}
