package io.github.mongodbtiered.locks;

import io.github.mongodbtiered.binding.Redaction;
import java.io.IOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Who holds a {@link DirectoryLock}, as the lock file says: one {@code key=value} per line, e.g.
 *
 * <pre>
 * pid=1234
 * started=2026-11-23T18:00:00Z
 * host=bench1
 * command=mongodb-tiered sweep --out reports/x
 * </pre>
 *
 * The command has its credentials masked: the file is readable by anyone who can list the
 * directory.
 */
public record LockOwner(long pid, String started, String host, String command) {
  private static final Pattern SECRET_NAME =
      Pattern.compile("(?i).*(password|passwd|secret|token).*");

  /** This process, running {@code command} (its words as typed). */
  public static LockOwner current(List<String> command) {
    ProcessHandle self = ProcessHandle.current();
    Instant start =
        self.info().startInstant().orElse(Instant.now()).truncatedTo(ChronoUnit.SECONDS);
    return new LockOwner(self.pid(), start.toString(), hostName(), masked(command));
  }

  /** {@code pid 1234, started 2026-11-23T18:00:00Z on host h}. */
  public String describe() {
    return "pid " + pid + ", started " + started + " on host " + host;
  }

  /** The subcommand the owner runs ({@code sweep}, {@code report}), or {@code run}. */
  public String what() {
    String[] words = command.strip().split("\\s+");
    return words.length > 1 && !words[1].startsWith("-") ? words[1] : "run";
  }

  String text() {
    return "pid="
        + pid
        + "\nstarted="
        + started
        + "\nhost="
        + host
        + "\ncommand="
        + command.replace('\n', ' ')
        + "\n";
  }

  /** The owner a lock file names; empty when it names none (released cleanly, or not ours). */
  static Optional<LockOwner> parse(String text) {
    Map<String, String> kv = new HashMap<>();
    for (String line : text.split("\n")) {
      int eq = line.indexOf('=');
      if (eq > 0) {
        kv.put(line.substring(0, eq), line.substring(eq + 1).strip());
      }
    }
    try {
      long pid = Long.parseLong(kv.getOrDefault("pid", ""));
      return Optional.of(
          new LockOwner(
              pid,
              kv.getOrDefault("started", "?"),
              kv.getOrDefault("host", "?"),
              kv.getOrDefault("command", "")));
    } catch (NumberFormatException e) {
      return Optional.empty();
    }
  }

  /** URL passwords, {@code name=secret} values and the value after a secret's flag, masked. */
  static String masked(List<String> command) {
    StringBuilder out = new StringBuilder();
    boolean maskNext = false;
    for (String word : command) {
      String w = Redaction.scrub(word, null);
      if (maskNext) {
        w = Redaction.MASK;
        maskNext = false;
      } else {
        int eq = w.indexOf('=');
        if (eq > 0 && SECRET_NAME.matcher(w.substring(0, eq)).matches()) {
          w = w.substring(0, eq + 1) + Redaction.MASK;
        } else {
          maskNext = w.startsWith("-") && SECRET_NAME.matcher(w).matches();
        }
      }
      out.append(out.length() == 0 ? "" : " ").append(w);
    }
    return out.toString();
  }

  private static String hostName() {
    try {
      return Files.readString(Path.of("/proc/sys/kernel/hostname")).strip();
    } catch (IOException e) {
      try {
        return InetAddress.getLocalHost().getHostName();
      } catch (IOException e2) {
        return "unknown";
      }
    }
  }
}
