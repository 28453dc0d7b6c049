package io.github.mongodbtiered.servers;

import java.time.Instant;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The harness process that created a container, as its {@link ContainerLabels#OWNER} label names
 * it: {@code <pid>@<start>}, the JVM's process id and its start time in epoch milliseconds. The
 * start time tells a living owner from a later, unrelated process that got the same pid.
 *
 * @param pid the owner's process id on this host
 * @param startMillis when the owner process started, in epoch milliseconds
 */
public record ContainerOwner(long pid, long startMillis) {
  /**
   * How far two readings of one process's start time may differ. Linux derives it from the boot
   * time in whole seconds, which another JVM may read one second apart; no pid is reused within a
   * second of its previous process's start while that process made containers.
   */
  static final long START_TOLERANCE_MILLIS = 1000;

  /** A label value the current JVM cannot describe itself with: never parsed as an owner. */
  static final String UNKNOWN_START = "unknown";

  private static final Pattern LABEL = Pattern.compile("(\\d{1,18})@(\\d{1,18})");

  /**
   * The label value for the current JVM: {@code <pid>@<start millis>}, or {@code <pid>@unknown}
   * where the platform does not report the start time; {@link #parse} rejects the latter, so such a
   * container is never removed as an orphan.
   */
  static String currentLabel() {
    ProcessHandle self = ProcessHandle.current();
    return self.pid()
        + "@"
        + self.info()
            .startInstant()
            .map(t -> Long.toString(t.toEpochMilli()))
            .orElse(UNKNOWN_START);
  }

  /** {@code <pid>@<startMillis>}, the form {@link #parse} reads. */
  String label() {
    return pid + "@" + startMillis;
  }

  /**
   * The owner a label names; empty when the label is missing or malformed (anything but two decimal
   * numbers joined by {@code @}). A caller leaves such a container alone: it cannot tell whether
   * its creator still runs.
   */
  static Optional<ContainerOwner> parse(String label) {
    if (label == null) {
      return Optional.empty();
    }
    Matcher m = LABEL.matcher(label.strip());
    if (!m.matches()) {
      return Optional.empty();
    }
    return Optional.of(new ContainerOwner(Long.parseLong(m.group(1)), Long.parseLong(m.group(2))));
  }

  /** Whether this owner still runs on this host (see {@link #isAliveGiven}). */
  boolean isAlive() {
    return isAliveGiven(ProcessHandle.of(pid));
  }

  /**
   * Whether this owner is {@code process}, the process now holding its pid (empty: none does). It
   * is when that process is alive and started within {@link #START_TOLERANCE_MILLIS} of the owner's
   * start; a process that started at another time reuses the pid, so the owner is gone. A live
   * process whose start time cannot be read counts as the owner: removing a running harness's
   * server would break its sweep, while keeping an orphan only delays the next run.
   */
  boolean isAliveGiven(Optional<ProcessHandle> process) {
    return process
        .filter(ProcessHandle::isAlive)
        .map(p -> startMatches(p.info().startInstant()))
        .orElse(false);
  }

  /** Whether a process that started at {@code processStart} (empty: unknown) is this owner. */
  boolean startMatches(Optional<Instant> processStart) {
    return processStart
        .map(t -> Math.abs(t.toEpochMilli() - startMillis) <= START_TOLERANCE_MILLIS)
        .orElse(true);
  }
}
