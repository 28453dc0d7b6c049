package io.github.mongodbtiered.environment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.results.EnvironmentFacts;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.bson.Document;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EnvironmentCheckTest {
  @TempDir Path tmp;

  /** A /proc and /sys holding the data directory on {@code fs} with {@code readAheadKb}. */
  private EnvironmentCheck fixture(Path dataDir, String fs, String options, int readAheadKb)
      throws Exception {
    Path proc = Files.createDirectories(tmp.resolve("proc"));
    Path sys = Files.createDirectories(tmp.resolve("sys"));
    Files.createDirectories(proc.resolve("sys/kernel"));
    Files.writeString(proc.resolve("sys/kernel/osrelease"), "6.1.0-test\n");
    Files.writeString(
        proc.resolve("cpuinfo"), "processor\t: 0\nmodel name\t: Test CPU @ 2.0GHz\nflags\t: x\n");
    Files.writeString(proc.resolve("meminfo"), "MemTotal:       24576000 kB\nMemFree: 1 kB\n");
    Files.writeString(
        proc.resolve("mounts"),
        "/dev/sdb / ext4 rw,relatime 0 0\n"
            + "/dev/sda1 "
            + dataDir.toRealPath().getParent().toString().replace(" ", "\\040")
            + " "
            + fs
            + " "
            + options
            + " 0 0\n"
            + "tmpfs /run tmpfs rw 0 0\n");
    int[] dev = EnvironmentCheck.deviceNumbers(dataDir.toRealPath()).orElseThrow();
    Path disk = Files.createDirectories(sys.resolve("devices/virtual/block/sda"));
    Path part = Files.createDirectories(disk.resolve("sda1"));
    Files.writeString(part.resolve("partition"), "1\n");
    Files.createDirectories(disk.resolve("queue"));
    Files.writeString(disk.resolve("queue/read_ahead_kb"), readAheadKb + "\n");
    Files.writeString(disk.resolve("queue/scheduler"), "none [mq-deadline] kyber\n");
    Files.createDirectories(sys.resolve("dev/block"));
    Files.createSymbolicLink(sys.resolve("dev/block/" + dev[0] + ":" + dev[1]), part);
    return new EnvironmentCheck(proc, sys);
  }

  @Test
  void readsHostFactsAndTheDataDirectorysFileSystemAndDevice() throws Exception {
    Path data = Files.createDirectories(tmp.resolve("data dir/db"));
    EnvironmentFacts f = fixture(data, "xfs", "rw,noatime,attr2", 8).host(data, "20.10.24");

    assertEquals("6.1.0-test", f.kernel());
    assertEquals("Test CPU @ 2.0GHz", f.cpuModel());
    assertEquals(24576000L * 1024, f.memoryBytes());
    assertEquals(data.toRealPath().toString(), f.dataDir());
    assertEquals("xfs", f.filesystem());
    assertEquals("rw,noatime,attr2", f.mountOptions());
    assertTrue(f.device().startsWith("sda1 ("), f.device());
    assertEquals(8, f.readAheadKb());
    assertEquals("mq-deadline", f.scheduler());
    assertEquals("20.10.24", f.dockerVersion());
    assertEquals(List.of(), f.warnings(), "xfs, noatime and 8 KiB read-ahead meet the advice");
  }

  @Test
  void warnsWhereMongoDbsProductionAdviceIsNotMet() throws Exception {
    Path data = Files.createDirectories(tmp.resolve("data"));
    EnvironmentFacts f = fixture(data, "btrfs", "rw,relatime", 8192).host(data, null);

    assertEquals(3, f.warnings().size(), f.warnings().toString());
    assertTrue(f.warnings().get(0).contains("btrfs") && f.warnings().get(0).contains("XFS"));
    assertTrue(f.warnings().get(1).contains("noatime"));
    assertTrue(f.warnings().get(2).contains("8192 KiB") && f.warnings().get(2).contains("4-16"));
  }

  @Test
  void aRemoteServerIsNotCheckedAndSaysSo() {
    EnvironmentFacts f = new EnvironmentCheck().host(null, null);
    assertNull(f.dataDir());
    assertNull(f.filesystem());
    assertTrue(f.warnings().get(0).contains("not checked"));
  }

  @Test
  void theServerAddsEngineAndCacheAndAWarningWhenItIsNotWiredTiger() {
    EnvironmentFacts host =
        new EnvironmentFacts(
            new EnvironmentFacts.Host(null, null, 2, null),
            new EnvironmentFacts.DataDisk(null, null, null, null, null, null),
            new EnvironmentFacts.Server(null, null, null, null),
            List.of());
    Document wt =
        new Document("storageEngine", new Document("name", "wiredTiger"))
            .append(
                "wiredTiger",
                new Document("cache", new Document("maximum bytes configured", 268435456L)));
    EnvironmentFacts f = EnvironmentCheck.withServer(host, "7.0.14", wt, false);
    assertEquals("wiredTiger", f.storageEngine());
    assertEquals(268435456L, f.cacheBytes());
    assertEquals("7.0.14", f.serverVersion());
    assertEquals(List.of(), f.warnings());
    assertNull(
        EnvironmentCheck.withServer(host, "7.0.14", wt, true).cacheBytes(),
        "a loading server's cache is not the cells'");

    EnvironmentFacts other =
        EnvironmentCheck.withServer(
            host, "3.6.0", new Document("storageEngine", new Document("name", "h2")), false);
    assertNull(other.cacheBytes());
    assertTrue(other.warnings().get(0).contains("h2, not wiredTiger"));
  }

  @Test
  void aRouterIsSaidToBeOneNotAnotherStorageEngine() {
    // A mongos's serverStatus: process "mongos", no storageEngine, no wiredTiger section.
    EnvironmentFacts router =
        EnvironmentCheck.withServer(
            new EnvironmentFacts(
                new EnvironmentFacts.Host(null, null, 2, null),
                new EnvironmentFacts.DataDisk(null, null, null, null, null, null),
                new EnvironmentFacts.Server(null, null, null, null),
                List.of()),
            "8.0.16",
            new Document("process", "mongos").append("version", "8.0.16"),
            false);
    assertNull(router.cacheBytes());
    assertEquals(1, router.warnings().size(), router.warnings()::toString);
    assertTrue(router.warnings().get(0).startsWith("the server is a router (mongos)"));
  }

  @Test
  void measurementWarningsNameTheProfilesWhoseLatencyIsNotAppliedAndTheDrop() {
    DiskProfile slow =
        DiskProfile.named("hdd-150").description("d").iops(150).addedLatencyMillis(7).build();
    DiskProfile fast = DiskProfile.named("io1").description("d").iops(5000).build();

    List<String> w =
        EnvironmentCheck.measurementWarnings(
            List.of(fast, slow), "no device-mapper", "permission denied");
    assertEquals(2, w.size());
    assertTrue(w.get(0).contains("hdd-150") && !w.get(0).contains("io1"), w.get(0));
    assertTrue(w.get(1).contains("permission denied"));
    assertEquals(List.of(), EnvironmentCheck.measurementWarnings(List.of(fast), "no dm", ""));
  }

  /** A VM kernel that pages out idle memory drains the filesystem cache tier: the check says so. */
  @Test
  void warnsOfProactiveReclaimThatDropsIdlePageCache() throws Exception {
    Path sys = tmp.resolve("sys");
    EnvironmentCheck check = new EnvironmentCheck(tmp.resolve("proc"), sys);
    assertEquals(List.of(), check.proactiveReclaim(), "no DAMON in sysfs");

    Path kdamond = sys.resolve("kernel/mm/damon/admin/kdamonds/0");
    Path context = kdamond.resolve("contexts/0");
    Files.createDirectories(context.resolve("monitoring_attrs/intervals"));
    Files.writeString(context.resolve("monitoring_attrs/intervals/aggr_us"), "5000000\n");
    Path scheme = context.resolve("schemes/0");
    Files.createDirectories(scheme.resolve("access_pattern/age"));
    Files.writeString(scheme.resolve("access_pattern/age/min"), "12\n");
    Files.writeString(scheme.resolve("action"), "pageout\n");
    Files.writeString(kdamond.resolve("state"), "off\n");
    assertEquals(List.of(), check.proactiveReclaim(), "a kdamond that is off reclaims nothing");

    Files.writeString(kdamond.resolve("state"), "on\n");
    List<String> on = check.proactiveReclaim();
    assertEquals(1, on.size(), on.toString());
    assertTrue(on.get(0).contains("idle for 60 s"), on.get(0));
    assertTrue(
        on.get(0).contains("echo off > /sys/kernel/mm/damon/admin/kdamonds/0/state"), on.get(0));

    Files.writeString(scheme.resolve("action"), "stat\n");
    assertEquals(List.of(), check.proactiveReclaim(), "a scheme that only counts drops nothing");

    Path reclaim = Files.createDirectories(sys.resolve("module/damon_reclaim/parameters"));
    Files.writeString(reclaim.resolve("enabled"), "Y\n");
    Files.writeString(reclaim.resolve("min_age"), "120000000\n");
    List<String> module = check.proactiveReclaim();
    assertEquals(1, module.size(), module.toString());
    assertTrue(module.get(0).contains("DAMON_RECLAIM pages out memory idle for 120 s"));
  }
}
