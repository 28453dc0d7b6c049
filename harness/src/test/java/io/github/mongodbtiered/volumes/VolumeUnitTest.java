package io.github.mongodbtiered.volumes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The volume's decisions and commands, without root: a fake host and recorded commands. */
class VolumeUnitTest {
  /** A host with the given facts. */
  private static VolumeSupport host(
      boolean root, boolean dm, Set<String> paths, Set<String> tools) {
    return new VolumeSupport(
        new VolumeSupport.Host() {
          @Override
          public boolean root() {
            return root;
          }

          @Override
          public boolean exists(String path) {
            return paths.contains(path);
          }

          @Override
          public boolean onPath(String tool) {
            return tools.contains(tool);
          }

          @Override
          public boolean kernelHasDeviceMapper() {
            return dm;
          }
        });
  }

  private static final Set<String> DEVICES = Set.of("/dev/loop-control", "/dev/fuse");
  private static final Set<String> ALL_TOOLS =
      Set.of(
          "losetup",
          "mount",
          "umount",
          "blockdev",
          "dmsetup",
          "nbdkit",
          "nbdfuse",
          "fusermount3",
          "setsid",
          "mkfs.xfs");

  @Test
  void autoTakesDmWhereTheKernelHasItElseNbdElseOffWithEveryReason() {
    assertEquals(
        LatencyMethod.DM, host(true, true, DEVICES, ALL_TOOLS).choose(LatencyMethod.AUTO).method());
    assertEquals(
        LatencyMethod.NBD,
        host(true, false, DEVICES, ALL_TOOLS).choose(LatencyMethod.AUTO).method());
    VolumeSupport.Choice off =
        host(false, false, Set.of("/dev/loop-control"), Set.of("losetup", "mount"))
            .choose(LatencyMethod.AUTO);
    assertEquals(LatencyMethod.OFF, off.method());
    for (String why :
        List.of("not root", "device-mapper", "no FUSE", "nbdkit", "dmsetup", "mkfs.xfs")) {
      assertTrue(off.reason().contains(why), why + " missing from: " + off.reason());
    }
    assertEquals(
        new VolumeSupport.Choice(LatencyMethod.OFF, "--latency off"),
        host(true, true, DEVICES, ALL_TOOLS).choose(LatencyMethod.OFF));
  }

  @Test
  void askingForAMethodByNameThatIsMissingIsRefusedNamingWhatLacksAndTheOtherChoices() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> host(true, false, DEVICES, ALL_TOOLS).choose(LatencyMethod.DM));
    assertTrue(e.getMessage().startsWith("--latency dm: not available"), e.getMessage());
    assertTrue(e.getMessage().contains("no device-mapper driver"), e.getMessage());
    assertTrue(e.getMessage().contains("--latency auto"), e.getMessage());
  }

  @Test
  void nbdkitDelaysAreWholeMillisecondsOrSecondsAndDmTablesDelayReadsAndWrites() {
    assertEquals("7ms", NbdStack.delay(7));
    assertEquals("0ms", NbdStack.delay(0));
    assertThrows(IllegalArgumentException.class, () -> NbdStack.delay(0.5), "nbdkit drops it");
    assertEquals(
        "0 2097152 delay /dev/loop3 0 7 /dev/loop3 0 7", DmStack.table("2097152", "/dev/loop3", 7));
  }

  /**
   * Loops of runs that left no record (before it existed, or their data directory deleted): one on
   * {@code /disk} that nothing mounts or holds and that does not read is detached and said; one
   * that reads, one mounted, one held and one on another file are left alone.
   */
  @Test
  void anUnrecordedLoopOnAStoppedNbdfusesFileIsDetachedOnlyWhenUnusedAndUnreadable(
      @TempDir Path dir) throws Exception {
    Path sys = dir.resolve("sys");
    loop(sys, "loop1", "/disk"); // the orphan
    loop(sys, "loop2", "/disk"); // reads: its file still served
    loop(sys, "loop3", "/disk (deleted)"); // mounted
    loop(sys, "loop4", "/disk"); // held by a device-mapper table
    Files.createDirectories(sys.resolve("block/loop4/holders/dm-0"));
    loop(sys, "loop5", "/srv/images/disk"); // someone else's file named disk
    Path proc = Files.createDirectories(dir.resolve("proc"));
    Files.writeString(proc.resolve("mounts"), "/dev/loop3 /mnt/x xfs rw 0 0\n");
    List<String> ran = new ArrayList<>();
    HostCommands fake =
        (timeout, argv) -> {
          ran.add(String.join(" ", argv));
          if (argv.get(0).equals("dd") && !argv.get(1).equals("if=/dev/loop2")) {
            throw new IOException("dd exited with 1: Transport endpoint is not connected");
          }
          return "";
        };
    Path layer = Files.createDirectories(dir.resolve("layer"));
    List<String> removed = new NbdStack(layer, fake, new HostObjects(sys, proc)).down();
    assertEquals(
        List.of(
            "detached orphaned /dev/loop1 (on /disk, a stopped nbdfuse's file, unused and"
                + " unreadable; no record of it was left)"),
        removed);
    assertEquals(
        List.of("losetup -d /dev/loop1"),
        ran.stream().filter(c -> c.startsWith("losetup")).toList(),
        "nothing else detached");
    assertTrue(ran.stream().noneMatch(c -> c.contains("loop3") || c.contains("loop4")), "" + ran);
  }

  private static void loop(Path sys, String name, String backingFile) throws IOException {
    Path dir = Files.createDirectories(sys.resolve("block").resolve(name).resolve("loop"));
    Files.writeString(dir.resolve("backing_file"), backingFile + "\n");
  }

  @Test
  void theDmStackBuildsLoopThenMappingAndNamesTheMappingAfterTheVolume(@TempDir Path dir)
      throws Exception {
    List<String> ran = new ArrayList<>();
    HostCommands fake =
        (timeout, argv) -> {
          ran.add(String.join(" ", argv));
          return argv.get(0).equals("losetup") ? "/dev/loop7" : "2097152";
        };
    DmStack stack = new DmStack(dir, fake, new HostObjects(dir.resolve("sys"), dir.resolve("p")));
    assertEquals("/dev/mapper/" + stack.name(), stack.up(7, false));
    assertEquals(
        List.of(
            "losetup --find --show --direct-io=on " + dir.resolve("disk.img"),
            "blockdev --getsz /dev/loop7",
            "dmsetup create "
                + stack.name()
                + " --table 0 2097152 delay /dev/loop7 0 7 /dev/loop7 0 7"),
        ran);
    assertEquals(stack.name(), new DmStack(dir, fake, null).name(), "stable per directory");
    assertTrue(stack.name().matches("mongodb-tiered-[0-9a-f]{12}"), stack.name());
  }

  @Test
  void theDmStackChangesItsDelayByReloadingTheTableAndResumesAlsoWhenTheReloadFails(
      @TempDir Path dir) throws Exception {
    List<String> ran = new ArrayList<>();
    boolean[] refuse = {false};
    HostCommands fake =
        (timeout, argv) -> {
          ran.add(String.join(" ", argv));
          if (refuse[0] && argv.contains("reload")) {
            throw new IOException("dmsetup reload: device busy");
          }
          return argv.get(0).equals("losetup") ? "/dev/loop7" : "2097152";
        };
    DmStack stack = new DmStack(dir, fake, new HostObjects(dir.resolve("sys"), dir.resolve("p")));
    assertThrows(IOException.class, () -> stack.changeLatency(0), "not up yet");
    stack.up(0, false);
    ran.clear();
    stack.changeLatency(7);
    String name = stack.name();
    assertEquals(
        List.of(
            "blockdev --getsz /dev/loop7",
            "dmsetup suspend " + name,
            "dmsetup reload " + name + " --table 0 2097152 delay /dev/loop7 0 7 /dev/loop7 0 7",
            "dmsetup resume " + name),
        ran);
    ran.clear();
    refuse[0] = true;
    assertThrows(IOException.class, () -> stack.changeLatency(0));
    assertEquals("dmsetup resume " + name, ran.get(ran.size() - 1), "never left suspended");
  }

  @Test
  void aVolumeThatWouldNotFitTheFreeSpaceIsRefusedWithTheFigures(@TempDir Path dir) {
    HostObjects nothing = new HostObjects(dir.resolve("sys"), dir.resolve("proc"));
    HostCommands none =
        (timeout, argv) -> {
          throw new AssertionError("no command expected: " + argv);
        };
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                DelayedVolume.open(
                    LatencyMethod.NBD, dir, Long.MAX_VALUE / 2, none, nothing, line -> {}));
    assertTrue(e.getMessage().startsWith("--volume-size: a data volume of"), e.getMessage());
    assertTrue(e.getMessage().contains("free under " + dir), e.getMessage());
    assertTrue(e.getMessage().contains("--latency off"), e.getMessage());
    assertFalse(
        Files.exists(DelayedVolume.layerOf(dir).resolve(DelayedVolume.IMAGE)),
        "nothing created for a refused volume");
  }

  @Test
  void theSizeComesFromTheRecordsTheirShapeAndWhatElseTheVolumeHolds() {
    Properties p = new Properties();
    p.setProperty("fieldcount", "10");
    p.setProperty("fieldlength", "100");
    // 5M x (10 x 116 + 64) x 2 = 12.24 GB, + 2 GiB + 1 GiB baseline file, rounded up to GiB.
    assertEquals(15L << 30, VolumeSize.forRecords(5_000_000, p, 1L << 30));
    assertEquals(Long.MAX_VALUE, VolumeSize.forRecords(Long.MAX_VALUE, p, 0));
    assertEquals(2L << 30, VolumeSize.forFile(256L << 20));
  }

  @Test
  void busyIsRetriedUntilTheHolderLetsGoAndOtherFailuresAreNot() throws Exception {
    int[] calls = {0};
    DelayedVolume.retryWhileBusy(
        () -> {
          if (++calls[0] < 3) {
            throw new java.io.IOException("umount: /x: target is busy.");
          }
        },
        Duration.ofSeconds(10));
    assertEquals(3, calls[0]);
    assertThrows(
        java.io.IOException.class,
        () ->
            DelayedVolume.retryWhileBusy(
                () -> {
                  throw new java.io.IOException("umount: /x: not mounted.");
                },
                Duration.ofSeconds(10)));
  }
}
