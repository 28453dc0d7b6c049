package io.github.mongodbtiered.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.mongodb.client.MongoClient;
import com.mongodb.client.MongoClients;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The drop-in promise: YCSB's own {@code site.ycsb.Client}, in a JVM of its own as {@code bin/ycsb}
 * would start it, loads and runs the core workloads through {@code mongodb-tiered} with zero
 * errors.
 */
class YcsbClientWorkloadsTest {
  private static final Pattern RETURN = Pattern.compile("^\\[([A-Z-]+)\\], Return=(\\w+), (\\d+)$");
  private static InJvmMongo mongo;

  @BeforeAll
  static void start() {
    mongo = new InJvmMongo();
  }

  @AfterAll
  static void stop() {
    mongo.close();
  }

  @ParameterizedTest(name = "workload{0}: {1} records, {2} operations, batchsize {3}")
  @CsvSource({
    "a, 1000, 1000, 1, READ+UPDATE",
    "c, 1000, 1000, 50, READ",
    "e, 300, 100, 1, SCAN+INSERT",
    // In F each operation reads; half of them also update (read-modify-write).
    "f, 1000, 1000, 7, READ"
  })
  void loadThenRunWithZeroErrors(
      String workload, int records, int operations, int batchSize, String counted)
      throws Exception {
    String db = "workload" + workload;
    Path file = Path.of("..", "workloads", "workload" + workload);
    List<String> common =
        List.of(
            "-P",
            file.toString(),
            "-p",
            "mongodb.url=" + mongo.url(db),
            "-p",
            "recordcount=" + records,
            "-p",
            "operationcount=" + operations,
            "-p",
            "batchsize=" + batchSize,
            "-threads",
            "4");

    Map<String, Long> load = client(common, "-load");
    long inserted = batchSize > 1 ? load.get("INSERT-BATCH OK") : load.get("INSERT OK");
    assertEquals(records, inserted, load.toString());
    assertNoErrors(load);
    try (MongoClient raw = MongoClients.create(mongo.url(db))) {
      assertEquals(records, raw.getDatabase(db).getCollection("usertable").countDocuments());
    }

    Map<String, Long> run = client(common, "-t");
    assertNoErrors(run);
    long done = 0;
    for (String op : counted.split("\\+")) {
      done += run.getOrDefault(op + " OK", 0L);
    }
    assertEquals(operations, done, counted + " in " + run);
  }

  private static void assertNoErrors(Map<String, Long> returns) {
    for (String key : returns.keySet()) {
      assertTrue(key.endsWith(" OK") || key.endsWith(" BATCHED_OK"), "non-OK status: " + returns);
    }
  }

  /** Runs site.ycsb.Client and returns its Return= counts as "OPERATION STATUS" -> count. */
  private static Map<String, Long> client(List<String> args, String phase)
      throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add("site.ycsb.Client");
    cmd.add("-db");
    cmd.add(MongoDbTieredClient.class.getName());
    cmd.addAll(args);
    cmd.add(phase);
    Path out = Files.createTempFile("ycsb", ".out");
    Process p =
        new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(out.toFile()).start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.destroyForcibly();
      throw new AssertionError("site.ycsb.Client did not finish in 180 s");
    }
    String output = Files.readString(out, StandardCharsets.UTF_8);
    Files.delete(out);
    assertEquals(0, p.exitValue(), output);
    assertFalse(output.contains("Exception"), output);
    Map<String, Long> returns = new TreeMap<>();
    for (String line : output.split("\n")) {
      Matcher m = RETURN.matcher(line.trim());
      if (m.matches()) {
        returns.merge(m.group(1) + " " + m.group(2), Long.parseLong(m.group(3)), Long::sum);
      }
    }
    assertFalse(returns.isEmpty(), output);
    return returns;
  }
}
