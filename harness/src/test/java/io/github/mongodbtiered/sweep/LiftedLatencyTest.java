package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.results.VolumeFacts;
import io.github.mongodbtiered.volumes.DataVolume;
import io.github.mongodbtiered.volumes.LatencyMethod;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Given a delayed volume under a cell's server, when the warm-up lifts the disk, then the volume's
 * added latency comes off with the blkio limits and goes back before them; a latency that will not
 * come off leaves the whole profile in place, and one that will not go back fails the cell with the
 * limits restored all the same.
 */
class LiftedLatencyTest {
  private final List<String> calls = new ArrayList<>();
  private final List<Double> mounts = new ArrayList<>();
  private Double refuse;

  private final AutoCloseable limits = () -> calls.add("limits back");

  /** A volume that records its latency changes and refuses the one in {@link #refuse}. */
  private final DataVolume volume =
      new DataVolume() {
        @Override
        public Path dataDir() {
          return Path.of("/data");
        }

        @Override
        public LatencyMethod method() {
          return LatencyMethod.NBD;
        }

        @Override
        public String offReason() {
          return "";
        }

        @Override
        public Mount mount(double latencyMillis) {
          return new Mount(dataDir(), true, latencyMillis);
        }

        @Override
        public Mount changeLatency(double latencyMillis) throws IOException {
          if (refuse != null && refuse == latencyMillis) {
            throw new IOException("nbdkit would not start");
          }
          calls.add("latency " + latencyMillis);
          return mount(latencyMillis);
        }

        @Override
        public boolean changesLatency() {
          return true;
        }

        @Override
        public void unmount() {}

        @Override
        public VolumeFacts facts() {
          return null;
        }

        @Override
        public void close() {}
      };

  private AutoCloseable lift() throws IOException {
    return DockerTarget.withLatencyLifted(volume, 7, limits, m -> mounts.add(m.latencyMillis()));
  }

  @Test
  void theLatencyComesOffWithTheLimitsAndGoesBackBeforeThem() throws Exception {
    AutoCloseable lifted = lift();
    assertEquals(List.of("latency 0.0"), calls);
    lifted.close();
    assertEquals(List.of("latency 0.0", "latency 7.0", "limits back"), calls);
    assertEquals(List.of(0.0, 7.0), mounts, "the target knows the mount after each change");
  }

  @Test
  void aLatencyThatWillNotComeOffPutsTheLimitsBackAndSaysWhy() {
    refuse = 0.0;
    IOException e = assertThrows(IOException.class, this::lift);
    assertEquals(List.of("limits back"), calls, "the warm-up runs under the whole profile");
    assertTrue(e.getMessage().contains("added 7 ms could not be lifted"), e.getMessage());
    assertTrue(e.getMessage().contains("nbdkit would not start"), e.getMessage());
  }

  @Test
  void aLatencyThatWillNotGoBackStillRestoresTheLimitsAndFails() throws Exception {
    AutoCloseable lifted = lift();
    refuse = 7.0;
    assertThrows(IOException.class, lifted::close);
    assertEquals(List.of("latency 0.0", "limits back"), calls);
    assertEquals(List.of(0.0), mounts, "the mount stays the lifted one: the cell fails");
  }
}
