package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.NullAndEmptySource;
import org.junit.jupiter.params.provider.ValueSource;

/** The owner label of a container, and whether its owner still runs: no Docker needed. */
class ContainerOwnerTest {
  private static final ProcessHandle SELF = ProcessHandle.current();
  private static final long SELF_START = SELF.info().startInstant().orElseThrow().toEpochMilli();

  @Test
  void aLabelReadsBackAsTheOwnerItNames() {
    assertEquals(
        Optional.of(new ContainerOwner(1234, 1700000000123L)),
        ContainerOwner.parse("1234@1700000000123"));
    assertEquals("1234@1700000000123", new ContainerOwner(1234, 1700000000123L).label());
  }

  @Test
  void thisJvmsLabelNamesThisJvm() {
    ContainerOwner me = ContainerOwner.parse(ContainerOwner.currentLabel()).orElseThrow();
    assertEquals(new ContainerOwner(SELF.pid(), SELF_START), me);
    assertTrue(me.isAlive());
  }

  /** A malformed owner label means: leave the container alone (parse finds no owner). */
  @ParameterizedTest
  @NullAndEmptySource
  @ValueSource(
      strings = {"1234", "1234@", "@1700000000123", "1234@unknown", "-1@5", "12 34@5", "1@2@3"})
  void aMalformedLabelNamesNoOwner(String label) {
    assertEquals(Optional.empty(), ContainerOwner.parse(label));
  }

  @Test
  void noProcessWithThePidMeansTheOwnerIsGone() {
    assertFalse(new ContainerOwner(SELF.pid(), SELF_START).isAliveGiven(Optional.empty()));
  }

  @Test
  void theProcessWithThePidAndItsStartTimeIsTheOwner() {
    assertTrue(new ContainerOwner(SELF.pid(), SELF_START).isAliveGiven(Optional.of(SELF)));
  }

  @Test
  void aProcessWithThePidButAnotherStartTimeReusesThePid() {
    assertFalse(
        new ContainerOwner(SELF.pid(), SELF_START - 60_000).isAliveGiven(Optional.of(SELF)));
  }

  @Test
  void aProcessThatHasExitedIsNoOwner() throws Exception {
    Process p = new ProcessBuilder("true").start();
    p.waitFor();
    ProcessHandle exited = p.toHandle();
    long start = exited.info().startInstant().map(Instant::toEpochMilli).orElse(0L);
    assertFalse(new ContainerOwner(exited.pid(), start).isAliveGiven(Optional.of(exited)));
  }

  @Test
  void startTimesASecondApartAreOneProcess() {
    // The boot time behind a start time is in whole seconds; two JVMs may read it a second apart.
    ContainerOwner owner = new ContainerOwner(1, 1_700_000_000_000L);
    assertTrue(owner.startMatches(Optional.of(Instant.ofEpochMilli(1_700_000_001_000L))));
    assertTrue(owner.startMatches(Optional.of(Instant.ofEpochMilli(1_699_999_999_000L))));
    assertFalse(owner.startMatches(Optional.of(Instant.ofEpochMilli(1_700_000_001_001L))));
  }

  @Test
  void aLiveProcessOfUnknownStartCountsAsTheOwner() {
    // Removing a running harness's server would break its sweep; keeping an orphan only delays.
    assertTrue(new ContainerOwner(1, 1_700_000_000_000L).startMatches(Optional.empty()));
  }

  @Test
  void theDataDirectoryLabelIsAbsoluteAndNormalized() {
    Path relative = Path.of("data", "..", "data", ".");
    assertEquals(
        Path.of("").toAbsolutePath().resolve("data").toString(),
        ContainerLabels.dataDirValue(relative));
    assertEquals(
        ContainerLabels.dataDirValue(relative),
        ContainerLabels.ownedBy(relative).get(ContainerLabels.DATA_DIR));
    assertEquals(
        ContainerOwner.currentLabel(),
        ContainerLabels.ownedBy(relative).get(ContainerLabels.OWNER));
  }
}
