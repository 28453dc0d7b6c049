package io.github.mongodbtiered.volumes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

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
    assertEquals("0.000500", NbdStack.delay(0.5));
    assertEquals(
        "0 2097152 delay /dev/loop3 0 7 /dev/loop3 0 7", DmStack.table("2097152", "/dev/loop3", 7));
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
