package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.servers.DiskBaseline;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * The I/O sizes of a disk baseline: one size, or a range each operation draws a random size from.
 *
 * @param minBytes the smallest I/O, at least 512 bytes
 * @param maxBytes the largest, at most 64 MiB
 * @param text as given, e.g. {@code 4k-32k}
 */
record BlockRange(int minBytes, int maxBytes, String text) {
  @Override
  public String toString() {
    return text;
  }

  /**
   * Refuses a file too small for these blocks.
   *
   * @param fileOption the option that gave {@code file}, for the message
   */
  void requireFits(String fileOption, ByteSize file) {
    String problem = DiskBaseline.Settings.fileProblem(file.bytes(), maxBytes);
    if (!problem.isEmpty()) {
      throw new IllegalArgumentException(fileOption + " " + file + ": " + problem);
    }
  }

  /** {@code 4k} or {@code 4k-32k}, within the baseline's limits. */
  static final class Converter implements ITypeConverter<BlockRange> {
    @Override
    public BlockRange convert(String text) {
      String[] range = text.split("-", -1);
      if (range.length > 2) {
        throw new TypeConversionException("'" + text + "': use one size (4k) or a range (4k-32k)");
      }
      long min = ByteSize.bytes(range[0]);
      long max = range.length == 2 ? ByteSize.bytes(range[1]) : min;
      String problem = DiskBaseline.Settings.blockProblem(min, max);
      if (!problem.isEmpty()) {
        throw new TypeConversionException("'" + text + "': " + problem);
      }
      return new BlockRange((int) min, (int) max, text);
    }
  }
}
