package io.github.mongodbtiered.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.CloudVolumes;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.results.IoLatency;
import io.github.mongodbtiered.servers.DiskProbe;
import org.junit.jupiter.api.Test;

/** What a probe delivered, against the profile's caps. */
class ProbeTableTest {
  private static DiskProbe.Result result(DiskProfile p, int block, double iops) {
    return new DiskProbe.Result(
        p,
        "read",
        block,
        16,
        20,
        Math.round(iops * 20),
        iops,
        iops * block / (1 << 20),
        new IoLatency(1000, 2000, 3000, 4000));
  }

  @Test
  void theLimitThatBoundTheRunIsTheOneNearAHundredPercent() {
    DiskProfile gp3 = CloudVolumes.shipped().profile("gp3");
    assertEquals(
        "read: 2991 of 3000 IOPS (99.7%), 11.7 of 125 MiB/s (9.3%)",
        ProbeTable.deliveredNote(result(gp3, 4096, 2991)));
    // 256 KiB reads: the bandwidth binds at 500 IOPS.
    assertEquals(
        "read: 499 of 3000 IOPS (16.6%), 124.8 of 125 MiB/s (99.8%)",
        ProbeTable.deliveredNote(result(gp3, 256 << 10, 499)));
  }

  @Test
  void aRunShortOfEveryLimitSaysTheHostOrTheLoadSetTheRate() {
    DiskProfile big = CloudVolumes.shipped().profile("gp3:16000iops");
    String note = ProbeTable.deliveredNote(result(big, 4096, 4100));
    assertTrue(note.startsWith("read: 4100 of 16000 IOPS (25.6%)"), note);
    assertTrue(note.contains("short of the profile's limits"), note);
    assertTrue(note.contains("disk-baseline --profile none"), note);
    assertNull(ProbeTable.deliveredNote(result(DiskProfiles.builtIn().get("none"), 4096, 9000)));
  }
}
