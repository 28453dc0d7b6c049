package io.github.mongodbtiered.servers;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.results.IoLatency;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * The one reader of what {@code DirectIoProbe} prints: a {@code PROBE key=value ...} line ends a
 * single measurement ({@link DiskProbe}), a {@code STEP key=value ...} line ends each step of a
 * baseline ({@link DiskBaseline}). Other lines (progress, JVM warnings) are passed over.
 */
final class ProbeOutput {
  static final String PROBE = "PROBE ";
  static final String STEP = "STEP ";

  private ProbeOutput() {}

  /** The lines of {@code output} tagged {@code tag}, stripped, in order. */
  static List<String> tagged(String output, String tag) {
    return output.lines().map(String::strip).filter(l -> l.startsWith(tag)).toList();
  }

  /**
   * The last {@code PROBE mode=read block=4096 ... max_us=9000} line of {@code logs}.
   *
   * @throws IllegalStateException when there is none, with the whole output
   * @throws IllegalArgumentException when a field is missing or malformed
   */
  static DiskProbe.Result result(DiskProfile profile, String logs) {
    List<String> lines = tagged(logs, PROBE);
    if (lines.isEmpty()) {
      throw new IllegalStateException("the probe printed no result; its output:\n" + logs);
    }
    Fields f = Fields.of(PROBE, lines.get(lines.size() - 1));
    return new DiskProbe.Result(
        profile,
        f.text("mode"),
        f.number("block", Integer::parseInt),
        f.number("threads", Integer::parseInt),
        f.number("seconds", Double::parseDouble),
        f.number("ops", Long::parseLong),
        f.number("iops", Double::parseDouble),
        f.number("mibps", Double::parseDouble),
        latency(f));
  }

  /**
   * One {@code STEP mode=read block_min=4096 block_max=32768 threads=1 seconds=5.000 ops=750
   * bytes=13824000 ...} line. IOPS and MB/s are computed from the raw counts, not the rounded
   * figures the line also carries.
   *
   * @throws IllegalArgumentException when a field is missing or malformed
   */
  static BaselineStep step(String profile, String where, String line) {
    Fields f = Fields.of(STEP, line);
    double seconds = f.number("seconds", Double::parseDouble);
    long ops = f.number("ops", Long::parseLong);
    long bytes = f.number("bytes", Long::parseLong);
    return new BaselineStep(
        profile,
        where,
        f.text("mode"),
        f.number("block_min", Integer::parseInt),
        f.number("block_max", Integer::parseInt),
        f.number("threads", Integer::parseInt),
        seconds,
        ops,
        new BaselineStep.Rate(ops / seconds, bytes / seconds / 1e6),
        latency(f));
  }

  /** The {@code p50_us}, {@code p95_us}, {@code p99_us} and {@code max_us} fields of a line. */
  private static IoLatency latency(Fields f) {
    return new IoLatency(
        f.number("p50_us", Long::parseLong),
        f.number("p95_us", Long::parseLong),
        f.number("p99_us", Long::parseLong),
        f.number("max_us", Long::parseLong));
  }

  /** One line's {@code key=value} fields; errors name the tag and quote the line. */
  private record Fields(String tag, String line, Map<String, String> values) {
    static Fields of(String tag, String line) {
      String name = tag.strip();
      if (!line.startsWith(tag)) {
        throw new IllegalArgumentException("not a " + name + " line: " + line);
      }
      Map<String, String> kv = new HashMap<>();
      for (String part : line.substring(tag.length()).trim().split("\\s+")) {
        int eq = part.indexOf('=');
        if (eq > 0) {
          kv.put(part.substring(0, eq), part.substring(eq + 1));
        }
      }
      return new Fields(name, line, kv);
    }

    String text(String key) {
      String v = values.get(key);
      if (v == null) {
        throw new IllegalArgumentException(tag + " line without " + key);
      }
      return v;
    }

    <T> T number(String key, Function<String, T> parse) {
      try {
        return parse.apply(text(key));
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException(
            "malformed " + tag + " line (" + e.getMessage() + "): " + line);
      }
    }
  }

  /**
   * A baseline's steps in order, each handed on once: live from the log stream while the probe
   * runs, and from its complete output afterwards for any the stream had not delivered yet.
   */
  static final class StepCollector {
    private final String profile;
    private final String where;
    private final Consumer<BaselineStep> onStep;
    private final List<BaselineStep> steps = new ArrayList<>();
    private int liveSeen;

    StepCollector(String profile, String where, Consumer<BaselineStep> onStep) {
      this.profile = profile;
      this.where = where;
      this.onStep = onStep;
    }

    synchronized void live(String line) {
      if (line.startsWith(STEP)) {
        offer(liveSeen++, line);
      }
    }

    synchronized void finish(String completeOutput) {
      List<String> lines = tagged(completeOutput, STEP);
      for (int i = 0; i < lines.size(); i++) {
        offer(i, lines.get(i));
      }
    }

    synchronized List<BaselineStep> all() {
      return List.copyOf(steps);
    }

    /** The {@code index}-th STEP line of the output, handed on unless it already was. */
    private void offer(int index, String line) {
      if (index == steps.size()) {
        BaselineStep step = step(profile, where, line);
        steps.add(step);
        onStep.accept(step);
      }
    }
  }
}
