package io.github.mongodbtiered.capacity;

import io.github.mongodbtiered.variation.StudentT;
import java.util.Arrays;
import java.util.List;

/**
 * How far the model's predictions fell from the cells it did not see: the predicted/measured ratio
 * of throughput and of p99 a next check may have, and the median and worst absolute errors of the
 * checks. The ratios span every check's and, from three checks on, the 95% prediction interval of
 * one more (Student's t on the log ratios): the lowest and highest of a few checks held 6 and 7 of
 * 9 held-out cells in a full sweep. A prediction's band is its worst and best figures ({@link
 * CapacityModel.Prediction#worst}) divided by those ratios: a model that may be 20% high means the
 * truth may be the figure / 1.2. The band always holds the prediction itself. The checks' errors
 * already carry some of the reads' and the in-memory level's variation that the worst and best
 * span, so the band leans wide rather than narrow.
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
    double[] opsRatios = ratios(ops);
    double[] p99Ratios = ratios(p99);
    return new ErrorBand(
        checks.size(),
        opsRatios[0],
        opsRatios[1],
        p99Ratios[0],
        p99Ratios[1],
        Stats.median(ops.stream().map(Math::abs).toList()),
        ops.stream().mapToDouble(Math::abs).max().orElse(0),
        Stats.median(p99.stream().map(Math::abs).toList()),
        p99.stream().mapToDouble(Math::abs).max().orElse(0));
  }

  /** The lowest and highest ratio (1 + error) a next check may have: see the class comment. */
  private static double[] ratios(List<Double> errors) {
    double low = 1 + errors.stream().mapToDouble(d -> d).min().orElse(0);
    double high = 1 + errors.stream().mapToDouble(d -> d).max().orElse(0);
    int n = errors.size();
    if (n < 3 || low <= 0) {
      return new double[] {low, high};
    }
    double[] logs = errors.stream().mapToDouble(e -> Math.log(1 + e)).toArray();
    double mean = Arrays.stream(logs).average().orElse(0);
    double ss = Arrays.stream(logs).map(l -> (l - mean) * (l - mean)).sum();
    double half = StudentT.quantile975(n - 1) * Math.sqrt(ss / (n - 1) * (1 + 1.0 / n));
    return new double[] {
      Math.min(low, Math.exp(mean - half)), Math.max(high, Math.exp(mean + half))
    };
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
