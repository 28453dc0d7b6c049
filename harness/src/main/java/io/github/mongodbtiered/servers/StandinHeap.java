package io.github.mongodbtiered.servers;

import java.util.List;

/** The stand-in's JVM heap in a container the harness starts ({@link ThrottledMongoContainer}). */
final class StandinHeap {
  private StandinHeap() {}

  /** The stand-in's largest heap, the image's own default (scripts/build-standin-image). */
  static final long MAX_BYTES = 256L << 20;

  /**
   * The stand-in's JVM heap in a container of {@code memoryBytes} (0: no limit): a quarter of the
   * limit, at most 256 MiB, its full size taken and touched at start, so that the page cache's
   * share of the limit is known from the start and stays. Left to grow to 256 MiB, a far-over
   * cell's server in a 512 MiB container held 290-320 MiB resident with 150 MiB of its heap
   * touched, room to grow by another 100 MiB mid-cell; with 128 MiB fixed it held 270 MiB.
   */
  static String javaOptions(long memoryBytes) {
    long bytes =
        memoryBytes == 0 ? MAX_BYTES : Math.max(32L << 20, Math.min(MAX_BYTES, memoryBytes / 4));
    long mib = bytes >> 20;
    return "-Xms" + mib + "m -Xmx" + mib + "m -XX:+AlwaysPreTouch";
  }

  /** The stand-in's H2 engine keeps its cache on the heap: the image's default and overrides. */
  static boolean usesH2(List<String> serverArgs) {
    for (int i = 0; i < serverArgs.size(); i++) {
      String a = serverArgs.get(i);
      if (a.equals("--storageEngine=h2")
          || (a.equals("--storageEngine")
              && i + 1 < serverArgs.size()
              && serverArgs.get(i + 1).equals("h2"))) {
        return true;
      }
    }
    return false;
  }
}
