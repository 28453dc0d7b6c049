package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.BurstBucket;
import io.github.mongodbtiered.profiles.BurstStart;
import io.github.mongodbtiered.profiles.CloudVolumes;
import io.github.mongodbtiered.profiles.DiskProfile;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Given gp2:100GiB with its bucket scaled down to 9,000 credits, when a probe reads as fast as it
 * can, then the volume runs at its burst rate until the credits are spent and at its 300 IOPS
 * baseline after.
 */
@Tag("integration")
@Tag("alone") // the IOPS it measures: no other test beside it
class BurstProbeTest {
  @BeforeAll
  static void docker() {
    ServerUnderTest.assumeDocker();
  }

  @Test
  void theBucketRunsDryWhereItsCreditsSayAndTheBaselineFollows(@TempDir Path data)
      throws Exception {
    DiskProfile gp2 = CloudVolumes.shipped().profile("gp2:100GiB");
    BurstBucket bucket = BurstStart.parse("9000").bucketFor(gp2);

    DiskProbe.Bursting run =
        DiskProbe.run(
            ServerUnderTest.probeImage(),
            gp2,
            data,
            new DiskProbe.Settings(false, 16, 12, 128L << 20, 4096),
            bucket);

    BurstThrottle.Drop d = BurstThrottle.drop(run.burst(), gp2);
    System.out.println("probe gp2:100GiB from 9000 credits: " + d + ", " + run.result().iops());
    assertNotNull(d, "the throttle saw the probe's reads");
    assertTrue(d.iopsBefore() > 900, "on credits it ran above the baseline: " + d);
    assertNotNull(d.emptiedSeconds(), "the bucket ran dry: " + d);
    assertTrue(
        Math.abs(d.emptiedSeconds() - d.predictedSeconds()) <= 0.25 * d.predictedSeconds() + 1,
        "emptied where its credits over the drain say: " + d);
    assertNotNull(d.iopsAfter(), d.toString());
    assertTrue(Math.abs(d.iopsAfter() - 300) <= 300 * 0.15, "then the 300 IOPS baseline: " + d);
    assertTrue(
        bucket.credits() < 300, "the bucket is left as the probe left it: " + bucket.credits());
  }
}
