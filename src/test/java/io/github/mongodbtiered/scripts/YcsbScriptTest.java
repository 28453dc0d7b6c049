package io.github.mongodbtiered.scripts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** scripts/ycsb as a user runs it: load then run the study's workloads, and its exit codes. */
class YcsbScriptTest {
  private static final Path ROOT = Path.of(System.getProperty("repo.root")).toAbsolutePath();
  private static MongoServer server;
  private static String url;

  @BeforeAll
  static void start() {
    server = new MongoServer(new MemoryBackend());
    InetSocketAddress a = server.bind();
    url = "mongodb://" + a.getHostString() + ":" + a.getPort() + "/scripted";
  }

  @AfterAll
  static void stop() {
    server.shutdownNow();
  }

  record Outcome(int exit, String output) {}

  private static Outcome ycsb(String... args) throws Exception {
    List<String> cmd = new ArrayList<>(List.of(ROOT.resolve("scripts/ycsb").toString()));
    cmd.addAll(List.of(args));
    Path out = Files.createTempFile("ycsb", ".out");
    Process p =
        new ProcessBuilder(cmd)
            .directory(ROOT.toFile())
            .redirectErrorStream(true)
            .redirectOutput(out.toFile())
            .start();
    if (!p.waitFor(180, TimeUnit.SECONDS)) {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly();
      throw new AssertionError("scripts/ycsb did not finish in 180 s");
    }
    String output = Files.readString(out, StandardCharsets.UTF_8);
    Files.delete(out);
    return new Outcome(p.exitValue(), output);
  }

  @Test
  void loadThenRunTheStudyWorkloads() throws Exception {
    Outcome load =
        ycsb(
            "load",
            "mongodb-tiered",
            "-P",
            "workloads/tiered-load",
            "-p",
            "recordcount=3000",
            "-p",
            "mongodb.url=" + url,
            "-threads",
            "4",
            "-s");
    assertEquals(0, load.exit(), load.output());
    assertTrue(load.output().contains("[INSERT-BATCH], Return=OK, 3000"), load.output());

    Outcome run =
        ycsb(
            "run",
            "mongodb-tiered",
            "-P",
            "workloads/tiered-read-uniform",
            "-p",
            "recordcount=3000",
            "-p",
            "operationcount=3000",
            "-p",
            "mongodb.url=" + url,
            "-threads",
            "4",
            "-jvm-args",
            "-Xmx256m");
    assertEquals(0, run.exit(), run.output());
    assertTrue(run.output().contains("[READ], Return=OK, 3000"), run.output());
    assertFalse(run.output().contains("Return=NOT_FOUND"), run.output());
  }

  @Test
  void exitCodesSayWhatWentWrong() throws Exception {
    Outcome usage = ycsb("load", "mongodb-tiered", "-threads");
    assertEquals(2, usage.exit(), usage.output());
    assertTrue(usage.output().contains("-threads needs a value"), usage.output());

    int port;
    try (ServerSocket s = new ServerSocket(0)) {
      port = s.getLocalPort();
    }
    Outcome down =
        ycsb(
            "load",
            "mongodb-tiered",
            "-P",
            "workloads/workloada",
            "-p",
            "mongodb.url=mongodb://admin:topsecret@127.0.0.1:" + port + "/x",
            "-p",
            "mongodb.serverSelectionTimeoutMs=500");
    assertEquals(3, down.exit(), down.output());
    assertFalse(down.output().contains("topsecret"), down.output());
    assertTrue(down.output().contains("admin:****@"), down.output());
  }
}
