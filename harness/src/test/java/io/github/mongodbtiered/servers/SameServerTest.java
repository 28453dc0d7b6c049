package io.github.mongodbtiered.servers;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.github.mongodbtiered.profiles.CloudVolumes;
import io.github.mongodbtiered.profiles.DiskProfile;
import io.github.mongodbtiered.profiles.DiskProfiles;
import io.github.mongodbtiered.profiles.Setting;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * {@link ThrottledMongoContainer#sameServer} decides by the settings' scopes what the container's
 * own start makes of them: a new server exactly where its memory limit or command line differs.
 */
class SameServerTest {
  private static final long MIB = 1L << 20;

  /** The study's profiles and the scaled ones the repository ships. */
  private static List<DiskProfile> profiles() throws Exception {
    return DiskProfiles.builtInAnd(Path.of("..", "profiles", "scaled.profiles")).all();
  }

  /** Those, and two cloud volumes with burst buckets (one with a burst bandwidth). */
  private static List<DiskProfile> withBursts() throws Exception {
    List<DiskProfile> all = new ArrayList<>(profiles());
    all.add(CloudVolumes.shipped().profile("gp2:100GiB"));
    all.add(CloudVolumes.shipped().profile("azure-p10"));
    return all;
  }

  /** What the container is started with: its memory limit and its command line. */
  private static boolean startsTheSame(DiskProfile a, DiskProfile b) {
    return a.memoryBytes() == b.memoryBytes()
        && ThrottledMongoContainer.command(a).equals(ThrottledMongoContainer.command(b));
  }

  /** {@code p} with {@code s} alone changed. */
  private static DiskProfile changed(DiskProfile p, Setting s) {
    DiskProfile.Builder b = p.toBuilder();
    DiskProfile.Builder c =
        switch (s) {
          case DESCRIPTION -> b.description(p.description() + " (changed)");
          case READ_IOPS -> b.readIops(p.readIops() + 1);
          case WRITE_IOPS -> b.writeIops(p.writeIops() + 1);
          case READ_BANDWIDTH -> b.readBytesPerSec(p.readBytesPerSec() + MIB);
          case WRITE_BANDWIDTH -> b.writeBytesPerSec(p.writeBytesPerSec() + MIB);
          case ADDED_LATENCY -> b.addedLatencyMillis(p.addedLatencyMillis() + 1);
          case MEMORY -> b.memoryBytes(p.memoryBytes() + 1024 * MIB);
          case WIREDTIGER_CACHE ->
              b.wiredTigerCacheBytes(p.wiredTigerCacheBytes().orElse(64 * MIB) + 16 * MIB);
          case BURST_IOPS -> b.burst(p.burstIops() + 1, p.burstBytesPerSec(), p.burstCredits());
          case BURST_BANDWIDTH ->
              b.burst(p.burstIops(), p.burstBytesPerSec() + MIB, p.burstCredits());
          case BURST_CREDITS -> b.burst(p.burstIops(), p.burstBytesPerSec(), p.burstCredits() + 1);
          case PRICE_PER_MONTH -> b.pricePerMonth(p.pricePerMonth() + 10);
        };
    return c.build();
  }

  /** {@code p} under another name, every setting kept. */
  private static DiskProfile renamed(DiskProfile p, String name) {
    return DiskProfile.named(name)
        .description(p.description())
        .readIops(p.readIops())
        .writeIops(p.writeIops())
        .readBytesPerSec(p.readBytesPerSec())
        .writeBytesPerSec(p.writeBytesPerSec())
        .addedLatencyMillis(p.addedLatencyMillis())
        .memoryBytes(p.memoryBytes())
        .wiredTigerCacheBytes(p.wiredTigerCacheBytes())
        .burst(p.burstIops(), p.burstBytesPerSec(), p.burstCredits())
        .pricePerMonth(p.pricePerMonth())
        .build();
  }

  @Test
  void eachSettingsScopeSaysWhetherItsChangeNeedsANewServer() throws Exception {
    for (DiskProfile p : withBursts()) {
      for (Setting s : Setting.values()) {
        if (s.fileKey().startsWith("burst-") && !p.bursts()) {
          continue; // a bucket's settings come together: no one of them alone is a profile
        }
        DiskProfile q = changed(p, s);
        String pair = p.name() + " with " + s + " changed";
        assertEquals(Set.of(s.scope()), p.changesTo(q), pair);
        boolean newServer = s.scope() == Setting.Scope.NEW_SERVER;
        assertEquals(!newServer, ThrottledMongoContainer.sameServer(p, q), pair);
        assertEquals(startsTheSame(p, q), ThrottledMongoContainer.sameServer(p, q), pair);
      }
    }
  }

  @Test
  void theScopesAreTheOnesTheContainerApplies() {
    assertEquals(Setting.Scope.LABEL, Setting.DESCRIPTION.scope());
    for (Setting s :
        List.of(
            Setting.READ_IOPS,
            Setting.WRITE_IOPS,
            Setting.READ_BANDWIDTH,
            Setting.WRITE_BANDWIDTH)) {
      assertEquals(Setting.Scope.CGROUP, s.scope(), s.name());
    }
    assertEquals(Setting.Scope.VOLUME, Setting.ADDED_LATENCY.scope());
    for (Setting s : List.of(Setting.BURST_IOPS, Setting.BURST_BANDWIDTH, Setting.BURST_CREDITS)) {
      assertEquals(Setting.Scope.CGROUP, s.scope(), s.name());
    }
    assertEquals(Setting.Scope.NEW_SERVER, Setting.MEMORY.scope());
    assertEquals(Setting.Scope.NEW_SERVER, Setting.WIREDTIGER_CACHE.scope());
  }

  @Test
  void aProfileDifferingOnlyInItsLabelsIsTheSameServer() throws Exception {
    for (DiskProfile p : profiles()) {
      DiskProfile q = renamed(changed(p, Setting.DESCRIPTION), p.name() + "-again");
      assertEquals(Set.of(Setting.Scope.LABEL), p.changesTo(q), p.name());
      assertTrue(ThrottledMongoContainer.sameServer(p, q), p.name());
      assertEquals(Set.of(), p.changesTo(p), p.name());
    }
  }

  /**
   * Where the rule by scopes is stricter than the command line: two caches the command rounds to
   * the same size (three decimals of a GB), or a cache set to what the memory gives by default
   * beside one left to the default, still need a new server. Neither occurs among the shipped
   * profiles.
   */
  @Test
  void cachesThatMakeOneCommandLineStillNeedANewServer() throws Exception {
    DiskProfile small =
        DiskProfiles.builtInAnd(Path.of("..", "profiles", "scaled.profiles")).get("fast-small");
    DiskProfile oneMore = small.toBuilder().wiredTigerCacheBytes(65 * MIB).build();
    assertTrue(startsTheSame(small, oneMore), "64 and 65 MiB are both 0.063 GB");
    assertFalse(ThrottledMongoContainer.sameServer(small, oneMore));
    DiskProfile hdd = DiskProfiles.builtIn().get("hdd-150");
    DiskProfile setToTheDefault =
        hdd.toBuilder().wiredTigerCacheBytes(hdd.effectiveCacheBytes()).build();
    assertTrue(startsTheSame(hdd, setToTheDefault));
    assertFalse(ThrottledMongoContainer.sameServer(hdd, setToTheDefault));
  }

  /** The rule by scopes gives what the rule by command line and memory gave, pair by pair. */
  @Test
  void everyPairOfShippedProfilesNeedsANewServerAsBefore() throws Exception {
    List<DiskProfile> all = profiles();
    assertEquals(7, all.size(), "the four built-ins and the three scaled profiles");
    for (DiskProfile a : all) {
      for (DiskProfile b : all) {
        assertEquals(
            startsTheSame(a, b),
            ThrottledMongoContainer.sameServer(a, b),
            a.name() + " -> " + b.name());
      }
    }
    assertTrue(
        ThrottledMongoContainer.sameServer(
            DiskProfiles.builtIn().get("io1-5000"), DiskProfiles.builtIn().get("hdd-150")),
        "the study's profiles differ in the disk alone");
  }
}
