package io.github.mongodbtiered.environment;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/** The file system under the data directory, against MongoDB's advice: XFS (or ext4), noatime. */
final class FileSystemCheck {
  private final Path proc;

  /** Reads the given root in place of {@code /proc}. */
  FileSystemCheck(Path proc) {
    this.proc = proc;
  }

  /** The file system holding {@code dir}; warns where MongoDB's advice is not followed. */
  Optional<Mount> mount(Path dir, List<String> warnings) {
    Optional<Mount> mount =
        Mount.containing(dir, KernelFiles.read(proc.resolve("mounts")).orElse(""));
    if (mount.isPresent()) {
      warnings.addAll(advice(dir.toString(), mount.get().type(), mount.get().options()));
    } else {
      warnings.add("could not find the mount holding " + dir + " in /proc/mounts");
    }
    return mount;
  }

  static List<String> advice(String dir, String fs, String options) {
    List<String> w = new ArrayList<>();
    if (!fs.equals("xfs") && !fs.equals("ext4")) {
      w.add(
          dir
              + " is on "
              + fs
              + ": MongoDB advises XFS (or ext4) for WiredTiger; other file systems change what"
              + " the disk sees");
    }
    if (!List.of(options.split(",")).contains("noatime")) {
      w.add(
          dir
              + " is mounted without noatime ("
              + options
              + "): MongoDB advises noatime, so that reads do not cause metadata writes");
    }
    return w;
  }
}
