package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.binding.MongoDbTieredClient;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.ycsb.PhaseResult;
import io.github.mongodbtiered.ycsb.PhaseRunner;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import site.ycsb.ByteIterator;
import site.ycsb.Status;
import site.ycsb.measurements.Measurements;

/**
 * Given a server on the 150-IOPS profile, when YCSB loads records through the binding and the
 * server restarts cold, then every record reads back whole.
 */
@Tag("integration")
class ColdRestartTest {
  private static final int RECORDS = 3000;

  @BeforeAll
  static void docker() {
    ServerUnderTest.assumeDocker();
  }

  @Test
  void recordsLoadedIntoAThrottledServerSurviveAColdRestart(@TempDir Path data) throws Exception {
    DiskProfile hdd = DiskProfiles.builtIn().get("hdd-150");
    try (ThrottledMongoContainer server =
        new ThrottledMongoContainer(ServerUnderTest.image(), hdd, data)) {
      server.start();
      Enforcement enforced = server.enforcement(false, "not on a delayed volume in this test");
      assertEquals(150, enforced.readIops(), enforced.toString());
      assertEquals(150, enforced.writeIops(), enforced.toString());
      assertEquals(hdd.memoryBytes(), enforced.memoryBytes(), enforced.toString());

      Properties load = workload(server.connectionString("coldrestart"));
      load.setProperty("dotransactions", "false");
      PhaseResult loaded = PhaseRunner.run(load, false, new PrintStream(System.err, true));
      assertEquals(RECORDS, loaded.returnCounts("INSERT-BATCH").get("OK"), loaded.toString());
      assertEquals(0, loaded.errors());

      HostCache.Drop drop = server.restartCold();
      System.out.println("page cache dropped on restart: " + drop);

      MongoDbTieredClient db = new MongoDbTieredClient();
      Properties p = workload(server.connectionString("coldrestart"));
      db.setProperties(p);
      Measurements.setProperties(p);
      db.init();
      try {
        for (int i = 0; i < RECORDS; i++) {
          Map<String, ByteIterator> fields = new HashMap<>();
          assertEquals(Status.OK, db.read("usertable", "user" + i, null, fields), "user" + i);
          assertEquals(10, fields.size(), "user" + i + " has all its fields");
          assertTrue(fields.values().stream().allMatch(v -> v.toArray().length == 100));
        }
      } finally {
        db.cleanup();
      }
    }
  }

  /** An unauthenticated server is never reachable from the network, before or after a restart. */
  @Test
  void theServersPortIsPublishedOnTheLoopbackAlone(@TempDir Path data) throws Exception {
    try (ThrottledMongoContainer server =
        new ThrottledMongoContainer(
            ServerUnderTest.image(), DiskProfiles.builtIn().get("none"), data)) {
      server.start();
      org.junit.jupiter.api.Assumptions.assumeTrue(
          ThrottledMongoContainer.isLocal(server.getHost()), "a remote Docker host keeps 0.0.0.0");
      for (int round = 0; round < 2; round++) {
        com.github.dockerjava.api.model.Ports.Binding[] bindings =
            server
                .getDockerClient()
                .inspectContainerCmd(server.getContainerId())
                .exec()
                .getNetworkSettings()
                .getPorts()
                .getBindings()
                .get(com.github.dockerjava.api.model.ExposedPort.tcp(ThrottledMongoContainer.PORT));
        assertEquals(1, bindings.length, java.util.Arrays.toString(bindings));
        assertEquals("127.0.0.1", bindings[0].getHostIp());
        // Read afresh: Docker may pick another port on restart, and Testcontainers keeps the first.
        int port = Integer.parseInt(bindings[0].getHostPortSpec());
        try (java.net.Socket s = new java.net.Socket()) {
          s.connect(new java.net.InetSocketAddress("127.0.0.1", port), 5_000);
        } catch (java.io.IOException e) {
          throw new AssertionError("round " + round + ": 127.0.0.1:" + port + ": " + e, e);
        }
        server.restartCold();
      }
    }
  }

  private static Properties workload(String url) {
    Properties p = new Properties();
    p.setProperty("workload", "site.ycsb.workloads.CoreWorkload");
    p.setProperty("db", MongoDbTieredClient.class.getName());
    p.setProperty("mongodb.url", url);
    p.setProperty("recordcount", Integer.toString(RECORDS));
    p.setProperty("insertorder", "ordered");
    p.setProperty("fieldcount", "10");
    p.setProperty("fieldlength", "100");
    p.setProperty("batchsize", "100");
    p.setProperty("threadcount", "4");
    return p;
  }
}
