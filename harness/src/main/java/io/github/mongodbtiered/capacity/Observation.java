package io.github.mongodbtiered.capacity;

/**
 * One cell the model can use: a closed-loop read run, ok, steady, stable and server-bound, with its
 * device reads measured.
 *
 * @param recordCount records in the data set
 * @param profile the profile's name
 * @param disk the profile's disk
 * @param memoryBytes the profile's memory (0: unknown)
 * @param wtCacheBytes the server's WiredTiger cache (0: unknown)
 * @param threads client threads of the run
 * @param opsPerSec measured throughput, with its 95% interval as the band (the throughput itself
 *     when unknown)
 * @param p99Micros READ's p99
 * @param reads the reads an operation made
 * @param liveBytes the data files' live bytes, or null when not measured
 */
public record Observation(
    long recordCount,
    String profile,
    DiskSpec disk,
    long memoryBytes,
    long wtCacheBytes,
    int threads,
    Band opsPerSec,
    double p99Micros,
    Reads reads,
    Long liveBytes) {

  /**
   * The reads behind a cell's operations.
   *
   * @param deviceReadsPerOp device reads per operation
   * @param fsReadsPerOp reads asked of the file system per operation, or null when not measured
   * @param bytesPerRead bytes per device read, or 0 when unknown
   */
  public record Reads(double deviceReadsPerOp, Double fsReadsPerOp, double bytesPerRead) {}

  /**
   * Below this many device reads per operation a cell "never touches the disk": its throughput is
   * the in-memory rate. A read in a hundred operations costs a 7 ms disk under 0.1 ms per
   * operation.
   */
  public static final double DISK_FREE_READS_PER_OP = 0.01;

  /** "2000000 x hdd-150", as a sweep names cells. */
  public String key() {
    return recordCount + " x " + profile;
  }

  /** Device reads per second the run made. */
  public double deviceReadsPerSec() {
    return reads.deviceReadsPerOp() * opsPerSec.value();
  }

  public boolean diskFree() {
    return reads.deviceReadsPerOp() < DISK_FREE_READS_PER_OP;
  }

  /**
   * Whether the device delivered {@link #SATURATED} of the disk's read cap or more: the cap, not
   * the CPU, set its throughput, so it tells nothing of the CPU an operation costs.
   */
  public boolean saturated() {
    double cap = disk.readCap(reads.bytesPerRead());
    return !Double.isInfinite(cap) && deviceReadsPerSec() >= SATURATED * cap;
  }

  /** The share of its read cap at which a disk is {@link #saturated}. */
  public static final double SATURATED = 0.75;

  /**
   * Disk-bound as the issue defines it: the device delivered more than half the disk's read cap.
   */
  public boolean diskBound() {
    double cap = disk.readCap(reads.bytesPerRead());
    return !Double.isInfinite(cap) && deviceReadsPerSec() > cap / 2;
  }
}
