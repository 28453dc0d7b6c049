package io.github.mongodbtiered.metrics;

import java.lang.management.ManagementFactory;

/**
 * This JVM's CPU time and the wall clock at one moment, to tell whether the benchmark client, not
 * the server, limited a run. The wrk study found exactly that: its client ran out of CPU before
 * MongoDB did, so its throughput figures measured the client. A cell whose client is {@linkplain
 * ClientCpuUsage#saturated() saturated} is flagged rather than trusted.
 *
 * @param cpuNanos the process's CPU time, all threads (GC and JIT included: they are client cost
 *     too), or -1 when this JVM cannot report it
 * @param wallNanos {@link System#nanoTime()} at the same moment
 * @param processors processors available to this JVM (container CPU limits included)
 */
public record ClientCpu(long cpuNanos, long wallNanos, int processors) {

  /**
   * A client is saturated when it keeps at least this fraction of its processors busy. Not 1.0: an
   * average over a run stays below it even when the client is the bottleneck (start-up, pauses,
   * other processes), and near it requests already wait for the client's own threads.
   */
  public static final double SATURATION_FRACTION = 0.85;

  /** The current figures. */
  public static ClientCpu now() {
    long cpu = -1;
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      cpu = os.getProcessCpuTime();
    }
    return new ClientCpu(cpu, System.nanoTime(), Runtime.getRuntime().availableProcessors());
  }

  /**
   * The client's CPU use from {@code before} to this snapshot.
   *
   * @param operations operations completed in between, for the per-operation cost
   * @return the usage, or null when either snapshot lacks the CPU time
   * @throws IllegalArgumentException when no wall time passed
   */
  public ClientCpuUsage usageSince(ClientCpu before, long operations) {
    long wall = wallNanos - before.wallNanos;
    if (wall <= 0) {
      throw new IllegalArgumentException("no time passed between the snapshots");
    }
    if (cpuNanos < 0 || before.cpuNanos < 0) {
      return null;
    }
    long cpu = cpuNanos - before.cpuNanos;
    double cores = (double) cpu / wall;
    return new ClientCpuUsage(
        operations > 0 ? cpu / 1e3 / operations : null,
        cores,
        cores >= SATURATION_FRACTION * processors);
  }
}
