package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The throttle is real: the probe delivers what the profile allows, and more without it. */
@Tag("integration")
@Tag("alone") // the IOPS it measures: no other test beside it
class ThrottleProbeTest {
  private static final DiskProbe.Settings READS =
      new DiskProbe.Settings(false, 1, 8, 128L << 20, 4096);

  @BeforeAll
  static void docker() {
    ServerUnderTest.assumeDocker();
  }

  @Test
  void theHdd150ProfileDeliversAbout150ReadIopsAndNoLimitSeveralTimesMore(@TempDir Path data)
      throws Exception {
    DiskProfiles profiles = DiskProfiles.builtIn();
    DiskProfile hdd = profiles.get("hdd-150");

    DiskProbe.Result throttled = DiskProbe.run(ServerUnderTest.probeImage(), hdd, data, READS);
    DiskProbe.Result free =
        DiskProbe.run(ServerUnderTest.probeImage(), profiles.get("none"), data, READS);

    System.out.printf(
        "probe, 4 KiB O_DIRECT random reads, 1 thread: hdd-150 %.1f IOPS (p99 %d us),"
            + " none %.1f IOPS (p99 %d us)%n",
        throttled.iops(), throttled.latency().p99Micros(), free.iops(), free.latency().p99Micros());
    assertTrue(
        Math.abs(throttled.iops() - 150) <= 150 * 0.15,
        "hdd-150 delivered " + throttled.iops() + " read IOPS, not within 15% of 150");
    assertTrue(
        free.iops() >= 3 * 150,
        "without limits the disk delivered only " + free.iops() + " read IOPS");
  }

  @Test
  void writesAreThrottledToo(@TempDir Path data) throws Exception {
    DiskProfile hdd = DiskProfiles.builtIn().get("hdd-150");
    DiskProbe.Result writes =
        DiskProbe.run(
            ServerUnderTest.probeImage(),
            hdd,
            data,
            new DiskProbe.Settings(true, 1, 5, 64L << 20, 4096));
    assertTrue(
        Math.abs(writes.iops() - 150) <= 150 * 0.15,
        "hdd-150 delivered " + writes.iops() + " write IOPS, not within 15% of 150");
  }
}
