package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.Sizes;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A size option's value: its bytes, and the text the user wrote, for messages.
 *
 * @param bytes 0 or more
 * @param text as given, e.g. {@code 256m}
 */
record ByteSize(long bytes, String text) {
  static final String EXAMPLES = "use e.g. 4k, 256m or 1g (k, m, g, t are powers of 1024)";

  @Override
  public String toString() {
    return text;
  }

  /** {@code 512}, {@code 4k}, {@code 256MiB}, {@code 1g}: {@link Sizes#parseBytes}. */
  static final class Converter implements ITypeConverter<ByteSize> {
    @Override
    public ByteSize convert(String text) {
      return new ByteSize(bytes(text), text);
    }
  }

  /** The bytes of one size, or a conversion error that says how to write one. */
  static long bytes(String text) {
    try {
      return Sizes.parseBytes(text);
    } catch (IllegalArgumentException e) {
      throw new TypeConversionException(e.getMessage() + ": " + EXAMPLES);
    }
  }
}
