package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.servers.BlockDevice;
import io.github.mongodbtiered.servers.DiskProbe;
import java.util.Locale;

/**
 * {@code probe}'s results: a line of text, or a CSV row, per mode. Each carries the latency the
 * profile asked for and whether the data volume applied it ({@link AppliedLatency}), beside the
 * delivered percentiles.
 */
final class ProbeTable {
  static final String CSV_HEADER =
      "profile,mode,device,block_bytes,threads,seconds,ops,iops,mib_per_s,p50_us,p95_us,"
          + "p99_us,max_us,"
          + AppliedLatency.CSV_COLUMNS;

  private ProbeTable() {}

  static String textRow(DiskProbe.Result r, AppliedLatency latency) {
    return String.format(
        Locale.ROOT,
        "%-5s %9.1f IOPS %8.2f MiB/s  p50 %8.2f ms  p95 %8.2f ms  p99 %8.2f ms  max %8.2f ms"
            + "  (%d B, %d thread(s), %.1f s, latency %s)",
        r.mode(),
        r.iops(),
        r.mibPerSec(),
        r.latency().p50Micros() / 1000.0,
        r.latency().p95Micros() / 1000.0,
        r.latency().p99Micros() / 1000.0,
        r.latency().maxMicros() / 1000.0,
        r.blockBytes(),
        r.threads(),
        r.seconds(),
        latency.text());
  }

  /**
   * @param device the disk the limits named: the volume's device when latency is applied
   */
  static String csvRow(DiskProbe.Result r, BlockDevice device, AppliedLatency latency) {
    return String.format(
        Locale.ROOT,
        "%s,%s,%s,%d,%d,%.2f,%d,%.1f,%.3f,%d,%d,%d,%d,%s",
        r.profile().name(),
        r.mode(),
        device.path(),
        r.blockBytes(),
        r.threads(),
        r.seconds(),
        r.ops(),
        r.iops(),
        r.mibPerSec(),
        r.latency().p50Micros(),
        r.latency().p95Micros(),
        r.latency().p99Micros(),
        r.latency().maxMicros(),
        latency.csvColumns());
  }
}
