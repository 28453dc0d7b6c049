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
   * CPU residence plus the 99th percentile of the disk's part ({@link DiskTail}): the throttle
   * holds back a share of the reads ({@link DiskTail#heldShare}) and the loop's mean wait per read
   * beyond the throttle's own service time falls on those alone.
   */
  public double p99Micros(Flow flow, double inMemoryP99Micros, int threads) {
    return Math.max(
        inMemoryP99Micros, flow.cpuResidenceMicros() + tail(flow, threads).quantileMicros(0.99));
  }

  /**
   * The disk's part of an operation's latency in {@code flow}, at {@code threads} threads. A held
   * read waits the loop's mean wait per read beyond the throttle's service time, carried by the
   * held reads alone; where the slice's budget is larger than the threads, at most what is left of
   * the slice once the budget is spent ({@link DiskTail#restOfSliceMicros}).
   */
  public DiskTail tail(Flow flow, int threads) {
    double held = DiskTail.heldShare(threads, readCapPerSec);
    if (held == 0) {
      return new DiskTail(readsPerOp, readMicros, 0, 0);
    }
    double queued = Math.max(0, flow.throttleMicrosPerRead() - 1e6 / readCapPerSec);
    double wait = queued / held;
    if (held < 1) {
      double freeOpsPerSec =
          new ClosedLoop(cpuMicros, readsPerOp, readMicros, Double.POSITIVE_INFINITY)
              .solve(threads)
              .opsPerSec();
      wait =
          Math.min(
              wait, DiskTail.restOfSliceMicros(threads, readCapPerSec, freeOpsPerSec * readsPerOp));
    }
    return new DiskTail(readsPerOp, readMicros, held, wait);
  }
}
