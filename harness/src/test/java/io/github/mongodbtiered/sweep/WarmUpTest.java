package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.metrics.TierClassifier;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import org.junit.jupiter.api.Test;

class WarmUpTest {
  @Test
  void theLimitsBindFromHalfOfAnyOfThem() {
    DiskProfile hdd = DiskProfile.named("hdd-150").iops(150).addedLatencyMillis(7).build();
    assertFalse(WarmUp.limitsBind(hdd, 74.9, 50e6, 0));
    assertTrue(WarmUp.limitsBind(hdd, 75, 0, 0));

    DiskProfile narrow = DiskProfile.named("narrow").readBytesPerSec(10_000_000).iops(5000).build();
    assertFalse(WarmUp.limitsBind(narrow, 2000, 4_000_000, 0));
    assertTrue(WarmUp.limitsBind(narrow, 2000, 5_000_000, 0), "half the bandwidth");
    assertTrue(WarmUp.limitsBind(narrow, 2500, 0, 0), "half the IOPS");

    DiskProfile unlimited = DiskProfile.named("none").addedLatencyMillis(7).build();
    assertFalse(WarmUp.limitsBind(unlimited, 1e9, 1e12, 1e9));
  }

  @Test
  void underALimitOnlyADeviceThatReadsNextToNothingIsIdle() {
    DiskProfile hdd = DiskProfile.named("hdd-150").iops(150).addedLatencyMillis(7).build();
    // Writes (a checkpoint's) below half the limit, the odd read: the limits cannot matter.
    assertFalse(WarmUp.limitsBind(hdd, 40, 1e6, 1));
    // A 4M-record cell did under 75 I/Os a second with the limits lifted, and slowed 4x under them.
    assertTrue(WarmUp.limitsBind(hdd, 64, 1e6, 64));
    assertTrue(WarmUp.limitsBind(hdd, 40, 1e6, 1.5));
    assertTrue(WarmUp.limitsBind(hdd, 0, 0, Double.NaN), "reads unknown");
  }

  @Test
  void thePreloadLiftsTheLatencyOnlyForFilesOverThePageCachesRoom() {
    DiskProfiles builtIn = DiskProfiles.builtIn();
    DiskProfile san = builtIn.get("san-600");
    // The default sweep's compacted files: 4M (5.35 GB) and 5M (7.24 GB) are over the 4.27 GB room
    // that 7,634 MiB leaves beside a 3,305 MiB cache and the 256 MiB allowance; 2M (2.5 GB) fits.
    assertTrue(FillAndPreload.filesFit(2_500_000_000L, san));
    assertFalse(FillAndPreload.filesFit(5_350_000_000L, san));
    assertFalse(FillAndPreload.filesFit(7_240_000_000L, san));
    long room =
        TierClassifier.fsCacheRoomBytes(san.memoryBytes(), san.effectiveCacheBytes().getAsLong());
    assertTrue(FillAndPreload.filesFit(room, san));
    assertFalse(FillAndPreload.filesFit(room + 1, san));
    // Sizes unknown (a remote server's files), or no memory limit: the latency comes off.
    assertFalse(FillAndPreload.filesFit(null, san));
    DiskProfile unlimited = DiskProfile.named("unlimited").iops(150).build();
    assertFalse(FillAndPreload.filesFit(1L, unlimited));
  }
}
