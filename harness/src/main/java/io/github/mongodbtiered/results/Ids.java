package io.github.mongodbtiered.results;

import java.util.Arrays;
import java.util.function.Function;

/** Reads the enums of this package back from the ids that CSV and JSON files hold. */
final class Ids {
  private Ids() {}

  /**
   * @return the constant whose id is {@code id}, or null for null or an empty id (files written
   *     before a figure existed, or where it was not known)
   * @throws IllegalArgumentException for an id no constant has
   */
  static <E extends Enum<E>> E find(E[] values, Function<E, String> idOf, String id, String what) {
    if (id == null || id.isEmpty()) {
      return null;
    }
    return Arrays.stream(values)
        .filter(v -> idOf.apply(v).equals(id))
        .findFirst()
        .orElseThrow(
            () ->
                new IllegalArgumentException(
                    "unknown "
                        + what
                        + " '"
                        + id
                        + "'; known: "
                        + Arrays.stream(values).map(idOf).toList()));
  }
}
