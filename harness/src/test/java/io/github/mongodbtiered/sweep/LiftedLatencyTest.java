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
 * Given a delayed volume under a cell's server, when the preload runs, then the volume's added
 * latency is off and goes back after it; a latency that will not come off is put back at once (a
 * swap that failed half-way may have left the device without it) and noted, and one that will go
 * neither way, or not back, fails the cell.
 */
class LiftedLatencyTest {
  private final List<String> calls = new ArrayList<>();
  private final List<Double> mounts = new ArrayList<>();
  private Double refuse;

  /** A volume that records its latency changes and refuses {@link #refuse} (NaN: every one). */
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
          if (refuse != null && (refuse.isNaN() || refuse == latencyMillis)) {
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

  private final List<String> notes = new ArrayList<>();

  private AutoCloseable lift() throws IOException {
    return DockerTarget.withLatencyLifted(
        volume, 7, m -> mounts.add(m.latencyMillis()), notes::add);
  }

  @Test
  void theLatencyComesOffForThePreloadAndGoesBackAfterIt() throws Exception {
    AutoCloseable lifted = lift();
    assertEquals(List.of("latency 0.0"), calls);
    lifted.close();
    assertEquals(List.of("latency 0.0", "latency 7.0"), calls);
    assertEquals(List.of(0.0, 7.0), mounts, "the target knows the mount after each change");
    assertEquals(List.of(), notes);
  }

  @Test
  void aLatencyThatWillNotComeOffIsPutBackAtOnceAndSaid() throws Exception {
    refuse = 0.0;
    AutoCloseable lifted = lift();
    assertEquals(List.of("latency 7.0"), calls, "the profile's latency, whatever the swap left");
    assertEquals(List.of(7.0), mounts);
    assertEquals(1, notes.size(), notes.toString());
    String note = notes.get(0);
    assertTrue(note.startsWith("the preload ran at the profile's added latency: "), note);
    assertTrue(note.contains("added 7 ms could not be lifted"), note);
    assertTrue(note.contains("nbdkit would not start"), note);
    lifted.close();
    assertEquals(List.of("latency 7.0"), calls, "nothing more to put back");
  }

  @Test
  void aLatencyThatGoesNeitherWayFailsTheCell() {
    refuse = Double.NaN;
    IOException e = assertThrows(IOException.class, this::lift);
    assertTrue(e.getMessage().contains("could be neither lifted nor put back"), e.getMessage());
    assertEquals(List.of(), mounts);
    assertEquals(List.of(), notes, "a failed cell, not a note");
  }

  @Test
  void aLatencyThatWillNotGoBackFailsTheCell() throws Exception {
    AutoCloseable lifted = lift();
    refuse = 7.0;
    IOException e = assertThrows(IOException.class, lifted::close);
    assertTrue(e.getMessage().contains("added 7 ms could not be put back"), e.getMessage());
    assertEquals(List.of(0.0), mounts, "the mount stays the lifted one: the cell fails");
  }
}
