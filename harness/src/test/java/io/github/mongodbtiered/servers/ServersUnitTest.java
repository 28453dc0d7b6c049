package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.DiskProfiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The parts of the container servers that need no Docker. */
class ServersUnitTest {
  @Test
  void onlyTheH2EngineKeepsTheImagesOwnHeap() {
    assertTrue(StandinHeap.usesH2(List.of("--storageEngine", "h2")));
    assertTrue(StandinHeap.usesH2(List.of("--storageEngine=h2")));
    assertFalse(StandinHeap.usesH2(List.of("--storageEngine", "wiredTiger")));
    assertFalse(StandinHeap.usesH2(List.of("--setParameter=h2=1", "h2")));
  }

  @Test
  void theStandinsHeapIsAQuarterOfTheMemoryLimitBetween32And256MiB() {
    assertEquals("-Xms128m -Xmx128m -XX:+AlwaysPreTouch", StandinHeap.javaOptions(512L << 20));
    assertEquals("-Xms256m -Xmx256m -XX:+AlwaysPreTouch", StandinHeap.javaOptions(8L << 30));
    assertEquals("-Xms256m -Xmx256m -XX:+AlwaysPreTouch", StandinHeap.javaOptions(0));
    assertEquals("-Xms32m -Xmx32m -XX:+AlwaysPreTouch", StandinHeap.javaOptions(64L << 20));
  }

  @Test
  void theProbeLineIsParsed() {
    DiskProbe.Result r =
        ProbeOutput.result(
            DiskProfiles.builtIn().get("hdd-150"),
            "noise\nPROBE mode=read block=4096 threads=2 seconds=10.01 ops=1501 iops=149.9"
                + " mibps=0.59 p50_us=330 p95_us=94760 p99_us=95760 max_us=96740\n");
    assertEquals("read", r.mode());
    assertEquals(2, r.threads());
    assertEquals(149.9, r.iops());
    assertEquals(95760, r.latency().p99Micros());
  }

  @Test
  void aProbeWithoutAResultLineSaysWhatItPrinted() {
    IllegalStateException e =
        assertThrows(
            IllegalStateException.class,
            () -> ProbeOutput.result(DiskProfiles.builtIn().get("none"), "Exception: no space"));
    assertTrue(e.getMessage().contains("no space"), e.getMessage());
  }

  @Test
  void theServerCommandCarriesTheProfilesCache() {
    assertEquals(
        List.of("--bind_ip_all", "--wiredTigerCacheSizeGB", "3.228"),
        ThrottledMongoContainer.command(DiskProfiles.builtIn().get("hdd-150")));
    assertEquals(
        List.of("--bind_ip_all"),
        ThrottledMongoContainer.command(DiskProfiles.builtIn().get("none")));
  }

  @Test
  void aLoadingServersEngineSettingsFollowTheProfilesOnItsCommandLine(@TempDir Path dir) {
    // Built, never started: nothing is pulled.
    try (ThrottledMongoContainer loader =
        new ThrottledMongoContainer("mongo:7.0", DiskProfiles.builtIn().get("hdd-150"), dir)
            .withEngineConfig("eviction_dirty_target=60")) {
      assertEquals(
          List.of(
              "--bind_ip_all",
              "--wiredTigerCacheSizeGB",
              "3.228",
              "--wiredTigerEngineConfigString",
              "eviction_dirty_target=60"),
          List.of(loader.getCommandParts()));
    }
  }

  @Test
  void theDiskUnderADirectoryIsFoundFromTheDirectory(@TempDir Path dir) throws Exception {
    BlockDevice d = BlockDevice.backing(dir);
    assertTrue(d.path().startsWith("/dev/"), d.toString());
    assertTrue(Files.exists(Path.of("/sys/dev/block", d.majorMinor())), d.toString());
  }

  @Test
  void aDirectoryOnNoDiskIsRefusedWithAFix() {
    // /proc is on no block device.
    IllegalStateException e =
        assertThrows(IllegalStateException.class, () -> BlockDevice.backing(Path.of("/proc")));
    assertTrue(e.getMessage().contains("--data-dir"), e.getMessage());
  }

  @Test
  void enforcementShortfallsNameWhatIsMissing() {
    BlockDevice vda = new BlockDevice("/dev/vda", 254, 0);
    Enforcement e = new Enforcement(vda, 150, 150, 0, 0, 7634L << 20, false, List.of());
    assertEquals(
        List.of("latency not applied (+7.0 ms asked)"),
        e.shortfalls(DiskProfiles.builtIn().get("hdd-150")));
  }

  /** Testcontainers publishes on every interface; the server's port is for this host alone. */
  @Test
  void theServersPortIsPublishedOnTheLoopbackAloneWhenDockerIsLocal() {
    for (String local : List.of("localhost", "127.0.0.1")) {
      com.github.dockerjava.api.model.HostConfig host =
          com.github.dockerjava.api.model.HostConfig.newHostConfig().withPublishAllPorts(true);
      ThrottledMongoContainer.publishOnLoopback(host, local);
      assertEquals(false, host.getPublishAllPorts(), local);
      com.github.dockerjava.api.model.Ports.Binding[] b =
          host.getPortBindings()
              .getBindings()
              .get(com.github.dockerjava.api.model.ExposedPort.tcp(ThrottledMongoContainer.PORT));
      assertEquals(1, b.length);
      assertEquals("127.0.0.1", b[0].getHostIp());
      assertEquals(null, b[0].getHostPortSpec(), "a port Docker picks");
    }
    // A remote Docker host is reached only through its published port.
    com.github.dockerjava.api.model.HostConfig remote =
        com.github.dockerjava.api.model.HostConfig.newHostConfig().withPublishAllPorts(true);
    ThrottledMongoContainer.publishOnLoopback(remote, "10.1.2.3");
    assertEquals(true, remote.getPublishAllPorts());
  }
}
