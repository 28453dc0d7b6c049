package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.profiles.Sizes;
import io.github.mongodbtiered.servers.BlockDevice;
import io.github.mongodbtiered.servers.DiskProbe;
import io.github.mongodbtiered.servers.DockerEnvironment;
import io.github.mongodbtiered.servers.LatencyInjection;
import io.github.mongodbtiered.servers.ServerImages;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code probe}: proof that a profile's throttle is real. */
@Command(
    name = "probe",
    mixinStandardHelpOptions = true,
    description = {
      "Measures the disk a profile gives a server: random O_DIRECT reads and writes of one block"
          + " each, from inside a container limited exactly as the server's container would be,"
          + " on a file in the data directory. The delivered IOPS should match the profile's"
          + " limit; without a limit they show what the disk itself can do.",
      "",
      "The probe runs in the stand-in image (build it once with scripts/build-standin-image);"
          + " it is never pulled. Added latency cannot be applied on hosts without device-mapper;"
          + " the output then says 'latency not applied'."
    })
public final class ProbeCommand implements Callable<Integer> {
  @Spec CommandSpec spec;

  @Option(
      names = "--profile",
      required = true,
      description =
          "Profile to probe: io1-5000, san-600, hdd-150, none, or one of --profiles-file.")
  String profileName;

  @Option(names = "--profiles-file", description = "File of extra profiles (see README).")
  Path profilesFile;

  @Option(
      names = "--data-dir",
      defaultValue = "mongodb-tiered-data",
      description = "Directory on the disk to measure (default: ${DEFAULT-VALUE}).")
  Path dataDir;

  @Option(
      names = "--image",
      defaultValue = ServerImages.STANDIN_IMAGE,
      description = "Image holding the probe (default: ${DEFAULT-VALUE}).")
  String image;

  @Option(
      names = "--mode",
      defaultValue = "both",
      description = "read, write or both (default: ${DEFAULT-VALUE}).")
  String mode;

  @Option(
      names = "--seconds",
      defaultValue = "10",
      description = "Seconds per measurement (default: ${DEFAULT-VALUE}).")
  double seconds;

  @Option(
      names = "--threads",
      defaultValue = "1",
      description = "Concurrent I/O threads (default: ${DEFAULT-VALUE}).")
  int threads;

  @Option(
      names = "--file-size",
      defaultValue = "256m",
      description = "Size of the probed file (default: ${DEFAULT-VALUE}).")
  String fileSize;

  @Option(
      names = "--block-size",
      defaultValue = "4k",
      description = "Bytes per I/O (default: ${DEFAULT-VALUE}).")
  String blockSize;

  @Option(names = "--csv", description = "Print CSV (header and one row per mode) instead.")
  boolean csv;

  @Override
  public Integer call() throws IOException {
    DiskProfiles profiles =
        profilesFile == null ? DiskProfiles.builtIn() : DiskProfiles.builtInAnd(profilesFile);
    DiskProfile profile = profiles.get(profileName);
    List<Boolean> writes =
        switch (mode) {
          case "read" -> List.of(false);
          case "write" -> List.of(true);
          case "both" -> List.of(false, true);
          default ->
              throw new IllegalArgumentException("--mode " + mode + ": use read, write or both");
        };
    long fileBytes = size("--file-size", fileSize);
    long blockBytes = size("--block-size", blockSize);
    if (blockBytes > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("--block-size " + blockSize + " is too large");
    }
    Files.createDirectories(dataDir);
    DockerEnvironment.require();
    BlockDevice device = BlockDevice.backing(dataDir.toAbsolutePath());
    PrintWriter out = spec.commandLine().getOut();
    if (csv) {
      out.println(
          "profile,mode,device,block_bytes,threads,seconds,ops,iops,mib_per_s,p50_us,p95_us,"
              + "p99_us,max_us,latency_applied");
    } else {
      out.println(profile.summary());
      out.println("data directory " + dataDir.toAbsolutePath() + " on " + device.path());
      if (profile.addedLatencyMillis() > 0) {
        out.println(LatencyInjection.unavailableReason());
      }
    }
    List<DiskProbe.Result> results = new ArrayList<>();
    for (boolean write : writes) {
      DiskProbe.Settings s =
          new DiskProbe.Settings(write, threads, seconds, fileBytes, (int) blockBytes);
      DiskProbe.Result r = DiskProbe.run(image, profile, dataDir.toAbsolutePath(), s);
      results.add(r);
      out.println(csv ? csvRow(r, device) : humanRow(r));
      out.flush();
    }
    return 0;
  }

  private static long size(String option, String value) {
    try {
      return Sizes.parseBytes(value);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(option + " " + value + ": use a size like 4k or 256m");
    }
  }

  static String humanRow(DiskProbe.Result r) {
    return String.format(
        Locale.ROOT,
        "%-5s %9.1f IOPS %8.2f MiB/s  p50 %8.2f ms  p95 %8.2f ms  p99 %8.2f ms  max %8.2f ms"
            + "  (%d B, %d thread(s), %.1f s)",
        r.mode(),
        r.iops(),
        r.mibPerSec(),
        r.p50Micros() / 1000.0,
        r.p95Micros() / 1000.0,
        r.p99Micros() / 1000.0,
        r.maxMicros() / 1000.0,
        r.blockBytes(),
        r.threads(),
        r.seconds());
  }

  static String csvRow(DiskProbe.Result r, BlockDevice device) {
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
        r.p50Micros(),
        r.p95Micros(),
        r.p99Micros(),
        r.maxMicros(),
        r.profile().addedLatencyMillis() > 0 ? "false" : "n/a");
  }
}
