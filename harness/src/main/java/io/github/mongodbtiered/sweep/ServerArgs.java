package io.github.mongodbtiered.sweep;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * What a server's own options ({@code --server-arg}) mean for its data files: most options of
 * mongod change how the files are written (a block compressor, a journal compressor, one directory
 * per database) and a server started without them could read other files; the few listed here only
 * change how it runs. Two variants that differ in those alone share a data set.
 */
final class ServerArgs {
  /**
   * Options that leave the data files as they are: the cache, runtime parameters, logging,
   * profiling, connections, and the stand-in's extra cost. Any other option counts as shaping the
   * files, so a variant that gives one loads a data set of its own.
   */
  static final Set<String> RUNTIME_ONLY =
      Set.of(
          "--wiredTigerCacheSizeGB",
          "--setParameter",
          "--slowms",
          "--slowOpSampleRate",
          "--profile",
          "--quiet",
          "--verbose",
          "-v",
          "--maxConns",
          "--logappend",
          Server.EXTRA_COST_OPTION);

  private ServerArgs() {}

  /**
   * The options among {@code args} that shape the data files, each with its value, in order: an
   * option's value is the part after '=', or the next argument where that does not start with '-'.
   */
  static List<String> storageArgs(List<String> args) {
    List<String> kept = new ArrayList<>();
    for (int i = 0; i < args.size(); i++) {
      String arg = args.get(i);
      String option = arg.contains("=") ? arg.substring(0, arg.indexOf('=')) : arg;
      boolean valueFollows =
          !arg.contains("=") && i + 1 < args.size() && !args.get(i + 1).startsWith("-");
      if (!RUNTIME_ONLY.contains(option)) {
        kept.add(arg);
        if (valueFollows) {
          kept.add(args.get(i + 1));
        }
      }
      if (valueFollows) {
        i++;
      }
    }
    return List.copyOf(kept);
  }
}
