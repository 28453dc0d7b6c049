package io.github.mongodbtiered.cli;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * An enum option's value by its lower-case name, in any case; a wrong one is refused listing the
 * names as --help shows them ("use read, write or both"), not picocli's upper-case constants.
 */
class Choice<E extends Enum<E>> implements ITypeConverter<E> {
  private final Class<E> type;

  Choice(Class<E> type) {
    this.type = type;
  }

  @Override
  public E convert(String text) {
    for (E e : type.getEnumConstants()) {
      if (e.name().equalsIgnoreCase(text.trim())) {
        return e;
      }
    }
    List<String> names =
        Arrays.stream(type.getEnumConstants()).map(e -> e.name().toLowerCase(Locale.ROOT)).toList();
    throw new TypeConversionException(
        "'"
            + text
            + "': use "
            + String.join(", ", names.subList(0, names.size() - 1))
            + " or "
            + names.get(names.size() - 1));
  }
}
