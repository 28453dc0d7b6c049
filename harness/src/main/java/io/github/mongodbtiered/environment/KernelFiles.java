package io.github.mongodbtiered.environment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Reading {@code /proc} and {@code /sys} leniently: a file that is absent or unreadable, or a
 * number that does not parse, is "not known" rather than an error, since a check only advises.
 */
final class KernelFiles {
  private KernelFiles() {}

  static Optional<String> read(Path file) {
    try {
      return Optional.of(Files.readString(file).trim());
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  static long parseLong(String s) {
    try {
      return Long.parseLong(s.trim());
    } catch (NumberFormatException e) {
      return 0;
    }
  }

  static Integer parseInt(String s) {
    try {
      return Integer.parseInt(s.trim());
    } catch (NumberFormatException e) {
      return null;
    }
  }

  static Path realPath(Path p) {
    try {
      return p.toRealPath();
    } catch (IOException e) {
      return p.toAbsolutePath().normalize();
    }
  }
}
