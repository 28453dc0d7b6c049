package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.compare.CellComparison;
import io.github.mongodbtiered.compare.Change;
import java.util.Locale;

/** What {@code compare --fail-on} exits {@link ExitCodes#FOUND} for, when any cell shows it. */
enum FailOn {
  /** The throughput's whole interval below the band. */
  SLOWER,
  /** The main operation's p99's whole interval above the band. */
  P99_HIGHER,
  /** Either ratio's whole interval beyond the band, either way. */
  CHANGED;

  boolean matches(CellComparison c) {
    Change p99 = c.p99() == null ? null : c.p99().change();
    Change ops = c.throughput().change();
    return switch (this) {
      case SLOWER -> ops == Change.LOWER;
      case P99_HIGHER -> p99 == Change.HIGHER;
      case CHANGED ->
          ops == Change.LOWER
              || ops == Change.HIGHER
              || p99 == Change.LOWER
              || p99 == Change.HIGHER;
    };
  }

  /** "slower", "p99_higher", "changed": as typed. */
  String id() {
    return name().toLowerCase(Locale.ROOT);
  }

  static final class Converter extends Choice<FailOn> {
    Converter() {
      super(FailOn.class);
    }
  }
}
