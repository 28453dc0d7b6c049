package io.github.mongodbtiered.intervals;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.github.mongodbtiered.report.YcsbLogs;
import io.github.mongodbtiered.results.LatencyStats;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A run's logs decoded once: latencies, intended latencies apart, intervals, repeats together. */
class RunLogsTest {
  @TempDir Path dir;

  /** One run's logs as a sweep finds them: READ and UPDATE, and intended-time READ. */
  private Map<String, Path> run(String name, long readMicros, long intendedMicros)
      throws IOException {
    Path prefix = dir.resolve(name + "-");
    Map<String, Path> logs = new TreeMap<>();
    logs.put("READ", YcsbLogs.write(prefix, "READ", List.of(repeat(900, readMicros))));
    logs.put("UPDATE", YcsbLogs.write(prefix, "UPDATE", List.of(repeat(100, 5000))));
    logs.put(
        "Intended-READ",
        YcsbLogs.write(prefix, "Intended-READ", List.of(repeat(900, intendedMicros))));
    return logs;
  }

  private static long[] repeat(int n, long micros) {
    long[] values = new long[n];
    java.util.Arrays.fill(values, micros);
    return values;
  }

  @Test
  void intendedLatenciesAreKeptApartFromTheServiceTimes() throws IOException {
    RunLogs logs = RunLogs.read(run("a", 1000, 40_000));
    assertEquals(Set.of("READ", "UPDATE"), logs.latencies().keySet());
    assertEquals(Set.of("READ"), logs.intendedLatencies().keySet());
    assertEquals(900, logs.latencies().get("READ").count());
    assertEquals(40.0, logs.intendedLatencies().get("READ").p99Micros() / 1000.0, 0.1);
    assertEquals(1000, logs.intervals().get(0).operations(), "intended ones not counted twice");
  }

  @Test
  void repeatsTogetherHoldEveryRepeatsValuesAndNoIntendedOnesAmongThem() throws IOException {
    RunLogs first = RunLogs.read(run("a", 1000, 40_000));
    RunLogs second = RunLogs.read(run("b", 20_000, 60_000));
    RunLogs both = RunLogs.together(List.of(first, second));
    LatencyStats read = both.latencies().get("READ");
    assertEquals(1800, read.count());
    assertEquals(20.0, read.p99Micros() / 1000.0, 0.1);
    assertEquals(1800, both.intendedLatencies().get("READ").count());
    assertEquals(60.0, both.intendedLatencies().get("READ").p99Micros() / 1000.0, 0.1);
  }

  @Test
  void aTruncatedLogFailsNamingIt() throws IOException {
    Map<String, Path> logs = run("a", 1000, 40_000);
    Path read = logs.get("READ");
    String text = Files.readString(read);
    Files.writeString(read, text.substring(0, text.length() - 20));
    IOException e = assertThrows(IOException.class, () -> RunLogs.read(logs));
    assertEquals(true, e.getMessage().contains(read.toString()), e.getMessage());
  }
}
