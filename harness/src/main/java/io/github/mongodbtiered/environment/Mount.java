package io.github.mongodbtiered.environment;

import java.nio.file.Path;
import java.util.Optional;

/**
 * One line of {@code /proc/mounts}: where a file system is mounted, its type and options.
 *
 * @param mountPoint the directory, with the kernel's octal escapes ({@code \040}) undone
 * @param type e.g. {@code xfs}, {@code ext4}, {@code overlay}
 * @param options as the kernel lists them, e.g. {@code rw,noatime}
 */
record Mount(Path mountPoint, String type, String options) {

  /** The mount a path lives on: the last-mounted one with the longest matching mount point. */
  static Optional<Mount> containing(Path path, String procMounts) {
    Mount best = null;
    for (String line : procMounts.split("\n")) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 4) {
        continue;
      }
      Mount m = new Mount(Path.of(unescape(f[1])), f[2], f[3]);
      if (path.startsWith(m.mountPoint())
          && (best == null || m.mountPoint().getNameCount() >= best.mountPoint().getNameCount())) {
        best = m;
      }
    }
    return Optional.ofNullable(best);
  }

  private static String unescape(String s) {
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\\' && i + 3 < s.length() && s.substring(i + 1, i + 4).matches("[0-7]{3}")) {
        out.append((char) Integer.parseInt(s.substring(i + 1, i + 4), 8));
        i += 3;
      } else {
        out.append(c);
      }
    }
    return out.toString();
  }
}
