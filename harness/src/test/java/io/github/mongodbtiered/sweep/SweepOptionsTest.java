package io.github.mongodbtiered.sweep;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.fleet.ClientSlot;
import io.github.mongodbtiered.fleet.Fleet;
import io.github.mongodbtiered.profiles.DiskProfiles;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.junit.jupiter.api.Test;

class SweepOptionsTest {
  private static final Path OUT = Path.of("/tmp/report");

  private static SweepOptionsBuilder small() {
    Properties w = new Properties();
    w.setProperty("readproportion", "1");
    return SweepOptions.builder()
        .recordCounts(4000L, 2000L, 4000L)
        .profiles(DiskProfiles.builtIn().get("io1-5000"))
        .workload(w)
        .outDir(OUT);
  }

  @Test
  void countsAreSortedAndDataDefaultsToTheReportsDataDirectory() {
    SweepOptions o = small().build();
    assertEquals(List.of(2000L, 4000L), o.recordCounts());
    assertEquals(OUT.resolve("data"), o.dataDir());
    assertEquals(OUT.resolve("data"), o.localDataDir());
    assertEquals("usertable", o.table());
  }

  @Test
  void theWorkloadIsCopied() {
    Properties w = new Properties();
    w.setProperty("table", "t");
    SweepOptions o = small().workload(w).build();
    w.setProperty("table", "changed");
    assertEquals("t", o.table());
  }

  @Test
  void toBuilderKeepsEveryOption() {
    SweepOptions o = small().threads(3).runSeconds(7).repeats(2).remeasure(true).build();
    assertEquals(o, o.toBuilder().build());
    assertEquals(o.hashCode(), o.toBuilder().build().hashCode());
    assertNotEquals(o, o.toBuilder().threads(4).build());
  }

  @Test
  void withTargetAndWithFleetChangeOnlyThatOption() {
    SweepOptions o =
        small().mongodbUrl("mongodb://h/db").server(SweepOptions.ServerChoice.URL).build();
    SweepOptions at = o.withTargetOpsPerSec(500);
    assertEquals(500, at.targetOpsPerSec());
    assertEquals(o, at.withTargetOpsPerSec(0));

    Fleet two = new Fleet(new ClientSlot(1, 2), "f", Duration.ofSeconds(5));
    SweepOptions second = o.withFleet(two);
    assertEquals(two, second.fleet());
    assertEquals(o, second.withFleet(Fleet.ALONE));
    assertNull(second.localDataDir());
  }

  @Test
  void aFleetWithoutAUrlIsRefused() {
    Fleet two = new Fleet(new ClientSlot(0, 2), "f", Duration.ofSeconds(5));
    IllegalArgumentException e =
        assertThrows(IllegalArgumentException.class, () -> small().fleet(two).build());
    assertTrue(e.getMessage().startsWith("--clients 2"), e.getMessage());
  }

  @Test
  void badValuesAreRefusedNamingTheOption() {
    assertThrows(IllegalArgumentException.class, () -> small().repeats(0).build());
    assertThrows(IllegalArgumentException.class, () -> small().recordCounts(List.of()).build());
    assertThrows(IllegalArgumentException.class, () -> small().profiles(List.of()).build());
    assertThrows(IllegalArgumentException.class, () -> small().threads(0).build());
    assertThrows(IllegalArgumentException.class, () -> small().targetOpsPerSec(-1).build());
    assertThrows(
        IllegalArgumentException.class, () -> small().runOperations(0).runSeconds(0).build());
    assertThrows(NullPointerException.class, () -> small().outDir(null).build());
    // Shards without their router: nothing to read them beside.
    assertThrows(
        IllegalArgumentException.class,
        () -> small().shardUrls(List.of("mongodb://s1:27018/")).build());
  }

  @Test
  void toStringKeepsThePasswordOut() {
    SweepOptions o =
        small()
            .server(SweepOptions.ServerChoice.URL)
            .mongodbUrl("mongodb://user:s3cret@h/db")
            .shardUrls(List.of("mongodb://user:s3cret@s1:27018/"))
            .commandLine(
                List.of(
                    "sweep",
                    "--mongodb-url",
                    "mongodb://user:s3cret@h/db",
                    "--shard-url=mongodb://user:s3cret@s1:27018/"))
            .build();
    assertFalse(o.toString().contains("s3cret"), o::toString);
    assertTrue(o.toString().contains("mongodbUrl=mongodb://user:****@h/db"), o::toString);
    assertTrue(o.toString().contains("shardUrls=[mongodb://user:****@s1:27018/]"), o::toString);
  }
}
