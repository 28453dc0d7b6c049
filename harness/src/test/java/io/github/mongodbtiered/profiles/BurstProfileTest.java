package io.github.mongodbtiered.profiles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Burst buckets as profiles carry them: from the cloud catalogue, a file, and JSON. */
class BurstProfileTest {
  @Test
  void gp2UnderATebibyteAndAzureP20AndSmallerCarryTheirBuckets() {
    CloudVolumes cloud = CloudVolumes.shipped();
    DiskProfile gp2 = cloud.profile("gp2:100GiB");
    assertEquals(300, gp2.readIops());
    assertEquals(3000, gp2.burstIops());
    assertEquals(5_400_000, gp2.burstCredits());
    assertEquals(0, gp2.burstBytesPerSec(), "gp2 bursts IOPS, not bandwidth");
    assertFalse(cloud.profile("gp2:1TiB").bursts(), "3000 IOPS of baseline: nothing to burst to");
    DiskProfile p10 = cloud.profile("azure-p10");
    assertEquals(500, p10.readIops());
    assertEquals(3500, p10.burstIops());
    assertEquals(170_000_000, p10.burstBytesPerSec());
    assertEquals((3500 - 500) * 30 * 60, p10.burstCredits(), "30 minutes at 3500 from full");
    assertFalse(cloud.profile("azure-p30").bursts());
    assertEquals(3000, gp2.onCredits().readIops());
    assertEquals(170_000_000, p10.onCredits().readBytesPerSec());
  }

  @Test
  void aProfilesFileGivesABucketAndTheJsonKeepsIt(@TempDir Path dir) throws Exception {
    Path file = dir.resolve("b.profiles");
    Files.writeString(
        file,
        "[small-burst]\nread-iops = 100\nwrite-iops = 100\nburst-iops = 1000\n"
            + "burst-credits = 9000\nburst-bandwidth = 64m\n");
    DiskProfile p = DiskProfiles.builtInAnd(file).get("small-burst");
    assertTrue(p.bursts());
    assertEquals(64L << 20, p.burstBytesPerSec());
    assertTrue(p.summary().contains("bursts to 1000 IOPS"), p.summary());
    assertEquals(p, DiskProfile.fromJson(p.toJson()));
  }

  @Test
  void aHalfBucketIsRefusedNamingWhatItLacks() {
    IllegalArgumentException noCredits =
        assertThrows(
            IllegalArgumentException.class,
            () -> DiskProfile.named("x").iops(100).burst(1000, 0, 0).build());
    assertTrue(noCredits.getMessage().contains("needs both burst-iops and burst-credits"));
    IllegalArgumentException noBaseline =
        assertThrows(
            IllegalArgumentException.class,
            () -> DiskProfile.named("x").burst(1000, 0, 10).build());
    assertTrue(noBaseline.getMessage().contains("below burst-iops 1000"), noBaseline.getMessage());
  }

  @Test
  void burstCreditsAreFullEmptyOrANumberTheBucketHolds() {
    DiskProfile gp2 = CloudVolumes.shipped().profile("gp2:100GiB");
    assertEquals(5_400_000, BurstStart.parse("full").creditsFor(gp2));
    assertEquals(0, BurstStart.parse(" Empty ").creditsFor(gp2));
    assertEquals(27_000, BurstStart.parse("27000").creditsFor(gp2));
    for (String bad : new String[] {"", "half", "-1", "1.5"}) {
      IllegalArgumentException e =
          assertThrows(IllegalArgumentException.class, () -> BurstStart.parse(bad), bad);
      assertTrue(e.getMessage().contains("give full, empty or a whole number"), e.getMessage());
    }
    IllegalArgumentException over =
        assertThrows(
            IllegalArgumentException.class, () -> BurstStart.parse("9999999").creditsFor(gp2));
    assertTrue(
        over.getMessage().contains("gp2-100gib's bucket holds at most 5400000"), over.getMessage());
  }
}
