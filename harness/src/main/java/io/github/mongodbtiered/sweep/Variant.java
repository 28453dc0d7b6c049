package io.github.mongodbtiered.sweep;

import java.util.List;
import java.util.regex.Pattern;

/**
 * One of the variants a sweep measures side by side ({@code --variant NAME=OPTIONS}): its name, the
 * options it was given, and the sweep's options with those applied, its report in the sweep's
 * {@code variants/NAME}.
 *
 * @param name a name for people and for its report's directory
 * @param given the options as given after {@code NAME=}, word by word; empty for the sweep's own
 * @param options everything its cells are measured under
 */
public record Variant(String name, List<String> given, SweepOptions options) {
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,39}");

  public Variant {
    given = List.copyOf(given);
    requireName(name);
  }

  /**
   * @throws IllegalArgumentException when {@code name} cannot name a report directory
   */
  public static void requireName(String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "--variant "
              + name
              + "=...: a variant's name is 1 to 40 letters, digits, '.', '_' or '-', starting with"
              + " a letter or digit (it names its report's directory)");
    }
  }
}
