package io.github.mongodbtiered.metrics;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import org.junit.jupiter.api.Test;

class DeviceStatsTest {
  @Test
  void readsFields1_3_4And10OfTheDevicesLine() throws IOException {
    DeviceStats vda = DeviceStats.read(Fixtures.path("diskstats.txt"), "vda");
    assertEquals(new DeviceStats("vda", 1_200_000, 96_000_000, 8_400_000, 1_750_000), vda);
    assertEquals(96_000_000L * 512, vda.readBytes());
  }

  @Test
  void acceptsADevicePathAndOldShortLines() throws IOException {
    // dm-0's line has only the original 11 fields.
    assertEquals(
        new DeviceStats("dm-0", 310, 2480, 40, 44),
        DeviceStats.read(Fixtures.path("diskstats.txt"), "/dev/dm-0"));
  }

  @Test
  void anUnknownDeviceNamesTheKnownOnes() {
    IllegalArgumentException e =
        assertThrows(
            IllegalArgumentException.class,
            () -> DeviceStats.read(Fixtures.path("diskstats.txt"), "sda"));
    assertTrue(e.getMessage().contains("loop0, vda, vda1, dm-0"), e.getMessage());
  }

  @Test
  void activityIsWhatIostatShows() {
    DeviceStats before = new DeviceStats("vda", 1000, 8000, 5000, 20_000);
    // 10 s: 1500 reads of 4 KiB (8 sectors), 10.5 s of read time, 9 s busy.
    DeviceStats after = new DeviceStats("vda", 2500, 20_000, 15_500, 29_000);
    DeviceActivity a = after.activitySince(before, 10_000_000_000L);
    assertEquals(150.0, a.readsPerSec(), 1e-9);
    assertEquals(12_000 * 512 / 10.0, a.readBytesPerSec(), 1e-9);
    assertEquals(7.0, a.awaitMillis(), 1e-9);
    assertEquals(90.0, a.utilPercent(), 1e-9);
  }

  @Test
  void utilIsCappedAndAwaitNeedsReads() {
    DeviceStats before = new DeviceStats("vda", 10, 80, 50, 0);
    // io_ticks can run ahead of the wall clock measured around the reads.
    DeviceActivity a =
        new DeviceStats("vda", 10, 80, 50, 1_050).activitySince(before, 1_000_000_000L);
    assertEquals(100.0, a.utilPercent());
    assertNull(a.awaitMillis());
    assertEquals(0.0, a.readsPerSec());
  }

  @Test
  void mismatchedSnapshotsAreRejected() {
    DeviceStats vda = new DeviceStats("vda", 10, 80, 50, 0);
    assertThrows(
        IllegalArgumentException.class,
        () -> vda.activitySince(new DeviceStats("vdb", 1, 1, 1, 0), 1));
    assertThrows(
        IllegalArgumentException.class,
        () -> vda.activitySince(new DeviceStats("vda", 11, 80, 50, 0), 1));
    assertThrows(IllegalArgumentException.class, () -> vda.activitySince(vda, 0));
  }
}
