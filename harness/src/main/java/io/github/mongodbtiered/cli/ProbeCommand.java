package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.servers.BlockDevice;
import io.github.mongodbtiered.servers.DiskProbe;
import io.github.mongodbtiered.servers.DockerEnvironment;
import io.github.mongodbtiered.servers.LatencyInjection;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
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
          + " scripts/build-standin-image); it is never pulled. Added latency cannot be applied on hosts without device-mapper;"
          + " the output then says 'latency not applied'."
    },
    footerHeading = "%nExamples:%n",
    footer = {
      "  mongodb-tiered probe --profile hdd-150",
      "  mongodb-tiered probe --profile io1-5000 --mode read --threads 16 --csv -"
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
    List<DiskProbe.Settings> runs = measurement.probeRuns(threads);
    csv.requireWritable();
    Path dir = disk.createDataDir();
    DockerEnvironment.require();
    BlockDevice device = BlockDevice.backing(dir);
    try (MeasurementOutput out =
        MeasurementOutput.open(spec.commandLine(), csv, ProbeTable.CSV_HEADER)) {
      out.note(profile.summary());
      out.note("data directory " + dir + " on " + device.path());
      if (profile.addedLatencyMillis() > 0) {
        out.note(LatencyInjection.unavailableReason());
      }
      for (DiskProbe.Settings run : runs) {
        DiskProbe.Result r = DiskProbe.run(disk.probeImage(), profile, dir, run);
        out.row(ProbeTable.textRow(r), ProbeTable.csvRow(r, device));
      }
      out.finished();
    }
    return ExitCodes.OK;
  }
}
