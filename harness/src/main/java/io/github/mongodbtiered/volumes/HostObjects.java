package io.github.mongodbtiered.volumes;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Finds what a volume put on the host, by the volume's own paths only: loop devices whose backing
 * file is one of its files, mounts on its directories, processes whose command line names its
 * socket. So cleaning up never touches a device, mount or process someone else created.
 */
final class HostObjects {
  private final Path sys;
  private final Path proc;

  HostObjects(Path sys, Path proc) {
    this.sys = sys;
    this.proc = proc;
  }

  static HostObjects ofThisHost() {
    return new HostObjects(Path.of("/sys"), Path.of("/proc"));
  }

  /**
   * The file behind {@code /sys/block/loopN}, or null when it has none: never attached, or detached
   * while the devices were listed (another run's teardown); one device is never all of them.
   */
  private static String backingFile(Path blockDir) {
    try {
      return Files.readString(blockDir.resolve("loop/backing_file")).strip();
    } catch (IOException e) {
      return null;
    }
  }

  /** Loop devices ({@code /dev/loopN}) whose backing file is {@code file}. */
  List<String> loopsBackedBy(Path file) {
    List<String> loops = new ArrayList<>();
    String wanted = file.toString();
    try (DirectoryStream<Path> blocks = Files.newDirectoryStream(sys.resolve("block"), "loop*")) {
      for (Path b : blocks) {
        String loop = "/dev/" + b.getFileName();
        String name = backingFile(b);
        if (name != null && sameFile(name, wanted)) {
          loops.add(loop);
        }
      }
    } catch (IOException e) {
      // no sysfs: nothing to find
    }
    return loops;
  }

  /** The backing file the kernel names for {@code loop}, or empty when it has none (detached). */
  Optional<String> loopBacking(String loop) {
    String name = backingFile(sys.resolve("block").resolve(Path.of(loop).getFileName()));
    return Optional.ofNullable(name).filter(s -> !s.isEmpty());
  }

  /**
   * Loop devices on a file the kernel names {@code /name}, as it names a file of a FUSE mount
   * detached under the loop, that nothing uses: not mounted, no holder (a device-mapper table).
   */
  List<String> unusedLoopsOnDetached(String name) {
    List<String> loops = new ArrayList<>();
    try (DirectoryStream<Path> blocks = Files.newDirectoryStream(sys.resolve("block"), "loop*")) {
      for (Path b : blocks) {
        String loop = "/dev/" + b.getFileName();
        String file = backingFile(b);
        if (file != null && sameFile(file, "/" + name) && !mountSource(loop) && !held(b)) {
          loops.add(loop);
        }
      }
    } catch (IOException e) {
      // no sysfs: nothing to find
    }
    return loops;
  }

  private static boolean held(Path blockDir) {
    try (DirectoryStream<Path> holders = Files.newDirectoryStream(blockDir.resolve("holders"))) {
      return holders.iterator().hasNext();
    } catch (IOException e) {
      return false; // no holders directory: nothing holds it
    }
  }

  /** Whether {@code device} is mounted somewhere, per /proc/mounts. */
  private boolean mountSource(String device) {
    try {
      return Files.readAllLines(proc.resolve("mounts")).stream()
          .anyMatch(l -> l.startsWith(device + " "));
    } catch (IOException e) {
      return true; // cannot tell: in use, as far as cleaning up is concerned
    }
  }

  /** The kernel appends " (deleted)" when the file went away under the device. */
  static boolean sameFile(String kernelName, String path) {
    return kernelName.equals(path) || kernelName.equals(path + " (deleted)");
  }

  /** Whether something is mounted on {@code dir}, per /proc/mounts. */
  boolean mounted(Path dir) {
    return mountLine(dir).isPresent();
  }

  /** The /proc/mounts line of the mount on {@code dir}. */
  Optional<String[]> mountLine(Path dir) {
    try {
      // /proc/mounts escapes spaces as \040; data directories with spaces still compare right.
      String wanted = dir.toString().replace(" ", "\\040");
      return Files.readAllLines(proc.resolve("mounts")).stream()
          .map(l -> l.split(" "))
          .filter(f -> f.length > 3 && f[1].equals(wanted))
          .reduce((first, last) -> last);
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  /** Processes whose command line contains {@code needle} (e.g. the volume's socket path). */
  List<Long> processesNaming(String needle) {
    List<Long> pids = new ArrayList<>();
    long self = ProcessHandle.current().pid();
    try (DirectoryStream<Path> all = Files.newDirectoryStream(proc, "[0-9]*")) {
      for (Path p : all) {
        try {
          String cmd =
              new String(Files.readAllBytes(p.resolve("cmdline")), StandardCharsets.UTF_8)
                  .replace('\0', ' ');
          long pid = Long.parseLong(p.getFileName().toString());
          if (pid != self && cmd.contains(needle)) {
            pids.add(pid);
          }
        } catch (IOException | NumberFormatException e) {
          // exited while we looked, or not a process
        }
      }
    } catch (IOException e) {
      // no /proc
    }
    return pids;
  }
}
