package io.github.mongodbtiered.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CgroupIoStatsTest {
  @TempDir Path proc;
  @TempDir Path cgroup;

  private CgroupIoStats stats() {
    return new CgroupIoStats(proc, cgroup);
  }

  @Test
  void v1ReadsTheBlkioThrottleCounters() throws IOException {
    write(
        proc.resolve("4242/cgroup"),
        "12:memory:/docker/abc\n5:blkio:/docker/abc\n1:name=systemd:/docker/abc\n");
    Path dir = cgroup.resolve("blkio/docker/abc");
    write(
        dir.resolve("blkio.throttle.io_service_bytes"),
        "8:0 Read 1000\n254:0 Read 935329792\n254:0 Write 2684354560\n254:0 Sync 1\n"
            + "254:0 Total 3619684352\nTotal 3619685352\n");
    write(
        dir.resolve("blkio.throttle.io_serviced"),
        "254:0 Read 228352\n254:0 Write 40960\n254:0 Total 269312\n");
    assertEquals(new CgroupIoStats.Reads(935_329_792L, 228_352L), stats().read(4242, "254:0"));
    assertEquals(new CgroupIoStats.Reads(1000L, 0L), stats().read(4242, "8:0"));
    assertEquals(new CgroupIoStats.Io(269_312L, 3_619_684_352L), stats().total(4242, "254:0"));
    assertEquals(new CgroupIoStats.Io(0L, 0L), stats().total(4242, "8:0"), "no Total line");
  }

  @Test
  void v1FindsACoMountedController() throws IOException {
    write(proc.resolve("7/cgroup"), "3:cpu,blkio:/docker/x\n");
    write(cgroup.resolve("cpu,blkio/docker/x/blkio.throttle.io_service_bytes"), "8:0 Read 5\n");
    write(cgroup.resolve("cpu,blkio/docker/x/blkio.throttle.io_serviced"), "8:0 Read 1\n");
    assertEquals(new CgroupIoStats.Reads(5L, 1L), stats().read(7, "8:0"));
  }

  @Test
  void v2ReadsIoStat() throws IOException {
    write(proc.resolve("99/cgroup"), "0::/system.slice/docker-abc.scope\n");
    write(
        cgroup.resolve("system.slice/docker-abc.scope/io.stat"),
        "8:0 rbytes=4096 wbytes=0 rios=1 wios=0 dbytes=0 dios=0\n"
            + "254:0 rbytes=1459200 wbytes=314773504 rios=192 wios=353 dbytes=0 dios=0\n");
    assertEquals(new CgroupIoStats.Reads(1_459_200L, 192L), stats().read(99, "254:0"));
    assertEquals(new CgroupIoStats.Reads(0L, 0L), stats().read(99, "259:0"), "device untouched");
    assertEquals(new CgroupIoStats.Io(545L, 316_232_704L), stats().total(99, "254:0"));
    // A kernel before discards were counted has no dios/dbytes.
    write(proc.resolve("98/cgroup"), "0::/old\n");
    write(cgroup.resolve("old/io.stat"), "8:0 rbytes=10 wbytes=20 rios=1 wios=2\n");
    assertEquals(new CgroupIoStats.Io(3L, 30L), stats().total(98, "8:0"));
  }

  @Test
  void aHybridHostUsesTheV1Blkio() throws IOException {
    write(proc.resolve("5/cgroup"), "0::/docker/h\n4:blkio:/docker/h\n");
    write(cgroup.resolve("blkio/docker/h/blkio.throttle.io_service_bytes"), "8:0 Read 77\n");
    write(cgroup.resolve("blkio/docker/h/blkio.throttle.io_serviced"), "8:0 Read 3\n");
    assertEquals(new CgroupIoStats.Reads(77L, 3L), stats().read(5, "8:0"));
  }

  @Test
  void anythingUnreadableGivesNulls() throws IOException {
    CgroupIoStats.Reads none = new CgroupIoStats.Reads(null, null);
    // No such process (a remote Docker host).
    assertEquals(none, stats().read(1, "8:0"));
    // A cgroup whose files are missing.
    write(proc.resolve("2/cgroup"), "0::/gone\n");
    assertEquals(none, stats().read(2, "8:0"));
    // No blkio and no unified line.
    write(proc.resolve("3/cgroup"), "6:memory:/docker/m\n");
    assertEquals(none, stats().read(3, "8:0"));
    // A garbled counter.
    write(proc.resolve("4/cgroup"), "0::/bad\n");
    write(cgroup.resolve("bad/io.stat"), "8:0 rbytes=many rios=2\n");
    assertEquals(new CgroupIoStats.Reads(null, 2L), stats().read(4, "8:0"));
    assertEquals(new CgroupIoStats.Io(null, null), stats().total(1, "8:0"));
    assertEquals(new CgroupIoStats.Io(null, null), stats().total(4, "8:0"), "wios missing");
  }

  @Test
  void sinceSubtracts() {
    assertEquals(
        new CgroupIoStats.Reads(900L, null),
        new CgroupIoStats.Reads(1000L, 5L).since(new CgroupIoStats.Reads(100L, null)));
  }

  @Test
  void theDirectoriesAndLimitLinesTheServersReadAreFound() throws IOException {
    write(proc.resolve("8/cgroup"), "9:memory:/docker/l\n4:blkio:/docker/l\n0::/docker/l\n");
    Files.createDirectories(cgroup.resolve("blkio"));
    CgroupDirs dirs = CgroupDirs.of(proc, cgroup, 8);
    assertEquals(
        new CgroupDirs(
            cgroup.resolve("blkio/docker/l"),
            cgroup.resolve("memory/docker/l"),
            cgroup.resolve("docker/l")),
        dirs);
    Path ioMax = cgroup.resolve("docker/l/io.max");
    write(ioMax, "8:0 rbps=max wbps=max riops=150 wiops=max\n");
    List<String> fields = CgroupDirs.deviceLines(ioMax, "8:0").get(0);
    assertEquals("150", CgroupDirs.keyed(fields, "riops"));
    assertEquals(null, CgroupDirs.keyed(fields, "dbps"));
    assertEquals(List.of(), CgroupDirs.deviceLines(ioMax, "254:0"));
  }

  private static void write(Path file, String text) throws IOException {
    Files.createDirectories(file.getParent());
    Files.writeString(file, text);
  }
}
