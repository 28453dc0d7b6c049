package io.github.mongodbtiered.binding;

import io.github.mongodbtiered.ycsb.PhaseException;
import io.github.mongodbtiered.ycsb.PhaseResult;
import io.github.mongodbtiered.ycsb.PhaseRunner;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Properties;

/**
 * Prints the binding's load rate with {@code batchsize} 1 and 100 and its read throughput with 16
 * threads, against mongo-java-server in this JVM. A benchmark, not a test: it asserts nothing and
 * its figures describe this machine and the in-memory stand-in, not MongoDB.
 *
 * <p>Run with {@code scripts/benchmark-binding [records] [operations]}.
 */
public final class BindingBenchmark {
  private BindingBenchmark() {}

  public static void main(String[] args) throws IOException, PhaseException {
    int records = args.length > 0 ? Integer.parseInt(args[0]) : 100_000;
    int operations = args.length > 1 ? Integer.parseInt(args[1]) : 200_000;
    PrintStream quiet = new PrintStream(OutputStream.nullOutputStream());
    try (InJvmMongo mongo = new InJvmMongo()) {
      System.out.printf(
          "mongodb-tiered binding benchmark: %d records of 10 x 100 bytes, in-JVM"
              + " mongo-java-server (memory backend), %d cores%n",
          records, Runtime.getRuntime().availableProcessors());
      System.out.printf("%-34s %12s %12s %12s%n", "phase", "ops/s", "p99 (us)", "errors");
      for (int batch : new int[] {1, 100}) {
        Properties p = study(mongo.url("bench" + batch), records, operations);
        p.setProperty("batchsize", Integer.toString(batch));
        p.setProperty("dotransactions", "false");
        PhaseResult r = PhaseRunner.run(p, false, quiet);
        print(
            "load, batchsize " + batch + ", 16 threads", r, batch > 1 ? "INSERT-BATCH" : "INSERT");
      }
      Properties p = study(mongo.url("bench100"), records, operations);
      p.setProperty("dotransactions", "true");
      print("read uniform, 16 threads", PhaseRunner.run(p, false, quiet), "READ");
    }
  }

  private static void print(String phase, PhaseResult r, String latencyMetric) {
    System.out.printf(
        "%-34s %12.0f %12.0f %12d%n",
        phase,
        r.throughputOpsPerSec(),
        r.value(latencyMetric, "99thPercentileLatency(us)"),
        r.errors());
  }

  /** The study's read-only uniform workload file, scaled to {@code records}. */
  private static Properties study(String url, int records, int operations) throws IOException {
    Properties p = new Properties();
    // Run from the repository root (scripts/) or from binding/ (an IDE).
    Path dir =
        Files.isDirectory(Path.of("workloads")) ? Path.of("workloads") : Path.of("../workloads");
    try (InputStream in = Files.newInputStream(dir.resolve("tiered-read-uniform"))) {
      p.load(in);
    }
    p.setProperty("db", MongoDbTieredClient.class.getName());
    p.setProperty("mongodb.url", url);
    p.setProperty("recordcount", Integer.toString(records));
    p.setProperty("operationcount", Integer.toString(operations));
    p.setProperty("threadcount", "16");
    return p;
  }
}
