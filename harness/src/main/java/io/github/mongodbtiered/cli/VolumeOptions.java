package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.BurstStart;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.sweep.Volume;
import io.github.mongodbtiered.volumes.LatencyMethod;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * How a profile's added latency is applied: the delayed data volume's method and size, shared by
 * {@code sweep}, {@code probe} and {@code disk-baseline}.
 */
final class VolumeOptions {
  static final class MethodConverter extends Choice<LatencyMethod> {
    MethodConverter() {
      super(LatencyMethod.class);
    }
  }

  @Option(
      names = "--latency",
      paramLabel = "METHOD",
      converter = MethodConverter.class,
      description =
          "${COMPLETION-CANDIDATES}: how a profile's added latency is applied (default:"
              + " ${DEFAULT-VALUE}). The data directory becomes a volume of its own: a sparse file"
              + " under a device-mapper delay mapping (dm) or nbdkit's delay filter seen through"
              + " nbdfuse and a loop device (nbd), XFS (else ext4) mounted noatime with 4 KiB"
              + " read-ahead; every profile runs on it, with its own latency (0 where it asks none)"
              + " and its limits on the volume's device. auto takes dm, else nbd, else runs"
              + " without added latency and says why; both need root. off: the data directory as"
              + " it is, no latency added.")
  LatencyMethod latency = Volume.defaults().latency();

  @Option(
      names = "--volume-size",
      paramLabel = "SIZE",
      converter = ByteSize.Converter.class,
      description =
          "Size of the data volume (a sparse file: only what is written takes space). Default:"
              + " from what it will hold: for sweep the data set (records x record size x 2, plus"
              + " 2 GiB), for probe and disk-baseline the measured file plus 1 GiB, rounded up to"
              + " a GiB. A volume that would not fit the free space is refused before anything is"
              + " written to it.")
  ByteSize volumeSize;

  /**
   * XFS's smallest file system (mkfs.xfs refuses less): a smaller volume failed only once built, as
   * an unusable server (exit 3) with mkfs's usage text in the message.
   */
  static final long MIN_VOLUME_BYTES = 300L << 20;

  static final class BurstConverter implements picocli.CommandLine.ITypeConverter<BurstStart> {
    @Override
    public BurstStart convert(String text) {
      try {
        return BurstStart.parse(text);
      } catch (IllegalArgumentException e) {
        throw new picocli.CommandLine.TypeConversionException(e.getMessage());
      }
    }
  }

  @Option(
      names = "--burst-credits",
      paramLabel = "full|empty|N",
      converter = BurstConverter.class,
      description =
          "How full a burst-credit volume's bucket is (default: full, as a new volume's): gp2"
              + " under 1 TiB and Azure Premium SSD P10-P20 run at their burst rate while they have"
              + " credits, one spent per I/O and their baseline's earned back each second, then at"
              + " their baseline. full or a number (e.g. 27000: 10 s of gp2:100GiB at 3000 IOPS)"
              + " is the bucket when the run begins, kept from cell to cell as one volume's; empty"
              + " starts every cell's server with an empty bucket: the volume as it runs in"
              + " production, once its credits are spent, not lifted by what a cell before earned"
              + " while it barely read. A cell that drew on credits (ran above its baseline) is"
              + " flagged (summary.csv's burst column, the page) and advise leaves it out.")
  BurstStart burstCredits = BurstStart.FULL;

  /** The sweep's volume these options give. */
  Volume volume() {
    return new Volume(latency, volumeSizeBytes(), burstCredits);
  }

  /** Refuses a profile the volume cannot serve: a fractional latency, a bucket it cannot fill. */
  void checkLatencies(List<DiskProfile> profiles) {
    volume().check(profiles, true);
  }

  /** The size asked for, or 0 to size the volume from what it will hold. */
  long volumeSizeBytes() {
    if (volumeSize != null && volumeSize.bytes() < MIN_VOLUME_BYTES) {
      throw new IllegalArgumentException(
          "--volume-size "
              + volumeSize
              + ": too small for a file system; give 300m or more, or leave it out to size the"
              + " volume from the data set");
    }
    return volumeSize == null ? 0 : volumeSize.bytes();
  }
}
