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
import io.github.mongodbtiered.servers.DiskBaseline;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

class SweepOptionsTest {
  private static final Path OUT = Path.of("/tmp/report");

  private static SweepOptions small() {
    Properties w = new Properties();
    w.setProperty("readproportion", "1");
    return SweepOptions.defaults(w, OUT)
        .withCells(
            c ->
                c.withRecordCounts(4000L, 2000L, 4000L)
                    .withProfiles(DiskProfiles.builtIn().get("io1-5000")));
  }

  @Test
  void countsAreSortedAndDataDefaultsToTheReportsDataDirectory() {
    SweepOptions o = small();
    assertEquals(List.of(2000L, 4000L), o.recordCounts());
    assertEquals(OUT.resolve("data"), o.server().dataDir());
    assertEquals(OUT.resolve("data"), o.localDataDir());
    assertEquals("usertable", o.table());
  }

  @Test
  void theWorkloadIsCopied() {
    Properties w = new Properties();
    w.setProperty("table", "t");
    SweepOptions o = SweepOptions.defaults(w, OUT);
    w.setProperty("table", "changed");
    assertEquals("t", o.table());
  }

  @Test
  void theDefaultsAreTheStudysAndTheBaselineMeasuresTheWorkloadsKindOfIo() {
    Properties reads = new Properties();
    reads.setProperty("readproportion", "1");
    reads.setProperty("updateproportion", "0");
    SweepOptions o = SweepOptions.defaults(reads, OUT);
    assertEquals(List.of(2_000_000L, 3_000_000L, 4_000_000L, 5_000_000L), o.recordCounts());
    assertEquals(
        List.of("io1-5000", "san-600", "hdd-150"),
        o.profiles().stream().map(p -> p.name()).toList());
    assertEquals(16, o.workload().threads());
    assertEquals(List.of(DiskBaseline.Mode.READ), o.baseline().settings().modes());
    Properties updates = new Properties();
    updates.setProperty("updateproportion", "0.5");
    updates.setProperty("threadcount", "8");
    SweepOptions u = SweepOptions.defaults(updates, OUT);
    assertEquals(8, u.workload().threads());
    assertEquals(
        List.of(DiskBaseline.Mode.READ, DiskBaseline.Mode.WRITE), u.baseline().settings().modes());
  }

  @Test
  void aReplacedGroupChangesOnlyThatGroup() {
    SweepOptions o =
        small()
            .withWorkload(w -> w.withThreads(3))
            .withRuns(r -> r.withSeconds(7).withRepeats(2))
            .withCells(c -> c.withRemeasure(true));
    assertEquals(o, o.withRuns(UnaryOperator.identity()));
    assertEquals(o.hashCode(), o.withCells(c -> c.withRemeasure(true)).hashCode());
    SweepOptions four = o.withWorkload(w -> w.withThreads(4));
    assertNotEquals(o, four);
    assertEquals(o.runs(), four.runs());
    assertEquals(o.cells(), four.cells());
  }

  @Test
  void withTargetAndWithFleetChangeOnlyThatOption() {
    SweepOptions o = small().withServer(s -> s.withUrl("mongodb://h/db"));
    SweepOptions at = o.withRuns(r -> r.withTargetOpsPerSec(500));
    assertEquals(500, at.runs().targetOpsPerSec());
    assertEquals(o, at.withRuns(r -> r.withTargetOpsPerSec(0)));

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
        assertThrows(IllegalArgumentException.class, () -> small().withFleet(two));
    assertTrue(e.getMessage().startsWith("--clients 2"), e.getMessage());
  }

  @Test
  void badValuesAreRefusedNamingTheOption() {
    refused("--repeats", () -> small().withRuns(r -> r.withRepeats(0)));
    refused("--recordcounts", () -> small().withCells(c -> c.withRecordCounts(List.of())));
    refused("--profiles", () -> small().withCells(c -> c.withProfiles(List.of())));
    refused("--threads", () -> small().withWorkload(w -> w.withThreads(0)));
    refused("--load-threads", () -> small().withLoading(l -> l.withThreads(0)));
    refused("--target", () -> small().withRuns(r -> r.withTargetOpsPerSec(-1)));
    refused("--operations", () -> small().withRuns(r -> r.withOperations(0).withSeconds(0)));
    refused("--volume-size", () -> small().withVolume(v -> v.withSizeBytes(-1)));
    assertThrows(NullPointerException.class, () -> small().withOutput(o -> Output.to(null)));
    // Shards without their router: nothing to read them beside.
    refused(
        "--shard-url",
        () -> small().withServer(s -> s.withShardUrls(List.of("mongodb://s1:27018/"))));
  }

  private static void refused(String option, org.junit.jupiter.api.function.Executable build) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, build);
    assertTrue(e.getMessage().contains(option), e.getMessage());
  }

  @Test
  void toStringKeepsThePasswordOut() {
    Properties w = new Properties();
    w.setProperty("mongodb.url", "mongodb://user:s3cret@h/db");
    SweepOptions o =
        SweepOptions.defaults(w, OUT)
            .withServer(
                s ->
                    s.withUrl("mongodb://user:s3cret@h/db")
                        .withShardUrls(List.of("mongodb://user:s3cret@s1:27018/")))
            .withOutput(
                out ->
                    out.withCommandLine(
                        List.of(
                            "sweep",
                            "--mongodb-url",
                            "mongodb://user:s3cret@h/db",
                            "--shard-url=mongodb://user:s3cret@s1:27018/")));
    assertFalse(o.toString().contains("s3cret"), o::toString);
    assertTrue(o.toString().contains("mongodbUrl=mongodb://user:****@h/db"), o::toString);
    assertTrue(o.toString().contains("shardUrls=[mongodb://user:****@s1:27018/]"), o::toString);
  }
}
