package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.results.BaselineStep;
import io.github.mongodbtiered.servers.DiskBaseline.Mode;
import io.github.mongodbtiered.servers.DiskBaseline.Settings;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The disk baseline measures what a profile's container delivers, step by step. */
@Tag("integration")
@Tag("alone") // the IOPS it measures: no other test beside it
class DiskBaselineTest {
  private static final double SECONDS_PER_STEP = 4;

  @BeforeAll
  static void docker() {
    ServerUnderTest.assumeDocker();
  }

  @Test
  void underHdd150EveryDoublingStepOfRandom4To32KibReadsDeliversAbout150Iops(@TempDir Path data)
      throws Exception {
    // Given the hdd-150 profile
    DiskProfile hdd = DiskProfiles.builtIn().get("hdd-150");
    Settings reads = new Settings(List.of(Mode.READ), 4096, 32768, 128L << 20, 4, SECONDS_PER_STEP);
    List<Long> arrivals = new ArrayList<>();
    List<BaselineStep> live = new ArrayList<>();

    // When disk-baseline runs reads of 4-32 KiB with threads 1 to 4
    List<BaselineStep> steps =
        DiskBaseline.inContainer(
            ServerUnderTest.probeImage(),
            hdd,
            data,
            reads,
            s -> {
              arrivals.add(System.nanoTime());
              live.add(s);
            });
    long returned = System.nanoTime();

    // Then the steps are 1, 2 and 4 threads, each within 15% of 150 IOPS
    steps.forEach(s -> System.out.println("disk-baseline hdd-150: " + s));
    assertEquals(List.of(1, 2, 4), steps.stream().map(BaselineStep::threads).toList());
    for (BaselineStep s : steps) {
      assertEquals("hdd-150", s.profile());
      assertEquals("container", s.where());
      assertEquals("read", s.mode());
      assertEquals(4096, s.blockMinBytes());
      assertEquals(32768, s.blockMaxBytes());
      assertTrue(
          Math.abs(s.rate().iops() - 150) <= 150 * 0.15,
          s.threads() + " thread(s): " + s.rate().iops() + " IOPS, not within 15% of 150");
      double bytesPerOp = s.rate().mbPerSec() * 1e6 / s.rate().iops();
      assertTrue(bytesPerOp > 4096 && bytesPerOp < 32768, "bytes per op " + bytesPerOp);
    }
    // and each step was handed on as it ended, not all at the end
    assertEquals(steps, live);
    double firstBeforeEnd = (returned - arrivals.get(0)) / 1e9;
    assertTrue(
        firstBeforeEnd >= SECONDS_PER_STEP,
        "the first step arrived only " + firstBeforeEnd + " s before the run ended");
  }
}
