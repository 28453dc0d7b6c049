package io.github.mongodbtiered.capacity;

/**
 * A closed loop of client threads against a server, solved exactly by mean value analysis: each
 * operation spends {@code cpuMicros} at the server's CPU (a queue: the in-memory rate is its
 * limit), and for each of its reads the disk's latency (no queue: reads in flight overlap) and a
 * turn at the disk's throttle (a queue served at the read cap). Throughput is then the smooth form
 * of min(in-memory rate, threads / latency per operation, read cap / reads per operation).
 *
 * @param cpuMicros CPU time per operation: 1e6 / the in-memory rate
 * @param readsPerOp device reads per operation
 * @param readMicros one read's time without queueing: the added latency and the device's own
 * @param readCapPerSec reads per second the throttle delivers when busy; infinity for none
 */
public record ClosedLoop(
    double cpuMicros, double readsPerOp, double readMicros, double readCapPerSec) {

  /**
   * The loop's state at a number of threads.
   *
   * @param opsPerSec throughput
   * @param cpuResidenceMicros an operation's mean time at the CPU, its queue included
   * @param throttleMicrosPerRead a read's mean time at the throttle, its queue included
   */
  public record Flow(double opsPerSec, double cpuResidenceMicros, double throttleMicrosPerRead) {}

  /** The loop with {@code threads} threads (mean value analysis, one thread added at a time). */
  public Flow solve(int threads) {
    if (threads < 1) {
      throw new IllegalArgumentException("threads must be 1 or more");
    }
    double delay = readsPerOp * readMicros;
    double throttleDemand = Double.isInfinite(readCapPerSec) ? 0 : readsPerOp * 1e6 / readCapPerSec;
    double cpuQueue = 0;
    double throttleQueue = 0;
    double x = 0;
    double cpuResidence = cpuMicros;
    double throttleResidence = throttleDemand;
    for (int n = 1; n <= threads; n++) {
      cpuResidence = cpuMicros * (1 + cpuQueue);
      throttleResidence = throttleDemand * (1 + throttleQueue);
      x = n / (delay + cpuResidence + throttleResidence);
      cpuQueue = x * cpuResidence;
      throttleQueue = x * throttleResidence;
    }
    double perRead = readsPerOp > 0 ? throttleResidence / readsPerOp : 0;
    return new Flow(x * 1e6, cpuResidence, perRead);
  }

  /**
   * The 99th percentile of an operation's latency: the larger of the in-memory cells' p99 and the
   * CPU residence plus the 99th percentile of the disk's part, where an operation makes a Poisson
   * number of reads (mean {@link #readsPerOp}), each taking {@link #readMicros} plus an exponential
   * wait at the throttle (mean {@code flow.throttleMicrosPerRead}).
   */
  public double p99Micros(Flow flow, double inMemoryP99Micros) {
    double disk = diskQuantileMicros(0.99, flow.throttleMicrosPerRead());
    return Math.max(inMemoryP99Micros, flow.cpuResidenceMicros() + disk);
  }

  private double diskQuantileMicros(double q, double waitMicros) {
    if (readsPerOp <= 0 || cdf(0, waitMicros) >= q) {
      return 0;
    }
    double hi = Math.max(1, readMicros + waitMicros);
    while (cdf(hi, waitMicros) < q) {
      hi *= 2;
    }
    double lo = 0;
    for (int i = 0; i < 60; i++) {
      double mid = (lo + hi) / 2;
      if (cdf(mid, waitMicros) < q) {
        lo = mid;
      } else {
        hi = mid;
      }
    }
    return hi;
  }

  /** P(the disk's part of an operation is at most t). */
  private double cdf(double t, double waitMicros) {
    double poisson = Math.exp(-readsPerOp);
    double total = 0;
    double mass = 0;
    for (int k = 0; mass < 1 - 1e-12 && k < 10_000; k++) {
      if (k > 0) {
        poisson *= readsPerOp / k;
      }
      mass += poisson;
      double left = t - k * readMicros;
      if (left < 0) {
        break;
      }
      total += poisson * erlangCdf(k, waitMicros, left);
    }
    return total;
  }

  /** P(the sum of k exponential waits of mean {@code mean} is at most x); 1 for k = 0. */
  private static double erlangCdf(int k, double mean, double x) {
    if (k == 0 || mean <= 0) {
      return 1;
    }
    double lx = x / mean;
    double term = Math.exp(-lx);
    double below = 0;
    for (int j = 0; j < k; j++) {
      if (j > 0) {
        term *= lx / j;
      }
      below += term;
    }
    return Math.max(0, 1 - below);
  }
}
