package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.servers.DiskProbe;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;

/**
 * What {@code probe} and {@code disk-baseline} measure: reads or writes, for how long, of which
 * sizes on how large a file. The sizes' defaults differ by command (one 4 KiB block for {@code
 * probe}, the study's 4-32 KiB for {@code disk-baseline}): each command gives them with a {@link
 * SizeDefaults}.
 */
final class MeasurementOptions {
  /** Reads, writes, or reads then writes. */
  enum IoMode {
    READ(List.of(DiskBaseline.Mode.READ)),
    WRITE(List.of(DiskBaseline.Mode.WRITE)),
    BOTH(List.of(DiskBaseline.Mode.READ, DiskBaseline.Mode.WRITE));

    final List<DiskBaseline.Mode> modes;

    IoMode(List<DiskBaseline.Mode> modes) {
      this.modes = modes;
    }

    @Override
    public String toString() {
      return name().toLowerCase(Locale.ROOT);
    }

    static final class Converter extends Choice<IoMode> {
      Converter() {
        super(IoMode.class);
      }
    }
  }

  @Option(
      names = "--mode",
      paramLabel = "MODE",
      converter = IoMode.Converter.class,
      description =
          "${COMPLETION-CANDIDATES}: reads, writes, or reads then writes (default: both).")
  IoMode mode = IoMode.BOTH;

  @Option(
      names = "--seconds",
      paramLabel = "SECONDS",
      defaultValue = "10",
      converter = Counts.MeasuredSeconds.class,
      description = "Seconds each measurement runs, at most 86400 (default: ${DEFAULT-VALUE}).")
  double seconds;

  @Option(
      names = "--file-size",
      paramLabel = "SIZE",
      converter = ByteSize.Converter.class,
      description =
          "Size of the file the offsets are drawn from, at least 1m and twice the largest block"
              + " (default: ${DEFAULT-VALUE}).")
  ByteSize fileSize;

  @Option(
      names = "--block-size",
      paramLabel = "SIZE",
      converter = BlockRange.Converter.class,
      description =
          "Bytes per I/O, from 512 to 64m; disk-baseline also takes MIN-MAX, a random size per"
              + " operation (default: ${DEFAULT-VALUE}).")
  BlockRange blockSize;

  /** probe's runs, one per mode, each of {@code threads} threads. */
  List<DiskProbe.Settings> probeRuns(int threads) {
    if (blockSize.minBytes() != blockSize.maxBytes()) {
      throw new IllegalArgumentException(
          "--block-size " + blockSize + ": probe measures one size (disk-baseline takes a range)");
    }
    blockSize.requireFits("--file-size", fileSize);
    return mode.modes.stream()
        .map(
            m ->
                new DiskProbe.Settings(
                    m == DiskBaseline.Mode.WRITE,
                    threads,
                    seconds,
                    fileSize.bytes(),
                    blockSize.minBytes()))
        .toList();
  }

  /** disk-baseline's steps: threads doubling from 1 to {@code maxThreads} in each mode. */
  DiskBaseline.Settings baselineSettings(int maxThreads) {
    blockSize.requireFits("--file-size", fileSize);
    return new DiskBaseline.Settings(
        mode.modes,
        blockSize.minBytes(),
        blockSize.maxBytes(),
        fileSize.bytes(),
        maxThreads,
        seconds);
  }

  /** A command's defaults of --file-size and --block-size. */
  abstract static class SizeDefaults implements IDefaultValueProvider {
    private final Map<String, String> byOption;

    SizeDefaults(String fileSize, String blockSize) {
      byOption = Map.of("--file-size", fileSize, "--block-size", blockSize);
    }

    @Override
    public String defaultValue(ArgSpec arg) {
      return arg instanceof OptionSpec o ? byOption.get(o.longestName()) : null;
    }
  }
}
