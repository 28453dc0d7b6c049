package io.github.mongodbtiered.cli;

import io.github.mongodbtiered.profiles.Sizes;
import io.github.mongodbtiered.servers.DiskBaseline;
import io.github.mongodbtiered.sweep.Baseline;
import io.github.mongodbtiered.sweep.Cells;
import io.github.mongodbtiered.sweep.Loading;
import io.github.mongodbtiered.sweep.MeasuredRuns;
import io.github.mongodbtiered.sweep.Server;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.stream.Collectors;
import picocli.CommandLine.IDefaultValueProvider;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.OptionSpec;

/**
 * The {@code sweep} options' defaults, as the command line writes them, read from the option groups
 * that own them ({@link Cells#defaults()} ...): so that a default is written once, and {@code
 * --help} shows ({@code ${DEFAULT-VALUE}}) what a sweep built without the command line gets.
 * Options whose default exists only on the command line (the workload file, the report directory,
 * the fleet's wait) keep it in their own annotation; mixins {@code sweep} shares with other
 * commands ({@link VolumeOptions}, {@link ProbeImageOption}) start their fields at the group's
 * default.
 */
final class SweepDefaults implements IDefaultValueProvider {
  private static final Map<String, String> BY_OPTION = byOption();

  @Override
  public String defaultValue(ArgSpec arg) {
    return arg instanceof OptionSpec o ? BY_OPTION.get(o.longestName()) : null;
  }

  private static Map<String, String> byOption() {
    Map<String, String> m = new HashMap<>();
    Cells cells = Cells.defaults();
    m.put("--recordcounts", join(cells.recordCounts()));
    m.put("--profiles", String.join(",", Cells.DEFAULT_PROFILE_NAMES));
    MeasuredRuns runs = MeasuredRuns.defaults();
    m.put("--seconds", Sizes.trim(runs.seconds()));
    m.put("--min-seconds", Sizes.trim(runs.minSeconds()));
    m.put("--precision", Sizes.trim(runs.precision() * 100) + "%");
    m.put("--warmup", Sizes.trim(runs.warmupSeconds()));
    m.put("--repeats", Integer.toString(runs.repeats()));
    m.put("--max-errors", runs.maxErrors().toString());
    Loading loading = Loading.defaults();
    m.put("--load-threads", Integer.toString(loading.threads()));
    m.put("--load-batch-size", Integer.toString(loading.batchSize()));
    Server server = Server.defaults();
    m.put("--server", server.choice().name().toLowerCase(Locale.ROOT));
    m.put("--image", server.image());
    DiskBaseline.Settings baseline = Baseline.defaultsFor(new Properties()).settings();
    m.put("--disk-baseline", Boolean.toString(baseline != null));
    m.put("--baseline-seconds", Sizes.trim(baseline.secondsPerStep()));
    m.put("--baseline-max-threads", Integer.toString(baseline.maxThreads()));
    m.put(
        "--baseline-blocks", size(baseline.blockMinBytes()) + "-" + size(baseline.blockMaxBytes()));
    m.put("--baseline-file-size", size(baseline.fileBytes()));
    return Map.copyOf(m);
  }

  private static String join(java.util.List<Long> counts) {
    return counts.stream().map(String::valueOf).collect(Collectors.joining(","));
  }

  /** {@code 4k}, {@code 1g}: the largest power of 1024 that divides the bytes, as sizes parse. */
  static String size(long bytes) {
    String[] units = {"", "k", "m", "g", "t"};
    int unit = 0;
    long n = bytes;
    while (unit < units.length - 1 && n != 0 && n % 1024 == 0) {
      n /= 1024;
      unit++;
    }
    return n + units[unit];
  }
}
