package io.github.mongodbtiered.metrics;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * One process's I/O counters from {@code /proc/<pid>/io} (see the kernel's proc(5)), or (from
 * {@link #since}) their change. A field is null when the file lacks it.
 *
 * <p>Comparing the two read figures tells file system cache hits from disk reads: {@code rchar}
 * counts what the process asked for, {@code read_bytes} what had to come from the device.
 *
 * @param rcharBytes {@code rchar}: bytes passed by read-like system calls, whether served from the
 *     page cache or not; sockets and pipes count too
 * @param readBytes {@code read_bytes}: bytes this process caused to be fetched from storage,
 *     read-ahead included
 * @param wcharBytes {@code wchar}: bytes passed to write-like system calls
 * @param writeBytes {@code write_bytes}: bytes this process caused to be sent to storage
 * @param readSyscalls {@code syscr}: read-like system calls made
 */
public record ProcessIo(
    Long rcharBytes, Long readBytes, Long wcharBytes, Long writeBytes, Long readSyscalls) {

  /**
   * Reads {@code /proc/<pid>/io}.
   *
   * @throws IOException when it cannot be read: no such process, or another user's process (the
   *     kernel requires ptrace access), or a server on a remote Docker host
   */
  public static ProcessIo read(Path procPidIo) throws IOException {
    return parse(Files.readString(procPidIo));
  }

  /** Parses the file's "name: value" lines; unknown names are ignored. */
  public static ProcessIo parse(String text) {
    Long rchar = null;
    Long readBytes = null;
    Long wchar = null;
    Long writeBytes = null;
    Long syscr = null;
    for (String line : text.split("\n")) {
      int colon = line.indexOf(':');
      if (colon < 0) {
        continue;
      }
      Long v = parseLong(line.substring(colon + 1).trim());
      switch (line.substring(0, colon).trim()) {
        case "rchar" -> rchar = v;
        case "read_bytes" -> readBytes = v;
        case "wchar" -> wchar = v;
        case "write_bytes" -> writeBytes = v;
        case "syscr" -> syscr = v;
        default -> {}
      }
    }
    return new ProcessIo(rchar, readBytes, wchar, writeBytes, syscr);
  }

  private static Long parseLong(String s) {
    try {
      return Long.parseLong(s);
    } catch (NumberFormatException e) {
      return null;
    }
  }

  /** Each counter's change from {@code before}; null when unknown or it went backwards. */
  public ProcessIo since(ProcessIo before) {
    return new ProcessIo(
        Counters.delta(rcharBytes, before.rcharBytes),
        Counters.delta(readBytes, before.readBytes),
        Counters.delta(wcharBytes, before.wcharBytes),
        Counters.delta(writeBytes, before.writeBytes),
        Counters.delta(readSyscalls, before.readSyscalls));
  }
}
