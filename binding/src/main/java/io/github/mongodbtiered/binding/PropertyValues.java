package io.github.mongodbtiered.binding;

import java.util.Locale;
import java.util.Properties;

/**
 * Typed binding properties: a blank or missing property takes its default; a bad one is rejected
 * with a message that names it, repeats its value and says what it takes.
 */
final class PropertyValues {
  private PropertyValues() {}

  static int intProperty(Properties props, String name, int def, int min, int max) {
    return (int) longProperty(props, name, def, min, max);
  }

  static long longProperty(Properties props, String name, long def, long min, long max) {
    String v = props.getProperty(name);
    if (v == null || v.isBlank()) {
      return def;
    }
    long n;
    try {
      n = Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          name + "=" + v + " is not a whole number: use a value from " + min + " to " + max);
    }
    if (n < min || n > max) {
      throw new IllegalArgumentException(
          name + "=" + v + " is out of range: use a value from " + min + " to " + max);
    }
    return n;
  }

  static boolean booleanProperty(Properties props, String name, boolean def) {
    Boolean b = optionalBoolean(props, name);
    return b == null ? def : b;
  }

  /** True, false, or null when not given (the driver's own default then applies). */
  static Boolean optionalBoolean(Properties props, String name) {
    String v = props.getProperty(name);
    if (v == null || v.isBlank()) {
      return null;
    }
    return switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "true" -> Boolean.TRUE;
      case "false" -> Boolean.FALSE;
      default -> throw new IllegalArgumentException(name + "=" + v + " must be true or false");
    };
  }
}
