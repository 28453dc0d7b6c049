package io.github.mongodbtiered.cli;

import java.nio.file.Path;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Every path option and parameter: an empty or blank path, as an unset shell variable gives, is
 * refused. {@code Path.of("")} is the current directory, so {@code --data-dir ""} once wrote a
 * server's files into wherever the command was run.
 */
final class PathConverter implements ITypeConverter<Path> {
  /** Refused before anything is created; {@link ExitCodes} puts the option's name in front. */
  static final class EmptyPathException extends TypeConversionException {
    private static final long serialVersionUID = 1L;

    EmptyPathException() {
      super("empty path (an unset shell variable?); give a directory or file");
    }
  }

  /**
   * For a list of positional paths: picocli calls a value its converter refuses there an "unmatched
   * argument", naming no parameter, so the command checks these itself.
   */
  static final class Unchecked implements ITypeConverter<Path> {
    @Override
    public Path convert(String text) {
      return Path.of(text);
    }
  }

  /** What a command says of an empty positional path, as {@link ExitCodes} says of an option. */
  static void requireNotEmpty(Path path, String label) {
    if (path.toString().isBlank()) {
      throw new IllegalArgumentException(label + ": " + new EmptyPathException().getMessage());
    }
  }

  @Override
  public Path convert(String text) {
    if (text.isBlank()) {
      throw new EmptyPathException();
    }
    return Path.of(text);
  }
}
