package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.BurstBucket;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.servers.BlockDevice;
import io.github.mongodbtiered.servers.BurstThrottle;
import io.github.mongodbtiered.servers.DiskProbe;
import io.github.mongodbtiered.servers.DockerEnvironment;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code probe}: proof that a profile's throttle is real. */
@Command(
    name = "probe",
    defaultValueProvider = ProbeCommand.Defaults.class,
    header = "Measure the IOPS and latency a disk profile really gives a server.",
    customSynopsis = "mongodb-tiered probe --profile=NAME [OPTIONS]",
    mixinStandardHelpOptions = true,
    sortOptions = false,
    description = {
      "Measures the disk a profile gives a server: random O_DIRECT reads and writes of one block"
          + " each, from inside a container limited exactly as the server's container would be,"
          + " on a file in the data directory. The delivered IOPS should match the profile's"
          + " limit; without a limit they show what the disk itself can do.",
      "",
      "The probe runs in the stand-in image (--probe-image; build it once with"
          + " scripts/build-standin-image); it is never pulled.",
      "",
      "Added latency (+7 ms for hdd-150 and san-600): the data directory becomes a delayed"
          + " volume (see --latency): the file is written on it without delay, then the volume"
          + " is mounted again, cold, with the profile's latency, and the container's limits name"
          + " the volume's device. A note says 'latency: +7 ms asked, applied by nbd' (or dm);"
          + " the rows carry latency_applied, latency_method and latency_asked_ms beside the"
          + " delivered p50 and p99. With --latency off, or without root or the tools, the"
          + " probe runs on the data directory as it is, the note says 'latency not applied'"
          + " and why, and the figures are those of the limits alone."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  mongodb-tiered probe --profile hdd-150",
      "  mongodb-tiered probe --profile io1-5000 --mode read --threads 16 --csv -",
      "  mongodb-tiered probe --profile san-600 --latency off"
    },
    exitCodeListHeading = ExitCodes.HEADING,
    exitCodeList = {
      "0:every mode measured",
      "1:the measurement failed",
      ExitCodes.USAGE_LINE,
      ExitCodes.UNAVAILABLE_LINE
    })
public final class ProbeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @HelpSection("Target")
  @Option(
      names = "--profile",
      required = true,
      paramLabel = "NAME",
      description =
          "Profile to probe: io1-5000, san-600, hdd-150, none, or one of --profiles-file.")
  String profileName;

  @Mixin
  @HelpSection("Target")
  DiskOptions disk;

  @Mixin
  @HelpSection("Measurement")
  MeasurementOptions measurement;

  @HelpSection("Measurement")
  @Option(
      names = "--threads",
      paramLabel = "N",
      converter = Counts.AtLeastOne.class,
      description = "Concurrent I/O threads (default: ${DEFAULT-VALUE}).")
  int threads = 1;

  @Mixin
  @HelpSection("Target")
  VolumeOptions volume;

  @Mixin
  @HelpSection("Output")
  CsvOption csv;

  /** One 4 KiB block on a 256 MiB file. */
  static final class Defaults extends MeasurementOptions.SizeDefaults {
    Defaults() {
      super("256m", "4k");
    }
  }

  @Override
  public Integer call() throws IOException {
    DiskProfile profile = disk.profiles("--profile", List.of(profileName)).get(0);
    volume.checkLatencies(List.of(profile));
    List<DiskProbe.Settings> runs = measurement.probeRuns(threads);
    csv.requireWritable();
    Path dir = disk.createDataDir();
    DockerEnvironment.require();
    try (MeasurementOutput out =
            MeasurementOutput.open(spec.commandLine(), csv, ProbeTable.CSV_HEADER);
        MeasurementVolume v = MeasurementVolume.open(volume, dir, runs.get(0).fileBytes(), out)) {
      out.note(profile.summary());
      // One volume: its bucket goes on from mode to mode.
      BurstBucket bucket = profile.bursts() ? volume.burstCredits.bucketFor(profile) : null;
      v.prepareFile();
      for (int i = 0; i < runs.size(); i++) {
        // Each mode starts cold: the file written or read before is not in the page cache.
        MeasurementVolume.Mounted m = v.mountCold(profile.addedLatencyMillis());
        BlockDevice device = BlockDevice.backing(m.dataDir());
        if (i == 0) {
          out.note("data directory " + m.dataDir() + " on " + device.path());
          out.note(m.latency().note());
        }
        DiskProbe.Bursting b =
            DiskProbe.run(disk.probeImage(), profile, m.dataDir(), runs.get(i), bucket);
        DiskProbe.Result r = b.result();
        out.row(ProbeTable.textRow(r, m.latency()), ProbeTable.csvRow(r, device, m.latency()));
        String delivered = ProbeTable.deliveredNote(r);
        if (delivered != null && bucket == null) {
          out.note(delivered);
        }
        if (bucket != null) {
          out.note(burstNote(r.mode(), BurstThrottle.drop(b.burst(), profile), b.burst()));
        }
      }
      out.finished();
    }
    return ExitCodes.OK;
  }

  /**
   * "read: burst bucket 27000 credits at the start; at the 2997 IOPS it ran on credits, predicted
   * empty after 10.0 s, emptied after 10.2 s; 300 IOPS after; I/Os by second: ...".
   */
  static String burstNote(String mode, BurstThrottle.Drop d, List<BurstThrottle.Tick> ticks) {
    if (d == null) {
      return mode + ": burst bucket: no I/O seen by its cgroup";
    }
    StringBuilder bySecond = new StringBuilder();
    for (BurstThrottle.Tick t : ticks) {
      bySecond.append(bySecond.length() == 0 ? "" : " ").append(t.ios());
    }
    return String.format(
        Locale.ROOT,
        "%s: burst bucket %.0f credits at the start; at the %.0f IOPS it ran on credits, predicted"
            + " empty after %s, %s%s; I/Os by second: %s",
        mode,
        d.startCredits(),
        d.iopsBefore(),
        Double.isInfinite(d.predictedSeconds())
            ? "never"
            : String.format(Locale.ROOT, "%.1f s", d.predictedSeconds()),
        d.emptiedSeconds() == null
            ? "still on credits at the end"
            : String.format(Locale.ROOT, "emptied after %.1f s", d.emptiedSeconds()),
        d.iopsAfter() == null ? "" : String.format(Locale.ROOT, "; %.0f IOPS after", d.iopsAfter()),
        bySecond);
  }
}
