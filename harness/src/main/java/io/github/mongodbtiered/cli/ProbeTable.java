package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.DiskProfile;
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
   * What the probe delivered against the profile's caps: "read: 2998 of 3000 IOPS (99.9%), 11.7 of
   * 125 MiB/s": the limit that bound it is the one near 100%. A run short of both by more than 5%
   * says the host (its disk, or the volume stack at its latency) or the load, not the throttle, set
   * the rate. Null for a profile without limits.
   */
  static String deliveredNote(DiskProbe.Result r) {
    DiskProfile p = r.profile();
    boolean write = r.mode().equals("write");
    long iopsCap = write ? p.writeIops() : p.readIops();
    long bytesCap = write ? p.writeBytesPerSec() : p.readBytesPerSec();
    if (iopsCap == 0 && bytesCap == 0) {
      return null;
    }
    double iopsShare = iopsCap > 0 ? r.iops() / iopsCap : 0;
    double mibCap = bytesCap / (double) (1 << 20);
    double bytesShare = bytesCap > 0 ? r.mibPerSec() / mibCap : 0;
    String text =
        String.format(
            Locale.ROOT,
            "%s: %s%s",
            r.mode(),
            iopsCap > 0
                ? String.format(
                    Locale.ROOT, "%.0f of %d IOPS (%.1f%%)", r.iops(), iopsCap, 100 * iopsShare)
                : String.format(Locale.ROOT, "%.0f IOPS (no IOPS cap)", r.iops()),
            bytesCap > 0
                ? String.format(
                    Locale.ROOT,
                    ", %.1f of %.0f MiB/s (%.1f%%)",
                    r.mibPerSec(),
                    mibCap,
                    100 * bytesShare)
                : "");
    if (Math.max(iopsShare, bytesShare) < 0.95) {
      text +=
          "; short of the profile's limits: the load ("
              + r.threads()
              + " thread(s) of "
              + r.blockBytes()
              + " B) or this host's disk and volume stack set the rate, not the throttle: more"
              + " --threads, a larger --block-size for the bandwidth, or disk-baseline --profile"
              + " none for what the bare disk gives";
    }
    return text;
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
