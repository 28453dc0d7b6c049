package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.volumes.DataVolume;
import io.github.mongodbtiered.volumes.LatencyMethod;

/**
 * The latency a profile asked for next to what the data volume did with it: the note printed before
 * a profile's figures and the columns {@code probe} and {@code disk-baseline} add to each row, so
 * delivered p50/p99 can be read against what was asked.
 *
 * @param applied the volume's mount added {@code askedMillis} to every I/O: true for a delayed
 *     volume ({@code dm}, {@code nbd}), including a profile asking 0 ms (0 added); with {@code off}
 *     true only when 0 ms was asked, since then nothing was missing
 * @param method how the volume adds latency: {@code dm}, {@code nbd} or {@code off}
 * @param askedMillis the profile's added latency
 * @param offReason why the volume adds none ({@code off}), else empty
 */
record AppliedLatency(boolean applied, LatencyMethod method, double askedMillis, String offReason) {
  /** The CSV columns, in this order, after the figures. */
  static final String CSV_COLUMNS = "latency_applied,latency_method,latency_asked_ms";

  /** The prefix {@code auto}'s reason already carries, so a note does not say it twice. */
  private static final String NOT_APPLIED = "latency not applied: ";

  /** What {@code mount} of {@code volume} gives a profile asking {@code askedMillis}. */
  static AppliedLatency of(DataVolume volume, DataVolume.Mount mount, double askedMillis) {
    return new AppliedLatency(
        mount.latencyApplied(), volume.method(), askedMillis, volume.offReason());
  }

  /**
   * One line for the notes: {@code latency: +7 ms asked, applied by nbd}, {@code latency: none
   * asked, nbd volume adds 0 ms}, {@code latency: none asked} (off), or {@code latency not applied:
   * REASON}.
   */
  String note() {
    if (method == LatencyMethod.OFF && askedMillis == 0) {
      return "latency: none asked";
    }
    if (!applied) {
      String reason =
          offReason.startsWith(NOT_APPLIED) ? offReason.substring(NOT_APPLIED.length()) : offReason;
      return NOT_APPLIED + reason + " (+" + Messages.number(askedMillis) + " ms asked)";
    }
    if (askedMillis > 0) {
      return "latency: +" + Messages.number(askedMillis) + " ms asked, applied by " + method.id();
    }
    return "latency: none asked, " + method.id() + " volume adds 0 ms";
  }

  /** {@code true,nbd,7}: the values of {@link #CSV_COLUMNS}. */
  String csvColumns() {
    return applied + "," + method.id() + "," + Messages.number(askedMillis);
  }

  /**
   * A short table cell: {@code +7 ms nbd}, {@code 0 ms nbd}, {@code 0 ms off}, or {@code +7 ms NOT
   * applied} where the volume did not add what was asked.
   */
  String text() {
    String asked = (askedMillis > 0 ? "+" : "") + Messages.number(askedMillis) + " ms";
    if (method == LatencyMethod.OFF && askedMillis == 0) {
      return asked + " off"; // nothing asked, nothing missing
    }
    return applied ? asked + " " + method.id() : asked + " NOT applied";
  }
}
